/**
 * The service worker (docs/DESIGN.md, "The installed app"): the app shell and every hashed
 * bundle are precached at install, so the installed app opens from the cache; a page request
 * gets the cached shell (the page itself shows its offline screen when the server does not
 * answer); a push shows a notification, and clicking it opens or focuses the app at the message
 * or request it names. A new version installs in the background, takes over at once and tells
 * the open pages, which reload when nothing is being typed (see register-sw.ts).
 */
import { cleanupOutdatedCaches, createHandlerBoundToURL, precacheAndRoute, type PrecacheEntry } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import type { PushPayload } from '@ichat/shared';

declare const self: ServiceWorkerGlobalScope & { __WB_MANIFEST: (PrecacheEntry | string)[] };

// The server's own paths are never answered with the app shell.
const SERVER_PATHS = /^\/(api|assets|socket\.io|docs|static|healthz|readyz|metrics|downloads)(\/|$)/;

precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();
registerRoute(new NavigationRoute(createHandlerBoundToURL('/index.html'), { denylist: [SERVER_PATHS] }));

self.addEventListener('install', () => {
  void self.skipWaiting();
});
self.addEventListener('activate', (event) => {
  event.waitUntil(self.clients.claim());
});

// The server's pushPayloadSchema, checked by hand: the worker stays free of zod and the contract's bundle.
const readPayload = (data: PushMessageData | null): PushPayload | null => {
  try {
    const value: unknown = data?.json();
    if (typeof value !== 'object' || value === null) return null;
    const { title, body, url, tag } = value as Record<string, unknown>;
    if ([title, body, url, tag].some((field) => typeof field !== 'string')) return null;
    return value as PushPayload;
  } catch {
    return null;
  }
};

self.addEventListener('push', (event) => {
  const payload = readPayload(event.data);
  if (!payload) return;
  const { title, body, url, tag } = payload;
  event.waitUntil(
    self.registration.showNotification(title, {
      body,
      tag,
      data: { url },
      icon: '/icons/icon-192.png',
      badge: '/icons/icon-192.png',
    }),
  );
});

/** Only the app's own pages are opened from a notification. */
const pageUrl = (data: unknown): string => {
  const url = typeof data === 'object' && data !== null && 'url' in data && typeof data.url === 'string' ? data.url : '/';
  const target = new URL(url, self.location.origin);
  return target.origin === self.location.origin ? target.href : self.location.origin;
};

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const url = pageUrl(event.notification.data);
  event.waitUntil(
    (async () => {
      const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
      const open = windows.find((client) => new URL(client.url).origin === self.location.origin);
      if (open) {
        await open.focus();
        await open.navigate(url);
        return;
      }
      await self.clients.openWindow(url);
    })(),
  );
});
