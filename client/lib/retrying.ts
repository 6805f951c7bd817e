/**
 * Which intents are being sent again because their answer was lost (./api.ts): what the shell's "Retrying…" line
 * shows (client/components/toasts.tsx). A tiny store with no dependency, not even React, so the shell shows it without
 * loading the API contract, and sharing it splits no chunk out of the landing page's script.
 */

let retrying = 0;
const listeners = new Set<() => void>();

function set(next: number) {
  retrying = next;
  for (const listener of listeners) listener();
}

/** An intent's answer was lost and it is sent again; call the answer when it has one (or has given up). */
export function retryStarted(): () => void {
  set(retrying + 1);
  let ended = false;
  return () => {
    if (ended) return;
    ended = true;
    set(retrying - 1);
  };
}

/** For useSyncExternalStore: tells `listener` whenever the count changes. */
export function onRetrying(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Whether any intent is being sent again. */
export const isRetrying = () => retrying > 0;
