/**
 * Registers the service worker (client/sw/sw.ts). Loaded by main.tsx once the page has loaded, so none of it is
 * in the first script. What the worker tells a page (client/sw/messages.ts) is heard by the notices feature.
 */
import { registerSW } from 'virtual:pwa-register';

export function startServiceWorker(): void {
  // Without it the game still works, online only: a warning for the developer, nothing for the player.
  if ('serviceWorker' in navigator) void registerSW({ immediate: true, onRegisterError: (error: unknown) => console.warn('service worker not registered', error) });
}
