// The service worker (docs/PUSH.md): shows Web Push notifications and opens the page one is about when
// it is clicked. It caches nothing: the board is live data, and the app needs the network anyway.
// Served at /sw.js with Cache-Control: no-cache, so a new release replaces it at the next visit.

self.addEventListener('install', () => {
  self.skipWaiting();
});

self.addEventListener('activate', (event) => {
  event.waitUntil(self.clients.claim());
});

/** A path of this site, or "/" for anything else (a notification never opens another site). */
function sameSiteUrl(url) {
  try {
    const resolved = new URL(typeof url === 'string' ? url : '/', self.location.origin);
    return resolved.origin === self.location.origin ? resolved.href : new URL('/', self.location.origin).href;
  } catch {
    return new URL('/', self.location.origin).href;
  }
}

/** The payload the API sends (PushPayload in libs/contracts/src/push.ts), or null when it is not one. */
function readPayload(data) {
  if (!data) return null;
  try {
    const payload = data.json();
    return payload && typeof payload.title === 'string' ? payload : null;
  } catch {
    return null;
  }
}

self.addEventListener('push', (event) => {
  const payload = readPayload(event.data);
  // A push must show a notification (userVisibleOnly); one that cannot be read still says where to look.
  const title = payload ? payload.title : 'Food Link';
  const arabic = payload ? payload.lang === 'ar' : false;
  event.waitUntil(
    self.registration.showNotification(title, {
      body: payload ? String(payload.body ?? '') : '',
      tag: payload && typeof payload.tag === 'string' ? payload.tag : undefined,
      data: { url: sameSiteUrl(payload ? payload.url : '/') },
      icon: '/icons/icon-192.png',
      badge: '/icons/badge-96.png',
      lang: arabic ? 'ar' : 'en',
      dir: arabic ? 'rtl' : 'ltr',
    }),
  );
});

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const url = sameSiteUrl(event.notification.data && event.notification.data.url);
  event.waitUntil(
    (async () => {
      const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
      const open = windows.find((client) => client.url === url);
      if (open) return open.focus();
      return self.clients.openWindow(url);
    })(),
  );
});
