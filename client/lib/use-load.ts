import { useEffect, useState, type DependencyList } from 'react';
import { refusalOf, type FailureCode } from './api';

export interface Loaded<T> {
  /** The answer for the current deps; null until it arrives (and after a failure). */
  data: T | null;
  /** The message to show when the read failed: the server's own, else the network text. */
  error: string | null;
  /** What the failure was, to branch on (a guild that does not exist); null with no failure. */
  errorCode: FailureCode | null;
  /** True until the read for the current deps (or the last reload) has settled. */
  loading: boolean;
  /** Reads again, keeping what is shown until the new answer arrives. */
  reload: () => void;
}

interface Settled<T> {
  deps: DependencyList;
  attempt: number;
  data: T | null;
  error: string | null;
  errorCode: FailureCode | null;
}

const sameDeps = (a: DependencyList, b: DependencyList) => a.length === b.length && a.every((value, index) => Object.is(value, b[index]));

/**
 * Reads data when a screen mounts and again when `deps` change, like an effect that fetches. An answer that
 * arrives after the screen unmounted or the deps changed is dropped, so a slow old read never overwrites a
 * newer one. Failures are logged with `warning` and shown through `error`.
 */
export function useLoad<T>(load: () => Promise<T>, deps: DependencyList, warning: string): Loaded<T> {
  const [attempt, setAttempt] = useState(0);
  const [settled, setSettled] = useState<Settled<T> | null>(null);

  useEffect(() => {
    let live = true;
    load().then(
      (data) => live && setSettled({ deps, attempt, data, error: null, errorCode: null }),
      (e: unknown) => {
        console.warn(warning, e);
        const { message, code } = refusalOf(e);
        if (live) setSettled({ deps, attempt, data: null, error: message, errorCode: code });
      },
    );
    return () => {
      live = false;
    };
    // The caller's deps decide when to read again, as with useEffect; `load` is the one of that render.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [...deps, attempt]);

  const current = settled && sameDeps(settled.deps, deps) ? settled : null;
  return {
    data: current?.data ?? null,
    error: current?.error ?? null,
    errorCode: current?.errorCode ?? null,
    loading: current?.attempt !== attempt,
    reload: () => setAttempt((n) => n + 1),
  };
}
