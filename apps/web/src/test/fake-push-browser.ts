import { afterEach, vi } from 'vitest';

/*
 * The browser's side of Web Push, faked at its edge (Notification, the service worker and its
 * PushManager), for the push switch and signing out; the calls to the API go through the app's own
 * client to the fetch stub (mock-api.ts).
 */

export const ENDPOINT = 'https://push.example.com/send/abc';
export const KEYS = { p256dh: `B${'a'.repeat(86)}`, auth: 'tBHItJI5svbpez7KI4CCXg' };

export class FakeSubscription {
  readonly endpoint = ENDPOINT;
  unsubscribed = false;
  /** Called as the browser unsubscribes (to see what had happened by then). */
  onUnsubscribe: () => void = () => undefined;
  toJSON() {
    return { endpoint: this.endpoint, expirationTime: null, keys: KEYS };
  }
  async unsubscribe() {
    this.onUnsubscribe();
    this.unsubscribed = true;
    return true;
  }
}

/**
 * A browser whose user answers the permission prompt with `answer`, subscribed already or not. Like a
 * real one, it has a service worker registration only once the app has registered it, or when it was
 * subscribed on an earlier visit.
 */
export function fakeBrowser({ permission = 'default', answer = 'granted', subscribed = false }: { permission?: NotificationPermission; answer?: NotificationPermission; subscribed?: boolean } = {}) {
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
      getRegistration: async () => (browser.registered.length > 0 || subscribed ? { pushManager } : undefined),
      ready: Promise.resolve({ pushManager }),
    },
  });
  return { browser, notification };
}

afterEach(() => {
  Reflect.deleteProperty(navigator, 'serviceWorker');
});
