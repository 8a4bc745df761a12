/**
 * The service worker (public/sw.js) shows push notifications. It is registered once the page has loaded
 * (main.tsx imports this module then), so it costs the landing page's first render nothing.
 */
export function registerServiceWorker(): Promise<ServiceWorkerRegistration> | null {
  if (!('serviceWorker' in navigator)) return null;
  return navigator.serviceWorker.register('/sw.js', { scope: '/' });
}
