/**
 * A week's points ride in the batch of the trophy intent (docs/design.md section 9.5), like the season's score
 * (worker/features/seasons/score.ts): a commit hook (worker/core/commit-hooks.ts) adds the points of the trophies
 * that score this week and, on the player's first score of the week, joins them to a league of their tier.
 *
 * The league is chosen in SQL in that batch, never read before it: D1 runs one batch at a time, so each joining
 * batch sees the sizes every earlier one left, and no league holds more than LEAGUE_SIZE however many players
 * score at once (docs/decisions/023-leagues.md). Still the intent's two round trips: these are five more writes.
 */
import { and, eq, isNull, lt, notExists, sql, type SQL } from 'drizzle-orm';
import { LEAGUE_SIZE, weekOf, weekPoints } from '../../../game/rules/league';
import type { CommitHook } from '../../core/commit-hooks';
import type { Database } from '../../core/db/client';
import { leagueMembers, leagues, players } from '../../core/db/schema';
import { tierSql } from './moves';

/** The open league of `tier` this week: there is at most one, since a new one opens only when none is. */
const openLeague = (db: Database, week: string, tier: SQL | typeof leagueMembers.tier) =>
  db
    .select({ id: leagues.id })
    .from(leagues)
    .where(and(eq(leagues.week, week), eq(leagues.tier, tier), lt(leagues.size, LEAGUE_SIZE)))
    .orderBy(leagues.id)
    .limit(1);

export const leagueScoreHook: CommitHook = (events, db, { uid, now }) => {
  // The commit's clock decides both the week and whether the research was this week's.
  const points = events.reduce((sum, event) => sum + (event.kind === 'trophy' ? weekPoints(event.rarity, event.quality, event.researchedAt, event.scores, now) : 0), 0);
  if (points === 0) return [];
  const week = weekOf(now);
  const mine = and(eq(leagueMembers.week, week), eq(leagueMembers.uid, uid));
  return [
    // The first score of the week makes the membership, in the tier the last week earned, not yet in a league.
    db.insert(leagueMembers).select(
      db
        .select({
          week: sql<string>`${week}`.as('week'),
          uid: players.uid,
          tier: sql<number>`${tierSql(uid, week)}`.as('tier'),
          leagueId: sql<null>`null`.as('league_id'),
          points: sql<number>`0`.as('points'),
          joinedAt: sql<number>`${now}`.as('joined_at'),
        })
        .from(players)
        .where(and(eq(players.uid, uid), notExists(db.select({ one: sql`1` }).from(leagueMembers).where(mine)))),
    ),
    // A league to join, if that tier has none open this week.
    db.insert(leagues).select(
      db
        .select({ id: sql<null>`null`.as('id'), week: leagueMembers.week, tier: leagueMembers.tier, size: sql<number>`0`.as('size'), settledAt: sql<null>`null`.as('settled_at') })
        .from(leagueMembers)
        .where(and(mine, isNull(leagueMembers.leagueId), notExists(openLeague(db, week, leagueMembers.tier)))),
    ),
    db
      .update(leagueMembers)
      .set({ leagueId: sql`(${openLeague(db, week, sql`${leagueMembers.tier}`)})` })
      .where(and(mine, isNull(leagueMembers.leagueId))),
    // The statement before changed one row only when it placed the player: only then does the league grow.
    db
      .update(leagues)
      .set({ size: sql`${leagues.size} + 1` })
      .where(and(sql`changes() = 1`, eq(leagues.id, sql`(${db.select({ id: leagueMembers.leagueId }).from(leagueMembers).where(mine)})`))),
    db
      .update(leagueMembers)
      .set({ points: sql`${leagueMembers.points} + ${points}` })
      .where(mine),
  ];
};
