/**
 * A ranked list as a table (the leaderboard's players and guilds, the arena's rating ladder): a rank column,
 * the name, numbers aligned right, the reader's own row highlighted, and, when it is not among the rows, their
 * own row pinned below a gap. Fixed layout, so long names truncate instead of widening a phone's screen.
 */
import type { ReactNode } from 'react';
import { usePressed, useRowsInPlace } from './rows-in-place';

/** A rank as a round badge: gold, silver and bronze for the first three; "=" when shared with the row above. */
export function RankBadge({ rank, tied = false }: { rank: number; tied?: boolean }) {
  const medals = ['bg-amber-400 text-slate-950', 'bg-slate-300 text-slate-950', 'bg-orange-400 text-slate-950'];
  return (
    <span
      title={tied ? `Tied for ${rank}` : undefined}
      className={`inline-flex h-8 min-w-8 items-center justify-center rounded-full px-2 text-sm font-black tabular-nums ${medals[rank - 1] ?? 'bg-slate-200 dark:bg-slate-700'}`}
    >
      {tied && '='}
      {rank}
    </span>
  );
}

export interface RankedColumn<Row> {
  header: ReactNode;
  /** Width and alignment classes of the column (the name column takes what is left). */
  className: string;
  cell: (row: Row) => ReactNode;
  /** For a cell whose content is its own touch target (a link or a button), which brings its own padding. */
  flush?: boolean;
}

interface RankedTableProps<Row> {
  caption: string;
  columns: readonly RankedColumn<Row>[];
  rows: readonly Row[];
  keyOf: (row: Row) => string;
  isMine: (row: Row) => boolean;
  /** The reader's own row when it is not among `rows`, shown after a gap. */
  pinned?: Row | null;
  /** data-testid of the rows, and of the reader's own. */
  testIds: { row: string; mine: string };
  /** id of the reader's own row, for a link or a jump to it. */
  mineId?: string;
  dense?: boolean;
}

export function RankedTable<Row>({ caption, columns, rows, keyOf, isMine, pinned, testIds, mineId, dense = false }: RankedTableProps<Row>) {
  const pad = dense ? 'py-2' : 'py-3';
  // A live board (docs/design.md section 9.11) holds its order while a row is pressed.
  const { pressed, handlers } = usePressed();
  const held = useRowsInPlace(rows, keyOf, pressed);
  const line = (row: Row) => {
    const mine = isMine(row);
    return (
      <tr
        key={keyOf(row)}
        id={mine ? mineId : undefined}
        tabIndex={mine && mineId ? -1 : undefined}
        aria-current={mine ? 'true' : undefined}
        data-testid={mine ? testIds.mine : testIds.row}
        className={`scroll-mt-20 scroll-mb-24 border-t focus:outline-2 focus:-outline-offset-2 focus:outline-amber-500 border-slate-200 dark:border-slate-800 ${mine ? 'bg-amber-100 font-semibold dark:bg-amber-500/15' : ''}`}
      >
        {columns.map((column, index) => (
          <td key={index} className={`px-2 ${column.flush ? 'py-0' : pad} ${column.className}`}>
            {column.cell(row)}
          </td>
        ))}
      </tr>
    );
  };
  return (
    <table className="w-full table-fixed text-left text-sm">
      <caption className="sr-only">{caption}</caption>
      <thead className="bg-slate-100 text-xs uppercase tracking-wider text-slate-600 dark:bg-slate-800 dark:text-slate-300">
        <tr>
          {columns.map((column, index) => (
            <th key={index} scope="col" className={`px-2 ${pad} ${column.className}`}>
              {column.header}
            </th>
          ))}
        </tr>
      </thead>
      <tbody {...handlers}>
        {held.map(({ row }) => line(row))}
        {pinned && (
          <>
            <tr aria-hidden="true">
              <td colSpan={columns.length} className="py-1 text-center text-slate-600 dark:text-slate-400">
                ⋯
              </td>
            </tr>
            {line(pinned)}
          </>
        )}
      </tbody>
    </table>
  );
}

/**
 * The name cell's content: the name (or a link to it), a tag, and "You" on the reader's own row. The reader's own
 * row wraps rather than cuts, so a phone shows their whole name (pass a name that wraps too, e.g. PlayerName's
 * `wrap`); the other rows stay one line each.
 */
export function NameCell({ name, tag, mine }: { name: ReactNode; tag?: string | null; mine: boolean }) {
  return (
    <span className={`flex min-w-0 items-center gap-x-2 ${mine ? 'flex-wrap py-1' : ''}`}>
      {name}
      {tag && <span className="chip">[{tag}]</span>}
      {mine && <span className="shrink-0 rounded bg-amber-500 px-1.5 py-0.5 text-xs font-bold text-slate-950">You</span>}
    </span>
  );
}
