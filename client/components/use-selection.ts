import { useCallback, useState } from 'react';

export interface Selection {
  keys: ReadonlySet<string>;
  toggle: (key: string) => void;
  clear: () => void;
  /** Replaces the selection, e.g. with what "Take best" picked. */
  select: (keys: Iterable<string>) => void;
}

/** A set of selected row keys: a tap adds a row, a second tap removes it (spec: tap to select and deselect). */
export function useSelection(): Selection {
  const [keys, setKeys] = useState<ReadonlySet<string>>(() => new Set());
  const toggle = useCallback(
    (key: string) =>
      setKeys((current) => {
        const next = new Set(current);
        if (!next.delete(key)) next.add(key);
        return next;
      }),
    [],
  );
  const clear = useCallback(() => setKeys((current) => (current.size === 0 ? current : new Set())), []);
  const select = useCallback((chosen: Iterable<string>) => setKeys(new Set(chosen)), []);
  return { keys, toggle, clear, select };
}
