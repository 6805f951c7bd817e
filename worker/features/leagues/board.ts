/**
 * The reader's league this week (docs/design.md section 9.5) and the ribbons on a player's card, each in
 * the reader's one session-checked read. The table the reader's league will settle in is worked out from the
 * leagues that can decide it: the reader's own and the two newest of each tier this week (only a tier's newest
 * league can be short, and a tier of two leagues or more holds at least LEAGUE_SIZE players). So a read is bounded
 * whatever the number of players: at most 13 leagues' rows, their names, a row or two for the reader's tier, and
 * the reader's row of last week (whether a prize is open to them).
 */
import { and, desc, eq, exists, sql } from 'drizzle-orm';
import { LEAGUE_SIZE, LEAGUE_TIERS, leaguePrize, leagueRanks, leagueTables, leagueZones, prizeBar, weekBounds, weekOf, type LastWeek, type LeagueSize } from '../../../game/rules/league';
import { WEEK_MS } from '../../../game/time';
import type { League, PlayerCard } from '../../../game/wire';
import type { Database } from '../../core/db/client';
import { players } from '../../core/db/schema';
import { leagueMembers, leaguePrizes, leagues } from './schema';
import { tierSql } from './moves';

/** A year of weekly ribbons. */
const RIBBONS_SHOWN = 52;

export function leagueReads(db: Database, uid: string, now: number) {
  const { week } = weekBounds(now);
  const mine = and(eq(leagueMembers.week, week), eq(leagueMembers.uid, uid));
  const myLeague = db.select({ id: leagueMembers.leagueId }).from(leagueMembers).where(mine);
  // One IN a league set (D1 allows few terms in a compound SELECT), each read by its index.
  const newest = LEAGUE_TIERS.map(
    (_, tier) => sql`${leagueMembers.leagueId} in (select ${leagues.id} from ${leagues} where ${leagues.week} = ${week} and ${leagues.tier} = ${tier} order by ${leagues.id} desc limit 2)`,
  );
  const candidates = sql.join([sql`${leagueMembers.leagueId} in (${myLeague})`, ...newest], sql` or `);
  return [
    db
      // Banned members count in a league's size, as at the week's end, and are left out of the board while banned
      // (the account's ban, as players.banned copies it): nothing about them is deleted, an unban brings them back.
      .select({ leagueId: leagueMembers.leagueId, tier: leagueMembers.tier, uid: leagueMembers.uid, username: players.username, points: leagueMembers.points, banned: players.banned })
      .from(leagueMembers)
      .innerJoin(players, eq(players.uid, leagueMembers.uid))
      .where(and(exists(myLeague), sql`(${candidates})`)),
    // The league's tier once joined; before, the one the reader will join in.
    db
      .select({ tier: sql<number>`coalesce((${db.select({ tier: leagueMembers.tier }).from(leagueMembers).where(mine)}), ${tierSql(uid, week)})` })
      .from(players)
      .where(eq(players.uid, uid)),
    // The reader's last week, by its key: whether a prize is open to them (game/rules/league.ts prizeBar).
    db
      .select({ points: leagueMembers.points, tier: leagueMembers.tier })
      .from(leagueMembers)
      .where(and(eq(leagueMembers.week, weekOf(weekBounds(now).startsAt - WEEK_MS)), eq(leagueMembers.uid, uid))),
  ] as const;
}

type MemberRow = { leagueId: number | null; tier: number; uid: string; username: string; points: number; banned: number | boolean };

const tierOf = (index: number) => LEAGUE_TIERS[index] ?? 'scrap';
const prizesOf = (tier: number, players: number) => [1, 2, 3].map((rank) => leaguePrize(rank, tier, players));

/** Null when the reader has no player row. */
export function parseLeague([rows, [own], [last]]: readonly [MemberRow[], { tier: number }[], LastWeek[]], uid: string, now: number): League | null {
  if (!own) return null;
  const { week, endsAt } = weekBounds(now);
  const mineRow = rows.find((row) => row.uid === uid);
  if (!mineRow || mineRow.leagueId === null) {
    // Before the first score there is no league yet: the zones and prizes of a full one, which is what the reader will join.
    return {
      week,
      endsAt,
      tier: tierOf(own.tier),
      members: [],
      me: null,
      ...leagueZones(LEAGUE_SIZE),
      table: { tier: tierOf(own.tier), tiers: [tierOf(own.tier)], leagues: 0, scored: 0, prizes: prizesOf(own.tier, LEAGUE_SIZE) },
    };
  }
  const sizes = new Map<number, LeagueSize>();
  for (const row of rows) {
    if (row.leagueId === null) continue;
    const size = sizes.get(row.leagueId) ?? { id: row.leagueId, tier: row.tier, players: 0 };
    size.players += 1;
    sizes.set(row.leagueId, size);
  }
  const table = leagueTables([...sizes.values()]).find((candidate) => candidate.leagues.includes(mineRow.leagueId!))!;
  const counted = rows
    .filter((row) => row.leagueId !== null && table.leagues.includes(row.leagueId) && !row.banned)
    .sort((a, b) => b.points - a.points || a.username.toLowerCase().localeCompare(b.username.toLowerCase()));
  const ranks = leagueRanks(counted.map((row) => row.points));
  const index = counted.findIndex((row) => row.uid === uid);
  const tiers = [...new Set(counted.map((row) => row.tier))].sort((a, b) => b - a).map(tierOf);
  return {
    week,
    endsAt,
    tier: tierOf(own.tier),
    members: counted.map(({ username, points }, at) => ({ username, points, rank: ranks[at]! })),
    me: index === -1 ? null : { rank: ranks[index]!, points: counted[index]!.points, noPrize: prizeBar(counted[index]!.points, mineRow.tier, last ?? null) },
    ...leagueZones(counted.length),
    table: { tier: tierOf(table.tier), tiers, leagues: table.leagues.length, scored: counted.length, prizes: prizesOf(table.tier, counted.length) },
  };
}

/** The ribbons on a player's card, by name (any case), newest week first: a prize row each (league_prizes_player). */
export function ribbonsRead(db: Database, username: string) {
  return db
    .select({ week: leaguePrizes.week, tier: leaguePrizes.tier, rank: leaguePrizes.rank })
    .from(leaguePrizes)
    .innerJoin(players, eq(players.uid, leaguePrizes.uid))
    .where(sql`lower(${players.username}) = lower(${username})`)
    .orderBy(desc(leaguePrizes.week))
    .limit(RIBBONS_SHOWN);
}

export const toRibbons = (rows: readonly { week: string; tier: number; rank: number }[]): PlayerCard['ribbons'] =>
  rows.map((row) => ({ ...row, tier: LEAGUE_TIERS[row.tier] ?? 'scrap' }));
