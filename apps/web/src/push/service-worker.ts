/**
 * The service worker (public/sw.js) shows push notifications. It is registered from the signed-in user's
 * account section (web-push.ts, when the "Notifications on this device" switch reads its state), never by
 * the landing page: its visitors have nothing to be notified of, and its bundle is over its size budget.
 * Registering again is harmless: the browser keeps the one worker and checks /sw.js for a new version.
 */
export function registerServiceWorker(): Promise<ServiceWorkerRegistration> | null {
  if (!('serviceWorker' in navigator)) return null;
  return navigator.serviceWorker.register('/sw.js', { scope: '/' });
}
