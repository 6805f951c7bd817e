/** A rank as a round badge: gold, silver and bronze for the first three. */
const MEDALS = ['bg-amber-400 text-slate-950', 'bg-slate-300 text-slate-950', 'bg-orange-400 text-slate-950'];

export function RankBadge({ rank }: { rank: number }) {
  return (
    <span className={`inline-flex h-8 min-w-8 items-center justify-center rounded-full px-2 text-sm font-black tabular-nums ${MEDALS[rank - 1] ?? 'bg-slate-200 dark:bg-slate-700'}`}>
      {rank}
    </span>
  );
}
