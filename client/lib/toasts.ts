/**
 * The toasts' store (docs/spec.md section 8): what the one toast shows, for the Toaster (client/components/toasts.tsx)
 * to render. It lives in lib, below the components, so the data layer (./player.ts cheers a level-up) can toast
 * without importing a component.
 */
const SHOWN_MS = 4000;

let lines: readonly string[] = [];
let hideTimer = 0;
const listeners = new Set<() => void>();

function set(next: readonly string[]) {
  lines = next;
  for (const listener of listeners) listener();
}

/** Shows `text`; a toast already showing takes it as one more line. Callers say several finds in one text. */
export function toast(text: string) {
  set([...lines, text]);
  // Each arrival keeps the toast up for the full time, so a late line is read too.
  window.clearTimeout(hideTimer);
  hideTimer = window.setTimeout(() => set([]), SHOWN_MS);
}

/** The lines showing now, oldest first. */
export const toastLines = () => lines;

export const subscribeToToasts = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};
