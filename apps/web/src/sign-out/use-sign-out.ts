import { useQueryClient } from '@tanstack/react-query';
import { api } from '../api/client';
import { queryKeys } from '../api/query-keys';
import { clearSession, readSession } from '../session/session';

/**
 * How long signing out waits for the server to forget this browser's push subscription; the browser
 * unsubscribes at its push service after that whatever the server answered, and the session is cleared.
 */
export const SIGN_OUT_PUSH_WAIT_MS = 3000;

/**
 * This browser's push subscription, if it has one; read without registering the service worker (the
 * landing page never registers it) and without the push switch's code (web-push.ts).
 */
async function existingSubscription(): Promise<PushSubscription | null> {
  if (!('serviceWorker' in navigator) || !('PushManager' in window)) return null;
  const registration = await navigator.serviceWorker.getRegistration('/');
  return (await registration?.pushManager.getSubscription()) ?? null;
}

/**
 * The server is asked to forget this browser with the session that is still stored; the browser then
 * unsubscribes at its push service once the server has answered, or after SIGN_OUT_PUSH_WAIT_MS without
 * an answer, whatever it answered: from then on its endpoint is dead, and the server deletes any copy it
 * kept at its next push there (the push service answers 404 or 410). A slow call goes on with the token
 * it was sent with, after the session is cleared.
 */
async function forgetSubscription(subscription: PushSubscription): Promise<void> {
  // pushEndpoints.unsubscribe's call, made here: push-endpoints.ts would bring the contracts' push shapes
  // (and zod) into the landing page, so only the routes are loaded, and only by a subscribed browser.
  const forgotten = import('../api/push-routes')
    .then(({ PUSH_ROUTES }) => api(PUSH_ROUTES.subscriptions, { method: 'DELETE', body: { endpoint: subscription.endpoint }, auth: true }))
    .catch(() => undefined);
  let timer: ReturnType<typeof setTimeout> | undefined;
  await Promise.race([forgotten, new Promise((resolve) => (timer = setTimeout(resolve, SIGN_OUT_PUSH_WAIT_MS)))]);
  clearTimeout(timer);
  await subscription.unsubscribe();
}

/**
 * Signing out (docs/PUSH.md, "Signing out"): a browser subscribed to Web Push is forgotten first, while
 * the session is still stored (the server's copy is deleted with it, then the browser unsubscribes), so
 * the next person on a shared device gets none of this user's notifications; then the session is
 * cleared (session.ts). Without a subscription the session is cleared at once. Never fails: whatever
 * the push service or the server answer, the user is signed out.
 */
export function useSignOut(): () => Promise<void> {
  const client = useQueryClient();
  return async () => {
    const userId = readSession()?.userId;
    try {
      const subscription = await existingSubscription();
      if (subscription) await forgetSubscription(subscription);
    } catch {
      // The browser's push state could not be read or changed: there is nothing more to do from here.
    }
    clearSession();
    // The switch's cached "on" would be wrong for whoever signs in next in this tab.
    if (userId) client.removeQueries({ queryKey: queryKeys.pushDevice(userId) });
  };
}
