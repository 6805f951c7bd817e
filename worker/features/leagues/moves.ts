/**
 * game/rules/league.ts's moves in SQL, one text for the two places that need them: the week's settlement
 * (./settle.ts) and the tier a player joins in when their last week is not settled yet (tierSql). A tier is its
 * index in LEAGUE_TIERS. test/worker/leagues.test.ts holds this SQL to leagueMove and nextTier.
 */
import { sql, type SQL } from 'drizzle-orm';
import { FULL_LEAGUE_FROM, LEAGUE_MOVES, LEAGUE_TIERS, weekOf } from '../../../game/rules/league';
import { WEEK_MS } from '../../../game/time';


const TOP = LEAGUE_TIERS.length - 1;

/**
 * The tier after the week, from the league's `tier`, the player's `rank` (ties sharing the better one) and the
 * league's `players` (banned ones left out), each an SQL expression: leagueZones and leagueMove, clamped as nextTier.
 */
export function movedTierSql(tier: string, rank: string, players: string): string {
  return `max(0, min(${TOP}, ${tier} + case
    when ${rank} <= (case when ${players} >= ${FULL_LEAGUE_FROM} then ${LEAGUE_MOVES} else ${players} / 3 end) then 1
    when ${players} >= ${FULL_LEAGUE_FROM} and ${rank} > ${players} - ${LEAGUE_MOVES} then -1
    else 0 end))`;
}

/** Members of league `league` that count when it is ranked: banned players are left out. */
const countedIn = (league: string) => `from league_members o join users u on u.id = o.uid where o.league_id = ${league} and u.banned_at is null`;

/** The Monday before `week` (both `YYYY-MM-DD`). */
const previousWeek = (week: string) => weekOf(Date.parse(`${week}T00:00:00Z`) - WEEK_MS);

/**
 * The tier `uid` plays in during `week` before joining it: where their last league moved them. Once the Cron has
 * settled that league it is the stored tier; until then (the first minutes of a Monday) the same move is worked
 * out here from the league's rows, so a player who scores before the Cron reaches their league still joins in
 * the tier they earned. Only last week's league can be unsettled (the Cron settles every few minutes), so it is
 * read by its key, with no index on the player. No league ever: `scrap`.
 */
export function tierSql(uid: string, week: string): SQL {
  const rank = `(1 + (select count(*) ${countedIn('last.league_id')} and o.points > last.points))`;
  const players = `(select count(*) ${countedIn('last.league_id')})`;
  return sql`coalesce(
    (select ${sql.raw(movedTierSql('last.tier', rank, players))}
      from (select tier, league_id, points from league_members where week = ${previousWeek(week)} and uid = ${uid}) last
      join leagues l on l.id = last.league_id
      where l.settled_at is null),
    (select tier from league_tiers where uid = ${uid}),
    0)`;
}
