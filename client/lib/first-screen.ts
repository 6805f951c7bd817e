/**
 * Whether the first screen has been shown: what no first screen needs (the service worker's registration, the
 * chat ticker and the notice badges of the bars) waits for it, so that a phone's first paint is not shared with
 * them (issue #57). A shown `Loading` (client/components/ui.tsx) holds the first screen back; it is shown once no
 * `Loading` is left for a frame, whatever the screen is, or, at the latest, a while after the page has loaded.
 */
import { useSyncExternalStore } from 'react';

/** A screen still loading this long after the page did is slow, not waiting for what is held back. */
const AT_THE_LATEST_MS = 10_000;

let holds = 0;
let shown = false;
const listeners = new Set<() => void>();

function show() {
  if (shown) return;
  shown = true;
  for (const listener of listeners) listener();
  listeners.clear();
}

/**
 * Once nothing has held the screen for a whole frame (one Loading gives way to the next within a commit) and the
 * frame that shows the screen has been drawn: the second animation frame comes after it.
 */
function showIfFree() {
  requestAnimationFrame(() =>
    requestAnimationFrame(() =>
      setTimeout(() => {
        if (holds === 0) show();
      }, 0),
    ),
  );
}

/** Holds the first screen back while a `Loading` is shown; call the answer when it goes. */
export function holdFirstScreen(): () => void {
  if (shown) return () => undefined;
  holds += 1;
  return () => {
    holds -= 1;
    if (holds === 0) showIfFree();
  };
}

/** Runs `then` once the first screen has been shown (at once if it has). */
export function afterFirstScreen(then: () => void): void {
  if (shown) then();
  else listeners.add(then);
}

if (typeof document !== 'undefined') {
  const showLater = () => setTimeout(show, AT_THE_LATEST_MS);
  if (document.readyState === 'complete') showLater();
  else window.addEventListener('load', showLater, { once: true });
}

const subscribe = (listener: () => void) => {
  afterFirstScreen(listener);
  return () => void listeners.delete(listener);
};

/** For a component: whether the first screen has been shown. */
export function useFirstScreenShown(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => shown,
    () => false,
  );
}
