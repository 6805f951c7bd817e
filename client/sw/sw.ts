/// <reference lib="webworker" />
/**
 * The service worker (docs/design.md section 8.7, ADR 018), built by vite-plugin-pwa (injectManifest):
 * - the shell's hashed scripts, styles and icons are precached, so the game starts from the phone's storage;
 * - pages always come from the network, so a deploy is seen at once, and offline they get the offline page;
 * - pushes: shown as a notification that opens the notice's screen, or, while the game is on screen, handed
 *   to the page (which shows it in its notices) instead of a system notification on top of it.
 */
import { cleanupOutdatedCaches, precacheAndRoute } from 'workbox-precaching';
import type { PushNotice } from '../../game/rules/notices';
import { isGamePath, OFFLINE_FILES, OFFLINE_PAGE, type PageMessage } from './messages';

declare const self: ServiceWorkerGlobalScope;

const OFFLINE_CACHE = 'offline-v1';

precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();

/**
 * The offline page and its style, kept under their own names. Cloudflare's assets layer answers `/offline.html`
 * with a redirect to `/offline`, and a navigation answered with a redirected response fails (ERR_FAILED), so the
 * page is stored as the plain response it ends at.
 */
async function keepOfflineFiles() {
  const cache = await caches.open(OFFLINE_CACHE);
  for (const file of OFFLINE_FILES) {
    const response = await fetch(file, { cache: 'reload' });
    if (!response.ok) throw new Error(`${file} answered ${response.status}`);
    await cache.put(file, response.redirected ? new Response(await response.blob(), { status: 200, headers: response.headers }) : response);
  }
}

self.addEventListener('install', (event) => {
  event.waitUntil(keepOfflineFiles());
  void self.skipWaiting();
});

self.addEventListener('activate', (event) => {
  event.waitUntil(self.clients.claim());
});

self.addEventListener('fetch', (event) => {
  if (event.request.mode !== 'navigate') return;
  event.respondWith(
    fetch(event.request).catch(async () => (await caches.match(OFFLINE_PAGE, { cacheName: OFFLINE_CACHE })) ?? Response.error()),
  );
});

function isNotice(value: unknown): value is PushNotice {
  if (typeof value !== 'object' || value === null) return false;
  const { title, body, url } = value as Record<string, unknown>;
  // Only paths of the game: a push never opens another site.
  return typeof title === 'string' && typeof body === 'string' && typeof url === 'string' && isGamePath(url);
}

self.addEventListener('push', (event) => {
  let notice: unknown = null;
  try {
    notice = event.data?.json();
  } catch {
    notice = null;
  }
  if (!isNotice(notice)) return;
  event.waitUntil(
    (async () => {
      const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
      const onScreen = windows.filter((client) => client.visibilityState === 'visible');
      if (onScreen.length > 0) {
        const message: PageMessage = { type: 'notice', notice };
        for (const client of onScreen) client.postMessage(message);
        return;
      }
      await self.registration.showNotification(notice.title, { body: notice.body, tag: notice.kind, data: { url: notice.url }, icon: '/icon-192.png', badge: '/icon-192.png' });
    })(),
  );
});

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const data: unknown = event.notification.data;
  const url = typeof data === 'object' && data !== null && typeof (data as { url?: unknown }).url === 'string' ? (data as { url: string }).url : '/';
  const target = new URL(isGamePath(url) ? url : '/', self.location.origin).href;
  event.waitUntil(
    (async () => {
      const [open] = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
      if (open) {
        const message: PageMessage = { type: 'open', url };
        open.postMessage(message);
        await open.focus();
        return;
      }
      await self.clients.openWindow(target);
    })(),
  );
});
