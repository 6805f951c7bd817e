/**
 * The reader's league this week (docs/design.md section 9.5) and the ribbons on a player's card, each in the
 * reader's one session-checked read. A league is at most LEAGUE_SIZE rows, so a read is bounded whatever the
 * number of players: the members, their names, and a row or two for the reader's tier.
 */
import { and, desc, eq, sql } from 'drizzle-orm';
import { LEAGUE_SIZE, LEAGUE_TIERS, leagueRanks, leagueZones, weekBounds } from '../../../game/rules/league';
import type { League, PlayerCard } from '../../../game/wire';
import type { Database } from '../../core/db/client';
import { players } from '../../core/db/schema';
import { leagueMembers, leaguePrizes } from './schema';
import { tierSql } from './moves';

/** A year of weekly ribbons. */
const RIBBONS_SHOWN = 52;

export function leagueReads(db: Database, uid: string, now: number) {
  const { week } = weekBounds(now);
  const mine = and(eq(leagueMembers.week, week), eq(leagueMembers.uid, uid));
  return [
    db
      .select({ uid: leagueMembers.uid, username: players.username, points: leagueMembers.points })
      .from(leagueMembers)
      // Left out while banned (the account's ban, as players.banned copies it), back when unbanned: nothing about them
      // is deleted.
      .innerJoin(players, and(eq(players.uid, leagueMembers.uid), sql`${players.banned} = 0`))
      .where(eq(leagueMembers.leagueId, sql`(${db.select({ id: leagueMembers.leagueId }).from(leagueMembers).where(mine)})`))
      .orderBy(desc(leagueMembers.points), sql`lower(${players.username})`)
      .limit(LEAGUE_SIZE),
    // The league's tier once joined; before, the one the reader will join in.
    db
      .select({ tier: sql<number>`coalesce((${db.select({ tier: leagueMembers.tier }).from(leagueMembers).where(mine)}), ${tierSql(uid, week)})` })
      .from(players)
      .where(eq(players.uid, uid)),
  ] as const;
}

type MemberRow = { uid: string; username: string; points: number };

/** Null when the reader has no player row. */
export function parseLeague([rows, [own]]: readonly [MemberRow[], { tier: number }[]], uid: string, now: number): League | null {
  if (!own) return null;
  const { week, endsAt } = weekBounds(now);
  const ranks = leagueRanks(rows.map((row) => row.points));
  const members = rows.map(({ username, points }, index) => ({ username, points, rank: ranks[index]! }));
  const index = rows.findIndex((row) => row.uid === uid);
  // Before the first score there is no league yet: the zones of a full one, which is what the reader will join.
  const zones = leagueZones(members.length === 0 ? LEAGUE_SIZE : members.length);
  return {
    week,
    endsAt,
    tier: LEAGUE_TIERS[own.tier] ?? 'scrap',
    members,
    me: index === -1 ? null : { rank: ranks[index]!, points: rows[index]!.points },
    ...zones,
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
