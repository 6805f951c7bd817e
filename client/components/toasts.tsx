/**
 * Unobtrusive success messages that go away by themselves. Refusals are never toasts; they stay in a popup until
 * closed (docs/spec.md section 8). The region is always in the page, so screen readers announce each toast.
 *
 * Issue 17: toasts sit at the top of the screen (below the phone top bar and its stats, issue 24; below the desktop
 * navigation), away from the lists and the phone's action bar they announce, and there is only ever one: what arrives while it shows
 * joins it as a line. Notices of one kind arriving together are said in one line by their sender
 * (`manyNotice`, "3 rare finds: A, B, C").
 */
import { useSyncExternalStore } from 'react';
import { subscribeToToasts, toastLines } from '../lib/toasts';

/** A toast holds this many lines at most; older ones give way. */
const MAX_LINES = 3;

/** Rendered once by the app shell: the lines of ../lib/toasts.ts, where screens call `toast`. */
export function Toaster() {
  const shown = useSyncExternalStore(subscribeToToasts, toastLines);
  return (
    // Phones: in the page right after the top bar, sticky, so a toast shows below the stats it would cover and,
    // once the bar has scrolled away, at the top of the screen. Desktops: fixed below the navigation. The
    // sticky box takes no height; the region inside it is as tall as the toast it shows.
    <div className="pointer-events-none sticky top-0 z-50 h-0 sm:fixed sm:inset-x-0 sm:top-18 sm:h-auto">
      <div role="status" className="flex justify-center px-4">
        {shown.length > 0 && (
          <p
            data-testid="toast"
            className="toast mt-2 flex max-w-sm gap-2 rounded-xl bg-slate-900 px-4 py-2.5 text-sm font-semibold text-white shadow-lg ring-1 ring-emerald-400/60 sm:mt-0 dark:bg-slate-800"
          >
            <span aria-hidden="true" className="text-emerald-400">
              ✓
            </span>
            <span>
              {shown.slice(-MAX_LINES).map((text, index) => (
                <span key={index} className="block">
                  {text}
                </span>
              ))}
            </span>
          </p>
        )}
      </div>
    </div>
  );
}
