/*
 * Web Push (docs/PUSH.md): the paths, values and rules without their zod shapes (those are in `push.ts`), so
 * the web app's screens use them without loading zod (issue 30; docs/PERFORMANCE.md).
 */

export const PUSH_ROUTES = {
  /** GET: the VAPID public key (`PushPublicKey`); no session needed. */
  publicKey: '/api/push/public-key',
  /** POST `PushSubscriptionBody`: this device for the signed-in user; DELETE `{ endpoint }`: no more. */
  subscriptions: '/api/push/subscriptions',
} as const;

/** The longest endpoint accepted; push services' URLs are a few hundred characters. */
export const PUSH_ENDPOINT_MAX_LENGTH = 2048;
