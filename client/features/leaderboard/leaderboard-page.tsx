/**
 * The leaderboard (DESIGN.md section 3): players ordered by trophy case score, then total power. The signed-in
 * player's row is highlighted, and shown below the top list when they are not in it. A second tab ranks the
 * guilds (section 7.2); `?tab=guilds` opens it, so it can be linked to.
 */
import { useRef, type KeyboardEvent } from 'react';
import { useSearchParams } from 'react-router';
import type { LeaderboardRow } from '../../../game/wire';
import { Loading } from '../../components/ui';
import { useLoad } from '../../lib/use-load';
import { leaderboardApi } from './api';
import { GuildBoard } from './guild-board';
import { RankBadge } from './rank-badge';

const TABS = [
  { id: 'players', label: 'Players', intro: 'Ranked by trophy case score, then by the power of equipped gear.' },
  { id: 'guilds', label: 'Guilds', intro: "Ranked by guild score: the sum of the members' trophy case scores." },
] as const;
type Tab = (typeof TABS)[number]['id'];

export function LeaderboardPage() {
  const [params, setParams] = useSearchParams();
  const tab: Tab = params.get('tab') === 'guilds' ? 'guilds' : 'players';
  const tabs = useRef<(HTMLButtonElement | null)[]>([]);
  const choose = (next: Tab) => setParams(next === 'players' ? {} : { tab: next }, { replace: true });

  // The ARIA tabs pattern: one tab stop, arrow keys (and Home/End) move between tabs and open them.
  const onKey = (event: KeyboardEvent) => {
    const index = TABS.findIndex((entry) => entry.id === tab);
    const next = { ArrowRight: index + 1, ArrowLeft: index - 1, Home: 0, End: TABS.length - 1 }[event.key];
    if (next === undefined) return;
    event.preventDefault();
    const target = (next + TABS.length) % TABS.length;
    choose(TABS[target]!.id);
    tabs.current[target]?.focus();
  };

  return (
    <section className="mx-auto max-w-3xl px-3 py-6 sm:px-6">
      <h1 className="text-3xl font-black tracking-tight">Leaderboard</h1>
      <div role="tablist" aria-label="Leaderboards" className="mt-4 inline-flex rounded-xl bg-slate-200 p-1 dark:bg-slate-800" onKeyDown={onKey}>
        {TABS.map(({ id, label }, index) => (
          <button
            key={id}
            ref={(node) => {
              tabs.current[index] = node;
            }}
            type="button"
            role="tab"
            id={`tab-${id}`}
            aria-selected={tab === id}
            aria-controls={`panel-${id}`}
            tabIndex={tab === id ? 0 : -1}
            onClick={() => choose(id)}
            className={`min-h-11 rounded-lg px-5 text-sm font-bold ${tab === id ? 'bg-white text-slate-900 shadow dark:bg-slate-950 dark:text-white' : 'text-slate-700 hover:text-slate-950 dark:text-slate-300 dark:hover:text-white'}`}
          >
            {label}
          </button>
        ))}
      </div>
      <div role="tabpanel" id={`panel-${tab}`} aria-labelledby={`tab-${tab}`}>
        <p className="mt-3 text-sm text-slate-600 dark:text-slate-300">{TABS.find((entry) => entry.id === tab)!.intro}</p>
        {tab === 'players' ? <PlayerBoard /> : <GuildBoard />}
      </div>
    </section>
  );
}

function PlayerBoard() {
  const { data: board, error } = useLoad(() => leaderboardApi.get(), [], 'could not read the leaderboard');

  const meInTop = board ? board.top.some((row) => row.username === board.me.username) : false;

  if (error) {
    return (
      <p role="alert" className="mt-6 text-red-600 dark:text-red-400">
        Error: {error}
      </p>
    );
  }
  if (!board) return <Loading />;
  return (
    <>
      {!meInTop && (
        <p className="mt-4 rounded-xl bg-amber-50 px-4 py-3 text-sm ring-1 ring-amber-200 dark:bg-amber-500/10 dark:ring-amber-500/30" data-testid="my-rank">
          You are ranked <strong>#{board.me.rank}</strong>. Fill your trophy case to climb!
        </p>
      )}
      <div className="panel mt-4 overflow-hidden">
        {/* Fixed layout: long names truncate instead of widening the table past a phone's screen. */}
        <table className="w-full table-fixed text-left text-sm">
          <caption className="sr-only">Top players</caption>
          <thead className="bg-slate-100 text-xs uppercase tracking-wider text-slate-600 dark:bg-slate-800 dark:text-slate-300">
            <tr>
              <th scope="col" className="w-14 px-1 py-3 text-center sm:w-20 sm:px-2">
                Rank
              </th>
              <th scope="col" className="px-2 py-3">
                Player
              </th>
              <th scope="col" className="w-14 px-1 py-3 text-right sm:w-20 sm:px-2">
                Level
              </th>
              <th scope="col" className="w-20 px-2 py-3 text-right sm:w-32">
                Trophy score
              </th>
              <th scope="col" className="w-16 px-2 py-3 text-right sm:w-24">
                Power
              </th>
            </tr>
          </thead>
          <tbody>
            {board.top.map((row) => (
              <Row key={row.username} row={row} me={row.username === board.me.username} />
            ))}
            {!meInTop && (
              <>
                <tr aria-hidden="true">
                  <td colSpan={5} className="py-1 text-center text-slate-600 dark:text-slate-400">
                    ⋯
                  </td>
                </tr>
                <Row row={board.me} me />
              </>
            )}
          </tbody>
        </table>
      </div>
    </>
  );
}

function Row({ row, me }: { row: LeaderboardRow; me: boolean }) {
  return (
    <tr
      aria-current={me ? 'true' : undefined}
      data-testid={me ? 'leaderboard-me' : 'leaderboard-row'}
      className={`border-t border-slate-200 dark:border-slate-800 ${me ? 'bg-amber-100 font-semibold dark:bg-amber-500/15' : ''}`}
    >
      <td className="px-1 py-3 text-center sm:px-2">
        <RankBadge rank={row.rank} />
      </td>
      <td className="px-2 py-3">
        <span className="flex min-w-0 items-center gap-2">
          <span className="truncate">{row.username}</span>
          {me && <span className="shrink-0 rounded bg-amber-500 px-1.5 py-0.5 text-xs font-bold text-slate-950">You</span>}
        </span>
      </td>
      <td className="px-1 py-3 text-right tabular-nums sm:px-2">{row.level}</td>
      <td className="px-2 py-3 text-right tabular-nums">{row.trophyCaseScore}</td>
      <td className="px-2 py-3 text-right tabular-nums">{row.totalPower}</td>
    </tr>
  );
}
