import { useCallback, useRef, useState } from 'react';
import { refusalOf, type Refusal } from './api';

export interface Intent<Name extends string> {
  /** Whether the named intent (or, without a name, any intent) is under way: what disables its buttons. */
  busy: (name?: Name) => boolean;
  /**
   * Runs one intent: `action` sends it and shows its answer. While it runs, the same intent is not sent again
   * (a double click sends once). A refusal (any throw) shows the server's message as `refusal`, after
   * `onRefused` had a look at it. Resolves once done, whatever happened.
   */
  run: (name: Name, action: () => Promise<void>, onRefused?: (refusal: Refusal) => void) => Promise<void>;
  /** The message of the last refusal, for the popup (docs/spec.md section 8); null when there is none to show. */
  refusal: string | null;
  /** Closes the popup. */
  dismiss: () => void;
  /**
   * Shows a refusal without sending anything: the spec's popup for a button pressed while the screen already
   * knows the server would refuse (components/reasoned-button.tsx `whenBlocked`).
   */
  refuse: (message: string) => void;
}

/** The busy flags and the refusal popup of a screen that sends intents (docs/design.md section 3). */
export function useIntent<Name extends string>(): Intent<Name> {
  const [running, setRunning] = useState<ReadonlySet<Name>>(() => new Set());
  // The guard reads a ref, not state: a second click can arrive before React re-renders with the flag set.
  const guard = useRef(new Set<Name>());
  const [refusal, setRefusal] = useState<string | null>(null);

  const run = useCallback(async (name: Name, action: () => Promise<void>, onRefused?: (refusal: Refusal) => void) => {
    if (guard.current.has(name)) return;
    guard.current.add(name);
    setRunning(new Set(guard.current));
    try {
      await action();
    } catch (e) {
      const refusal = refusalOf(e);
      onRefused?.(refusal);
      setRefusal(refusal.message);
    } finally {
      guard.current.delete(name);
      setRunning(new Set(guard.current));
    }
  }, []);

  return {
    busy: (name) => (name === undefined ? running.size > 0 : running.has(name)),
    run,
    refusal,
    dismiss: useCallback(() => setRefusal(null), []),
    refuse: setRefusal,
  };
}
