/**
 * "Retrying…" while an intent whose answer was lost is sent again (client/lib/api.ts, issue #55), so a tap on a bad
 * network is not a dead button: a status line above the phone's bottom navigation (at the bottom of a desktop),
 * on every screen of a player. The live region is always in the page, so screen readers announce the line when it
 * comes (a polite live region, not a second `status` beside the toasts').
 * Loaded with the player's bars (../app/player-bars.tsx), never on the landing page.
 */
import { useSyncExternalStore } from 'react';
import { isRetrying, onRetrying } from '../lib/retrying';

/** What the line says. */
export const RETRYING = 'Connection lost. Retrying…';

export function RetryingNotice() {
  const retrying = useSyncExternalStore(onRetrying, isRetrying);
  return (
    <div aria-live="polite" aria-atomic="true" className="pointer-events-none fixed inset-x-0 bottom-20 z-50 flex justify-center px-4 sm:bottom-6">
      {retrying && (
        <p
          data-testid="retrying"
          className="max-w-sm rounded-xl bg-amber-100 px-4 py-2.5 text-sm font-semibold text-amber-950 shadow-lg ring-1 ring-amber-600/60 dark:bg-amber-950 dark:text-amber-100"
        >
          {RETRYING}
        </p>
      )}
    </div>
  );
}
