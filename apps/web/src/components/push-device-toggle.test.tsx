import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ENDPOINT, fakeBrowser, KEYS, type FakeSubscription } from '../test/fake-push-browser';
import { failure, mockApi, renderPage, signInAs } from '../test/test-utils';
import { PushDeviceToggle } from './push-device-toggle';

const PUBLIC_KEY = 'BEl62iUYgUivxIkv69yViEuiBIa-Ib9-SkvMeAtA3LFgDzkrxZJjSgSnfckjBJuBkr3qBUYIHBQFLXYp5Nksh8U';

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
