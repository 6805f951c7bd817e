/**
 * The season tab of the leaderboard (docs/design.md section 8.4), the one it opens on: this UTC month's points,
 * the time left, what the 1st pays, and the reader's own standing.
 */
import { SEASON_PRIZES, SEASON_TROPHIES_FOR_PRIZE, seasonName } from '../../../game/rules/season';
import type { SeasonBoard as Board, SeasonRow } from '../../../game/wire';
import { PlayerName } from '../../components/player-card';
import { NameCell, RankBadge, RankedTable } from '../../components/ranked-table';
import { RankAnnouncer } from '../../components/rank-announcer';
import { ReadState } from '../../components/read-state';
import { timeLeft } from '../../components/time-left';
import { useNow } from '../../components/use-now';
import { useRead } from '../../lib/query';
import { leaderboardApi } from './api';
import { DAY_MS } from '../../../game/time';

export const SEASON_INTRO = 'Ranked by season points: the trophy points of trophies researched and added this month.';
export const SEASON_PRIZES_TEXT = `On the 1st the season ends: the top 1 % get ${SEASON_PRIZES.top1} cash, the top 10 % ${SEASON_PRIZES.top10} cash, and both get the month's medal; everyone with ${SEASON_TROPHIES_FOR_PRIZE} or more season trophies gets ${SEASON_PRIZES.trophies} cash more. Only trophies you researched yourself score.`;

export function SeasonBoard() {
  const board = useRead(leaderboardApi.season, 'could not read the season board');
  return (
    <ReadState read={board} errorClassName="mt-6">
      {(data) => <SeasonTable board={data} />}
    </ReadState>
  );
}

function SeasonTable({ board }: { board: Board }) {
  return (
    <>
      <SeasonClock board={board} />
      <p className="mt-2 text-sm text-slate-600 dark:text-slate-300">{SEASON_PRIZES_TEXT}</p>
      <MyStanding board={board} />
      <RankAnnouncer rank={board.me.rank} board="this season" />
      {board.top.length === 0 ? (
        <p data-testid="season-empty" className="mt-4 text-slate-600 dark:text-slate-300">
          Nobody has scored this season yet. Research a find and add it to your trophy case to lead the board.
        </p>
      ) : (
        <div className="panel mt-4 overflow-hidden">
          <RankedTable
            caption="Top players this season"
            rows={board.top}
            pinned={null}
            keyOf={(row) => row.username}
            isMine={(row) => row.username === board.me.username}
            testIds={{ row: 'season-row', mine: 'season-me' }}
            columns={[
              { header: 'Rank', className: 'w-14 text-center sm:w-20', cell: (row) => <RankBadge rank={row.rank} tied={tiedIn(board.top, row)} /> },
              { header: 'Player', className: '', flush: true, cell: (row) => <NameCell name={<PlayerName username={row.username} wrap={row.username === board.me.username} />} mine={row.username === board.me.username} /> },
              { header: 'Level', className: 'w-14 text-right tabular-nums sm:w-20', cell: (row) => row.level },
              { header: 'Points', className: 'w-20 text-right tabular-nums sm:w-28', cell: (row) => row.points },
              { header: 'Trophies', className: 'w-20 text-right tabular-nums sm:w-24', cell: (row) => row.trophies },
            ]}
          />
        </div>
      )}
    </>
  );
}

const tiedIn = (rows: readonly SeasonRow[], row: SeasonRow) => rows.filter((other) => other.rank === row.rank).length > 1;

/** The last day's warning: a trophy added after midnight counts only research finished after it. */
export const LAST_DAY_TEXT = 'Last day: add your finished research to the trophy case before midnight UTC to count it in this season. Research that finishes today and is added on the 1st (UTC) counts in the new one.';

/** The season's name and the time left, counting down (every 30 s is enough for a month). */
function SeasonClock({ board }: { board: Board }) {
  const now = useNow(30_000);
  const left = Math.max(0, board.endsAt - now);
  return (
    <>
      <p data-testid="season-clock" className="mt-3 font-semibold">
        {seasonName(board.season)} season · ends in <span className="tabular-nums">{timeLeft(left)}</span>
      </p>
      {left < DAY_MS && (
        <p data-testid="season-last-day" className="mt-1 text-sm font-semibold text-amber-800 dark:text-amber-300">
          {LAST_DAY_TEXT}
        </p>
      )}
    </>
  );
}

function MyStanding({ board: { me } }: { board: Board }) {
  const text =
    me.points === 0
      ? 'You have no season points yet: research a find this month and add it to your trophy case.'
      : me.rank === null
        ? `You have ${me.points} points from ${me.trophies} ${me.trophies === 1 ? 'trophy' : 'trophies'}, below the first 1,000.`
        : `You are #${me.rank} with ${me.points} points from ${me.trophies} ${me.trophies === 1 ? 'trophy' : 'trophies'}.`;
  return (
    <p data-testid="season-standing" className="mt-3 rounded-xl bg-amber-100 px-4 py-2 text-sm ring-1 ring-amber-300 dark:bg-amber-950 dark:ring-amber-500/40">
      {text}
    </p>
  );
}
