/**
 * The league tab of the leaderboard (docs/design.md section 9.5): the reader's tier, the time left in
 * the week, the table their league will settle in (a short league is ranked with another) and how many in it
 * scored, and its members by the week's points, with the places that move up and down marked in words (an arrow
 * and "Up"/"Down", colour only repeating it), and, when the reader's place would pay nothing, why. Before the
 * reader's first score of the week the league is empty and the tab says how to join. Loaded with the tab, not with
 * the leaderboard.
 */
import { FULL_LEAGUE_FROM, LEAGUE_SIZE, MIN_TABLE, PRIZE_POINTS, tierName, weekName, type PrizeBar } from '../../../game/rules/league';
import type { League } from '../../../game/wire';
import { PlayerName } from '../../components/player-card';
import { NameCell, RankBadge, RankedTable } from '../../components/ranked-table';
import { RankAnnouncer } from '../../components/rank-announcer';
import { ReadState } from '../../components/read-state';
import { timeLeft } from '../../components/time-left';
import { useNow } from '../../components/use-now';
import { useRead } from '../../lib/query';
import { useSignedInPlayer } from '../../lib/session';
import { leaderboardApi } from './api';

export const JOIN_TEXT = "Score a trophy to join this week's league.";

export function LeagueBoard() {
  const league = useRead(leaderboardApi.league, 'could not read the league');
  return (
    <ReadState read={league} errorClassName="mt-6">
      {(data) => <LeagueTable league={data} />}
    </ReadState>
  );
}

type Member = League['members'][number];
type Move = 'up' | 'down' | 'stay';

function LeagueTable({ league }: { league: League }) {
  const me = useSignedInPlayer().username;
  const isMine = (row: Member) => row.username === me;
  // The zones as they stand: the server says how many places move for the league's present size.
  const moveOf = (rank: number): Move => (rank <= league.promote ? 'up' : rank > league.members.length - league.demote ? 'down' : 'stay');
  return (
    <>
      <LeagueClock league={league} />
      <p className="mt-2 text-sm text-slate-600 dark:text-slate-300">{rulesText(league)}</p>
      <RankAnnouncer rank={league.me?.rank ?? null} board="in your league" />
      {league.me === null ? (
        <p data-testid="league-empty" className="mt-4 rounded-xl bg-amber-100 px-4 py-2 text-sm ring-1 ring-amber-300 dark:bg-amber-950 dark:ring-amber-500/40">
          {JOIN_TEXT}
        </p>
      ) : (
        <>
          <p data-testid="league-table" className="mt-3 text-sm">
            {tableText(league)}
          </p>
          <p data-testid="league-standing" className="mt-3 rounded-xl bg-amber-100 px-4 py-2 text-sm ring-1 ring-amber-300 dark:bg-amber-950 dark:ring-amber-500/40">
            You are #{league.me.rank} with {league.me.points} {league.me.points === 1 ? 'point' : 'points'}
            {standingMove(moveOf(league.me.rank))}
            {league.me.noPrize && ` ${NO_PRIZE_TEXT[league.me.noPrize]}`}
          </p>
          <div className="panel mt-4 overflow-hidden">
            <RankedTable
              caption={`${tierName(league.table.tier)} table, week of ${weekName(league.week)}`}
              rows={league.members}
              keyOf={(row) => row.username}
              isMine={isMine}
              testIds={{ row: 'league-row', mine: 'league-me' }}
              columns={[
                { header: 'Rank', className: 'w-14 text-center sm:w-20', cell: (row) => <RankBadge rank={row.rank} tied={league.members.filter((other) => other.rank === row.rank).length > 1} /> },
                { header: 'Player', className: '', flush: true, cell: (row) => <NameCell name={<PlayerName username={row.username} wrap={isMine(row)} />} mine={isMine(row)} /> },
                { header: 'Points', className: 'w-16 text-right tabular-nums sm:w-24', cell: (row) => row.points },
                { header: 'Next week', className: 'w-20 sm:w-28', cell: (row) => <MoveCell move={moveOf(row.rank)} /> },
              ]}
            />
          </div>
        </>
      )}
    </>
  );
}

