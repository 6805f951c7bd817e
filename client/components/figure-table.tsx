/**
 * Tables of the rules' numbers (the odds and how-it-works pages): a caption, a row per figure with its label,
 * its value and an optional second value. The XP tables, shown on both pages, are read from game/rules/level.ts.
 */
import type { ReactNode } from 'react';
import { XP, xpForLevel } from '../../game/rules/level';

/** Column headings for screen readers: the rows' look says what the columns are. */
export function HiddenHead({ head }: { head: string[] }) {
  return (
    <thead className="sr-only">
      <tr>
        {head.map((label) => (
          <th key={label} scope="col">
            {label}
          </th>
        ))}
      </tr>
    </thead>
  );
}

export function FigureTable({ caption, head, children }: { caption: string; head: string[]; children: ReactNode }) {
  return (
    <table className="w-full text-sm">
      <caption className="text-left font-bold text-slate-900 dark:text-slate-100">{caption}</caption>
      <HiddenHead head={head} />
      <tbody>{children}</tbody>
    </table>
  );
}

export function FigureRow({ label, testId, extra, children }: { label: ReactNode; testId?: string; extra?: string; children: ReactNode }) {
  return (
    <tr className="border-t border-slate-200 dark:border-slate-800" data-testid={testId}>
      <th scope="row" className="py-1.5 pr-2 text-left font-medium">
        {label}
      </th>
      <td className="py-1.5 text-right font-semibold text-slate-900 tabular-nums dark:text-slate-100">{children}</td>
      {extra !== undefined && <td className="w-20 py-1.5 text-right text-slate-600 tabular-nums dark:text-slate-400">{extra}</td>}
    </tr>
  );
}

const XP_SOURCES: [what: string, xp: number][] = [
  ['A scavenge', XP.scavenge],
  ['A fight won', XP.fightWon],
  ['A fight lost', XP.fightLost],
  ['A trophy', XP.trophy],
  ['A craft', XP.craft],
];
/** The XP each of the first levels starts at. */
const LEVELS_SHOWN = [2, 3, 4, 5, 10, 20];

/** Where XP comes from and the XP each of the first levels starts at, side by side on wide screens. */
export function XpTables({ className }: { className?: string }) {
  return (
    <div className={className ? `grid items-start gap-4 sm:grid-cols-2 ${className}` : 'grid items-start gap-4 sm:grid-cols-2'}>
      <FigureTable caption="XP for" head={['Action', 'XP']}>
        {XP_SOURCES.map(([what, xp]) => (
          <FigureRow key={what} label={what}>
            {xp} XP
          </FigureRow>
        ))}
      </FigureTable>
      <FigureTable caption="Levels start at" head={['Level', 'XP']}>
        {LEVELS_SHOWN.map((level) => (
          <FigureRow key={level} label={`Level ${level}`} testId={`level-${level}`}>
            {xpForLevel(level)} XP
          </FigureRow>
        ))}
      </FigureTable>
    </div>
  );
}
