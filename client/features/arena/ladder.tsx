/** The rating ladder: the best-rated players, the caller's own row highlighted when they are on it. */
import type { Opponent } from '../../../game/wire';

export function Ladder({ ladder, me }: { ladder: readonly Opponent[]; me: string }) {
  return (
    <section aria-labelledby="ladder-title" className="panel overflow-hidden">
      <h2 id="ladder-title" className="panel-title px-4 pt-4 pb-2">
        Rating ladder
      </h2>
      {/* Fixed layout: long names truncate instead of widening the table past a phone's screen. */}
      <table className="w-full table-fixed text-left text-sm">
        <caption className="sr-only">Best-rated players</caption>
        <thead className="bg-slate-100 text-xs uppercase tracking-wider text-slate-600 dark:bg-slate-800 dark:text-slate-300">
          <tr>
            <th scope="col" className="w-12 px-2 py-2 text-center">
              #
            </th>
            <th scope="col" className="px-2 py-2">
              Player
            </th>
            <th scope="col" className="w-16 px-2 py-2 text-right">
              Level
            </th>
            <th scope="col" className="w-20 px-2 py-2 text-right">
              Rating
            </th>
          </tr>
        </thead>
        <tbody>
          {ladder.map((row, index) => {
            const mine = row.username === me;
            return (
              <tr
                key={row.username}
                aria-current={mine ? 'true' : undefined}
                data-testid={mine ? 'ladder-me' : 'ladder-row'}
                className={`border-t border-slate-200 dark:border-slate-800 ${mine ? 'bg-amber-100 font-semibold dark:bg-amber-500/15' : ''}`}
              >
                <td className="px-2 py-2 text-center tabular-nums">{index + 1}</td>
                <td className="px-2 py-2">
                  <span className="flex min-w-0 items-center gap-2">
                    <span className="truncate">{row.username}</span>
                    {row.guildTag && <span className="chip">[{row.guildTag}]</span>}
                    {mine && <span className="shrink-0 rounded bg-amber-500 px-1.5 py-0.5 text-xs font-bold text-slate-950">You</span>}
                  </span>
                </td>
                <td className="px-2 py-2 text-right tabular-nums">{row.level}</td>
                <td className="px-2 py-2 text-right tabular-nums">{row.rating}</td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </section>
  );
}
