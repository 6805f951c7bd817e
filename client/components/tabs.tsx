/**
 * A screen's tabs (the ARIA tabs pattern): one tab stop in the list; the arrow keys, Home and End move between the
 * tabs and open them. The screen keeps which tab is open (in its URL, so each can be linked to); this draws the
 * list and the open tab's panel.
 */
import { useId, useRef, type KeyboardEvent, type ReactNode } from 'react';

export interface Tab<Id extends string> {
  id: Id;
  label: string;
}

export function Tabs<Id extends string>({
  label,
  tabs,
  open,
  onOpen,
  className = '',
  children,
}: {
  /** The tab list's accessible name. */
  label: string;
  tabs: readonly Tab<Id>[];
  open: Id;
  onOpen: (id: Id) => void;
  /** Where the list sits (its margin); the look is the same on every screen. */
  className?: string;
  /** The open tab's panel. */
  children: ReactNode;
}) {
  const prefix = useId();
  const buttons = useRef<(HTMLButtonElement | null)[]>([]);
  const onKey = (event: KeyboardEvent) => {
    const index = tabs.findIndex((tab) => tab.id === open);
    const next = { ArrowRight: index + 1, ArrowLeft: index - 1, Home: 0, End: tabs.length - 1 }[event.key];
    if (next === undefined) return;
    event.preventDefault();
    const target = (next + tabs.length) % tabs.length;
    onOpen(tabs[target]!.id);
    buttons.current[target]?.focus();
  };
  return (
    <>
      <div role="tablist" aria-label={label} className={`inline-flex rounded-xl bg-slate-200 p-1 dark:bg-slate-800 ${className}`} onKeyDown={onKey}>
        {tabs.map(({ id, label: name }, index) => (
          <button
            key={id}
            ref={(node) => {
              buttons.current[index] = node;
            }}
            type="button"
            role="tab"
            id={`${prefix}tab-${id}`}
            aria-selected={open === id}
            aria-controls={`${prefix}panel-${id}`}
            tabIndex={open === id ? 0 : -1}
            onClick={() => onOpen(id)}
            className={`min-h-11 rounded-lg px-3 text-sm font-bold sm:px-5 ${open === id ? 'bg-white text-slate-900 shadow dark:bg-slate-950 dark:text-white' : 'text-slate-700 hover:text-slate-950 dark:text-slate-300 dark:hover:text-white'}`}
          >
            {name}
          </button>
        ))}
      </div>
      <div role="tabpanel" id={`${prefix}panel-${open}`} aria-labelledby={`${prefix}tab-${open}`}>
        {children}
      </div>
    </>
  );
}
