/**
 * The leaderboard (docs/design.md section 3): players in LEADERBOARD_ORDER (game/rules/rank.ts), the order the server
 * lists them in. The signed-in player's row is highlighted, shown below the top list when they are not in it,
 * and pinned to the screen with a jump to it while it is out of sight. It opens on the season's board (section
 * 8.4); the all-time board, the guilds (section 7.2) and the reader's weekly league (section 9.5) are the other tabs.
 */
import { Suspense, useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { LEADERBOARD_ORDER_TEXT } from '../../../game/rules/rank';
import type { Leaderboard, LeaderboardRow } from '../../../game/wire';
import { PlayerName } from '../../components/player-card';
import { NameCell, RankBadge, RankedTable } from '../../components/ranked-table';
import { RankAnnouncer } from '../../components/rank-announcer';
import { ReadState } from '../../components/read-state';
import { Tabs } from '../../components/tabs';
import { Loading, ScreenHeading } from '../../components/ui';
import { lazyNamed } from '../../lib/lazy';
import { useRead } from '../../lib/query';
import { leaderboardApi } from './api';
import { GuildBoard } from './guild-board';
import { SEASON_INTRO, SeasonBoard } from './season-board';

// The season tab comes first and opens by default (docs/design.md section 8.4); all-time is the spec's board.
const TABS = [
  { id: 'season', label: 'This season', intro: SEASON_INTRO },
  { id: 'players', label: 'All time', intro: LEADERBOARD_ORDER_TEXT },
  { id: 'guilds', label: 'Guilds', intro: "Ranked by guild score: the sum of the members' trophy case scores." },
  { id: 'league', label: 'League', intro: 'Your weekly league: a new week starts every Monday at 00:00 UTC.' },
] as const;
type Tab = (typeof TABS)[number]['id'];

// The league tab's code loads when it is first opened.
const LeagueBoard = lazyNamed(() => import('./league-board'), 'LeagueBoard');

/** `?tab=alltime` (or the older `players`), `?tab=guilds` and `?tab=league` open their tabs, so each can be linked to. */
function tabOf(param: string | null): Tab {
  if (param === 'guilds' || param === 'league') return param;
  return param === 'alltime' || param === 'players' ? 'players' : 'season';
}

export function LeaderboardPage() {
  const [params, setParams] = useSearchParams();
  const tab = tabOf(params.get('tab'));
  const choose = (next: Tab) => setParams(next === 'season' ? {} : { tab: next === 'players' ? 'alltime' : next }, { replace: true });

  return (
    <section className="mx-auto max-w-3xl px-3 py-6 sm:px-6">
      <ScreenHeading title="Leaderboard" className="text-3xl font-black tracking-tight" />
      <Tabs label="Leaderboards" tabs={TABS} open={tab} onOpen={choose} className="mt-4">
        <p className="mt-3 text-sm text-slate-600 dark:text-slate-300">{TABS.find((entry) => entry.id === tab)!.intro}</p>
        {tab === 'season' ? (
          <SeasonBoard />
        ) : tab === 'players' ? (
          <PlayerBoard />
        ) : tab === 'guilds' ? (
          <GuildBoard />
        ) : (
          <Suspense fallback={<Loading />}>
            <LeagueBoard />
          </Suspense>
        )}
      </Tabs>
    </section>
  );
}

function PlayerBoard() {
  const board = useRead(leaderboardApi.allTime, 'could not read the leaderboard');
  return (
    <ReadState read={board} errorClassName="mt-6">
      {(data) => <PlayerTable board={data} />}
    </ReadState>
  );
}

function PlayerTable({ board }: { board: Leaderboard }) {
  const isMine = (row: LeaderboardRow) => row.username === board.me.username;
  const meInTop = board.top.some(isMine);
  // Players level on score and power share a rank; their badges say so with "=". The server says whether anyone
  // shares mine, since that player may be beyond the top rows.
  const ranks = new Map<number, number>();
  for (const row of [...board.top, ...(meInTop ? [] : [board.me])]) ranks.set(row.rank, (ranks.get(row.rank) ?? 0) + 1);
  return (
    <>
      <div className="panel mt-4 overflow-hidden">
        <RankedTable
          caption="Top players"
          rows={board.top}
          pinned={meInTop ? null : board.me}
          keyOf={(row) => row.username}
          isMine={isMine}
          mineId={MY_ROW_ID}
          testIds={{ row: 'leaderboard-row', mine: 'leaderboard-me' }}
          columns={[
            { header: 'Rank', className: 'w-14 text-center sm:w-20', cell: (row) => <RankBadge rank={row.rank} tied={(ranks.get(row.rank) ?? 0) > 1 || (isMine(row) && board.meTied)} /> },
            { header: 'Player', className: '', flush: true, cell: (row) => <NameCell name={<PlayerName username={row.username} wrap={isMine(row)} />} mine={isMine(row)} /> },
            { header: 'Level', className: 'w-14 text-right tabular-nums sm:w-20', cell: (row) => row.level },
            { header: 'Trophy score', className: 'w-20 text-right tabular-nums sm:w-32', cell: (row) => row.trophyCaseScore },
            { header: 'Power', className: 'w-16 text-right tabular-nums sm:w-24', cell: (row) => row.totalPower },
          ]}
        />
      </div>
      <PinnedMe me={board.me} />
      <RankAnnouncer rank={board.me.rank} board="of all time" />
    </>
  );
}

const MY_ROW_ID = 'leaderboard-my-row';

/**
 * The reader's own standing, pinned to the bottom of the screen while their row is out of sight (further down
 * the list, or below the top when they are not in it), with a jump to the row.
 */
function PinnedMe({ me }: { me: LeaderboardRow }) {
  const [rowInView, setRowInView] = useState(true);
  useEffect(() => {
    const row = document.getElementById(MY_ROW_ID);
    if (!row) return;
    // The phone's bottom navigation covers the last 4 rem of the screen.
    const observer = new IntersectionObserver(([entry]) => setRowInView(entry?.isIntersecting ?? true), { rootMargin: '0px 0px -64px 0px' });
    observer.observe(row);
    return () => observer.disconnect();
  }, []);
  if (rowInView) return null;
  const jump = () => {
    const row = document.getElementById(MY_ROW_ID);
    row?.scrollIntoView({ block: 'center', behavior: 'instant' });
    row?.focus({ preventScroll: true });
  };
  return (
    <div
      data-testid="pinned-me"
      className="sticky bottom-[4.5rem] mt-3 flex items-center justify-between gap-3 rounded-xl bg-amber-100 px-4 py-2 text-sm shadow-lg ring-1 ring-amber-300 sm:bottom-3 dark:bg-amber-950 dark:ring-amber-500/40"
    >
      <p className="min-w-0">
        You are <strong className="tabular-nums">#{me.rank}</strong>
        <span className="text-slate-700 dark:text-slate-300">
          {' '}
          · score {me.trophyCaseScore} · power {me.totalPower}
        </span>
      </p>
      <button type="button" className="btn-primary shrink-0" onClick={jump}>
        Jump to your row
      </button>
    </div>
  );
}
