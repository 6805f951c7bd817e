/**
 * Unobtrusive success messages: a short line at the bottom of the screen that goes away by itself. Refusals
 * are never toasts; they stay in a popup until closed (spec section 8). The region is always in the page, so
 * screen readers announce each toast as it arrives.
 */
import { useSyncExternalStore } from 'react';

const SHOWN_MS = 4000;
/** Older toasts give way: a burst of successes never covers the screen. */
const MAX_SHOWN = 3;

interface Toast {
  id: number;
  text: string;
}

let toasts: readonly Toast[] = [];
let nextId = 1;
const listeners = new Set<() => void>();

function set(next: readonly Toast[]) {
  toasts = next;
  for (const listener of listeners) listener();
}

export function toast(text: string) {
  const id = nextId++;
  set([...toasts, { id, text }].slice(-MAX_SHOWN));
  window.setTimeout(() => set(toasts.filter((shown) => shown.id !== id)), SHOWN_MS);
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

/** Rendered once by the app shell, above the phone's bottom navigation. */
export function Toaster() {
  const shown = useSyncExternalStore(subscribe, () => toasts);
  return (
    <div role="status" className="pointer-events-none fixed inset-x-0 bottom-16 z-40 flex flex-col items-center gap-2 px-4 pb-3 sm:bottom-4">
      {shown.map((item) => (
        <p
          key={item.id}
          className="toast surface-dark max-w-sm rounded-xl bg-slate-900 px-4 py-2.5 text-sm font-semibold text-white shadow-lg ring-1 ring-emerald-400/60 dark:bg-slate-800"
        >
          <span aria-hidden="true" className="mr-2 text-emerald-400">
            ✓
          </span>
          {item.text}
        </p>
      ))}
    </div>
  );
}
