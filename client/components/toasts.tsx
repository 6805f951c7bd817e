/**
 * Unobtrusive success messages that go away by themselves. Refusals are never toasts; they stay in a popup until
 * closed (spec section 8). The region is always in the page, so screen readers announce each toast.
 *
 * Issue 17: toasts sit at the top of the screen (over the phone top bar, below the desktop navigation), away from
 * the lists and the phone's action bar they announce, and there is only ever one: what arrives while it shows
 * joins it, and notices of one kind collapse into a count ("3 rare finds: A, B, C").
 */
import { useSyncExternalStore } from 'react';

const SHOWN_MS = 4000;
/** A toast holds this many lines at most; older ones give way. */
const MAX_LINES = 3;

/** Notices of one kind: one shows its own text, several read "<count> <many>: <names>" ("2 rare finds: A, B"). */
export interface ToastGroup {
  many: string;
  name: string;
}

interface Line {
  text: string;
  group?: ToastGroup;
}

interface Shown {
  id: number;
  lines: readonly Line[];
}

let shown: Shown | null = null;
let hideTimer = 0;
const listeners = new Set<() => void>();

function set(next: Shown | null) {
  shown = next;
  for (const listener of listeners) listener();
}

export function toast(text: string, group?: ToastGroup) {
  set({ id: (shown?.id ?? 0) + 1, lines: [...(shown?.lines ?? []), { text, group }] });
  // Each arrival keeps the toast up for the full time, so a late line is read too.
  window.clearTimeout(hideTimer);
  hideTimer = window.setTimeout(() => set(null), SHOWN_MS);
}

/** Lines of one group become one: "Rare find: A!" alone, "2 rare finds: A, B" together. */
function collapse(lines: readonly Line[]): string[] {
  const texts: string[] = [];
  const groups = new Map<string, number>();
  for (const line of lines) {
    const at = line.group ? groups.get(line.group.many) : undefined;
    if (!line.group || at === undefined) {
      if (line.group) groups.set(line.group.many, texts.length);
      texts.push(line.text);
      continue;
    }
    const { many } = line.group;
    const names = lines.flatMap((other) => (other.group?.many === many ? [other.group.name] : []));
    texts[at] = `${names.length} ${many}: ${names.join(', ')}`;
  }
  return texts.slice(-MAX_LINES);
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

/** Rendered once by the app shell. */
export function Toaster() {
  const current = useSyncExternalStore(subscribe, () => shown);
  return (
    <div role="status" className="pointer-events-none fixed inset-x-0 top-2 z-50 flex justify-center px-4 sm:top-18">
      {current && (
        <p
          key={current.id}
          data-testid="toast"
          className="toast surface-dark max-w-sm rounded-xl bg-slate-900 px-4 py-2.5 text-sm font-semibold text-white shadow-lg ring-1 ring-emerald-400/60 dark:bg-slate-800"
        >
          {collapse(current.lines).map((text) => (
            <span key={text} className="flex gap-2">
              <span aria-hidden="true" className="text-emerald-400">
                ✓
              </span>
              {text}
            </span>
          ))}
        </p>
      )}
    </div>
  );
}
