/**
 * Registers the service worker (client/sw/sw.ts); main.tsx calls it once the first screen is shown. What the worker
 * tells a page (client/sw/messages.ts) is heard by the notices feature.
 *
 * The browser's own `register`, not vite-plugin-pwa's `registerSW`: that loaded workbox-window (2.8 KB gzip on every
 * first visit, issue #57) for update prompts the game does not show. So small, it is part of the first script
 * (a chunk of its own cost the landing page one more request and more bytes than it saved). A new worker takes over
 * once no tab runs the old one, as the browser does by default.
 */

/** Where vite-plugin-pwa serves the worker: built to /sw.js; the development server builds it as a module on demand. */
const WORKER: { url: string; type: WorkerType } = import.meta.env.DEV ? { url: '/dev-sw.js?dev-sw', type: 'module' } : { url: '/sw.js', type: 'classic' };

export function startServiceWorker(): void {
  // Without it the game still works, online only: a warning for the developer, nothing for the player.
  if ('serviceWorker' in navigator) navigator.serviceWorker.register(WORKER.url, { scope: '/', type: WORKER.type }).catch((error: unknown) => console.warn('service worker not registered', error));
}
