import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, vi } from 'vitest';
import { failure, mockApi, renderPage, signInAs } from '../test/test-utils';
import { PushDeviceToggle } from './push-device-toggle';

/*
 * The browser's side is faked at its edge (Notification, the service worker and its PushManager); the
 * calls to the API go through the app's own client to the fetch stub.
 */

const PUBLIC_KEY = 'BEl62iUYgUivxIkv69yViEuiBIa-Ib9-SkvMeAtA3LFgDzkrxZJjSgSnfckjBJuBkr3qBUYIHBQFLXYp5Nksh8U';
const ENDPOINT = 'https://push.example.com/send/abc';
const KEYS = { p256dh: `B${'a'.repeat(86)}`, auth: 'tBHItJI5svbpez7KI4CCXg' };

class FakeSubscription {
  readonly endpoint = ENDPOINT;
  unsubscribed = false;
  toJSON() {
    return { endpoint: this.endpoint, expirationTime: null, keys: KEYS };
  }
  async unsubscribe() {
    this.unsubscribed = true;
    return true;
  }
}

/** A browser whose user answers the permission prompt with `answer`, subscribed already or not. */
function fakeBrowser({ permission = 'default', answer = 'granted', subscribed = false }: { permission?: NotificationPermission; answer?: NotificationPermission; subscribed?: boolean } = {}) {
  const browser = {
    subscription: subscribed ? new FakeSubscription() : null,
    subscribeOptions: [] as PushSubscriptionOptionsInit[],
    registered: [] as [string, RegistrationOptions | undefined][],
  };
  const notification = { permission, requestPermission: vi.fn(async () => ((notification.permission = answer), answer)) };
  const pushManager = {
    getSubscription: async () => browser.subscription,
    subscribe: async (options: PushSubscriptionOptionsInit) => {
      browser.subscribeOptions.push(options);
      browser.subscription = new FakeSubscription();
      return browser.subscription;
    },
  };
  vi.stubGlobal('Notification', notification);
  vi.stubGlobal('PushManager', class {});
  Object.defineProperty(navigator, 'serviceWorker', {
    configurable: true,
    value: {
      register: async (url: string, options?: RegistrationOptions) => {
        browser.registered.push([url, options]);
        return { pushManager };
      },
      ready: Promise.resolve({ pushManager }),
    },
  });
  return { browser, notification };
}

afterEach(() => {
  Reflect.deleteProperty(navigator, 'serviceWorker');
});

const toggle = () => screen.findByRole('switch', { name: 'Notifications on this device' });

describe('notifications on this device', () => {
  it('asks permission, subscribes with the server key and saves the subscription; off deletes it', async () => {
    signInAs('charity', 9);
    const { browser, notification } = fakeBrowser();
    const saved: unknown[] = [];
    const deleted: unknown[] = [];
    mockApi({
      'GET /api/push/public-key': { body: { publicKey: PUBLIC_KEY } },
      'POST /api/push/subscriptions': (init) => (saved.push(JSON.parse(String(init?.body))), { status: 201, body: { message: 'ok' } }),
      'DELETE /api/push/subscriptions': (init) => (deleted.push(JSON.parse(String(init?.body))), { body: { message: 'ok' } }),
    });
    const user = userEvent.setup();
    renderPage(<PushDeviceToggle />, '/CharityDashboard');

    const control = await toggle();
    await waitFor(() => expect(control).toBeEnabled());
    expect(control).toHaveAttribute('aria-checked', 'false');
    await user.click(control);
    await waitFor(() => expect(control).toHaveAttribute('aria-checked', 'true'));
    expect(notification.requestPermission).toHaveBeenCalledTimes(1);
    // Registering again is harmless (the browser keeps the one worker); every registration is this one.
    expect(browser.registered.length).toBeGreaterThan(0);
    for (const registration of browser.registered) expect(registration).toEqual(['/sw.js', { scope: '/' }]);
    expect(browser.subscribeOptions).toHaveLength(1);
    expect(browser.subscribeOptions[0].userVisibleOnly).toBe(true);
    const key = browser.subscribeOptions[0].applicationServerKey as Uint8Array;
    expect(key).toHaveLength(65);
    expect(key[0]).toBe(0x04);
    expect(saved).toEqual([{ endpoint: ENDPOINT, expirationTime: null, keys: KEYS }]);

    const subscription = browser.subscription as FakeSubscription;
    await user.click(control);
    await waitFor(() => expect(control).toHaveAttribute('aria-checked', 'false'));
    expect(deleted).toEqual([{ endpoint: ENDPOINT }]);
    expect(subscription.unsubscribed).toBe(true);
  });

  it('shows a browser already subscribed as on, saving it again for whoever is signed in now', async () => {
    signInAs('donor', 7);
    fakeBrowser({ permission: 'granted', subscribed: true });
    const fetchMock = mockApi({ 'POST /api/push/subscriptions': { status: 201, body: { message: 'ok' } } });
    renderPage(<PushDeviceToggle />, '/DonerDashboard');
    await waitFor(async () => expect(await toggle()).toHaveAttribute('aria-checked', 'true'));
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(fetchMock.mock.calls[0][1]?.headers).toMatchObject({ authorization: 'token-7' });
  });

  it('says so when the user refuses, and offers no switch where the browser cannot do push', async () => {
    signInAs('charity', 9);
    fakeBrowser({ answer: 'denied' });
    mockApi({});
    const user = userEvent.setup();
    const view = renderPage(<PushDeviceToggle />, '/CharityDashboard');
    const control = await toggle();
    await waitFor(() => expect(control).toBeEnabled());
    await user.click(control);
    expect(await screen.findByText(/Notifications are blocked for this site/)).toBeInTheDocument();
    expect(control).toBeDisabled();
    view.unmount();

    Reflect.deleteProperty(navigator, 'serviceWorker');
    renderPage(<PushDeviceToggle />, '/CharityDashboard');
    expect(await screen.findByText(/This browser cannot show notifications/)).toBeInTheDocument();
    expect(screen.queryByRole('switch')).not.toBeInTheDocument();
  });

  it('reports a failed save and stays off', async () => {
    signInAs('charity', 9);
    fakeBrowser();
    mockApi({ 'GET /api/push/public-key': { body: { publicKey: PUBLIC_KEY } }, 'POST /api/push/subscriptions': failure(400) });
    const user = userEvent.setup();
    renderPage(<PushDeviceToggle />, '/CharityDashboard');
    const control = await toggle();
    await waitFor(() => expect(control).toBeEnabled());
    await user.click(control);
    expect(await screen.findByRole('alert')).toHaveTextContent('Notifications could not be changed');
    expect(control).toHaveAttribute('aria-checked', 'false');
  });
});
