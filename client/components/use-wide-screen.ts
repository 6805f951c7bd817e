/**
 * Whether the screen is as wide as Tailwind's `sm` (40rem), where the desktop navigation replaces the phone bars.
 * For parts that must exist once, not twice with one of them hidden: the ticker and the chat badge carry test ids
 * and a live count, and two of each (one hidden by CSS) would be read twice by anything that counts them.
 */
import { useSyncExternalStore } from 'react';

const WIDE = '(min-width: 40rem)';

function subscribe(onChange: () => void) {
  const query = window.matchMedia(WIDE);
  query.addEventListener('change', onChange);
  return () => query.removeEventListener('change', onChange);
}

export const useWideScreen = () => useSyncExternalStore(subscribe, () => window.matchMedia(WIDE).matches);