/** Names a list: `Copper`, `Copper and Scrap`, `Silver, Copper and Scrap`. */
const listed = (names: readonly string[]) => (names.length < 2 ? names.join('') : `${names.slice(0, -1).join(', ')} and ${names.at(-1)}`);

/** The table that settles on Monday: how many in it scored, and which leagues and tiers it joins. */
export function tableText({ table }: League): string {
  const scored = `${table.scored} ${table.scored === 1 ? 'player' : 'players'} scored this week`;
  const tiers = table.tiers.length > 1 ? ` of the ${listed(table.tiers.map(tierName))} tiers` : '';
  const from = table.leagues > 1 || tiers ? `, from ${table.leagues} ${table.leagues === 1 ? 'league' : 'leagues'}${tiers}, ranked together` : '';
  return `Your table: ${scored}${from}. Each player moves up or down from their own tier.`;
}

/** Why a prize is what it is (game/rules/league.ts `prizeQualifies`): a thrown week pays neither it nor the next. */
const prizeRuleText = `A prize needs ${PRIZE_POINTS.toLocaleString('en-US')} points this week, and last week too if you played it, with no move down since; a place that does not qualify passes its prize to the next player.`;

function rulesText({ promote, demote, table }: League): string {
  const [first, second, third] = table.prizes;
  const moves =
    demote > 0
      ? `On Monday at 00:00 UTC the top ${promote} move up a tier and the last ${demote} move down.`
      : `With fewer than ${FULL_LEAGUE_FROM} players the top third moves up a tier on Monday at 00:00 UTC and nobody moves down: now ${promote === 0 ? 'nobody' : promote === 1 ? 'the top player' : `the top ${promote}`}.`;
  return `Up to ${LEAGUE_SIZE} players of your tier, ranked by the points of trophies you researched and added this week; a league of fewer than ${MIN_TABLE} is ranked with another. ${moves} Ranks 1, 2 and 3 win ${first}, ${second} and ${third} cash and the week's ribbon (a higher tier and a fuller table pay more). ${prizeRuleText}`;
}

/** Why the reader's place would pay nothing if the week ended now (game/rules/league.ts prizeBar). */
export const NO_PRIZE_TEXT: Record<PrizeBar, string> = {
  points: `A prize needs ${PRIZE_POINTS.toLocaleString('en-US')} points this week.`,
  'last-week-points': `You scored under ${PRIZE_POINTS.toLocaleString('en-US')} points last week, so this week pays you no prize.`,
  'moved-down': 'You moved down a tier last week, so this week pays you no prize.',
};

const standingMove = (move: Move) => (move === 'up' ? ': you would move up a tier.' : move === 'down' ? ': you would move down a tier.' : '.');

function MoveCell({ move }: { move: Move }) {
  if (move === 'stay') return <span className="text-slate-600 dark:text-slate-400">Stays</span>;
  return (
    <span data-testid={`league-${move}`} className={`font-semibold ${move === 'up' ? 'text-emerald-700 dark:text-emerald-300' : 'text-red-700 dark:text-red-300'}`}>
      <span aria-hidden="true">{move === 'up' ? '▲ ' : '▼ '}</span>
      {move === 'up' ? 'Up' : 'Down'}
    </span>
  );
}

/** The tier, the week and the time left, counting down (every 30 s is enough for a week). */
function LeagueClock({ league }: { league: League }) {
  const now = useNow(30_000);
  return (
    <p data-testid="league-clock" className="mt-3 font-semibold">
      <span data-testid="league-tier">{tierName(league.tier)} league</span> · week of {weekName(league.week)} · ends in{' '}
      <span className="tabular-nums">{timeLeft(Math.max(0, league.endsAt - now))}</span>
    </p>
  );
}
