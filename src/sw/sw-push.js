// Web Push in the service worker (imported by the generated worker: vite.config.ts pushHandlers).
// Plain script, no modules: importScripts runs classic scripts. The payload is the server's
// PushPayload (sync/push/push-target.ts): title, body, url (the screen a click opens), vibrate, silent.

self.addEventListener('push', (event) => {
  let data = {};
  try {
    data = event.data ? event.data.json() : {};
  } catch {
    data = { body: event.data?.text() ?? '' };
  }
  const shown = self.registration.showNotification(data.title || '분양톡', {
    body: data.body || '',
    icon: '/icons/icon-192.png',
    badge: '/icons/badge-96.png',
    vibrate: Array.isArray(data.vibrate) ? data.vibrate : [],
    silent: data.silent === true,
    // One notification per row: a second push about the same notification or post replaces it.
    tag: data.type && data.idx ? `push-${data.type}-${data.idx}` : undefined,
    data: { url: typeof data.url === 'string' ? data.url : '/' },
  });
  event.waitUntil(shown);
});

/** Only a path of this app: a payload never sends the member elsewhere. */
function appUrl(url) {
  const target = new URL(url || '/', self.location.origin);
  return target.origin === self.location.origin ? target.href : self.location.origin;
}

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const url = appUrl(event.notification.data?.url);
  const opened = (async () => {
    const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
    const open = windows.find((w) => new URL(w.url).origin === self.location.origin);
    if (!open) return self.clients.openWindow(url);
    // Focus needs the click's user activation; the page moves to the target either way.
    await open.focus().catch(() => undefined);
    return open.navigate(url);
  })();
  // waitUntil refuses an event not dispatched by the browser; the work above runs all the same.
  try {
    event.waitUntil(opened);
  } catch {
    void opened;
  }
});
