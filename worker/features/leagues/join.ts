/**
 * A week's points ride in the batch of the trophy intent (docs/design.md section 9.5), like the season's score
 * (worker/features/seasons/score.ts): a commit hook (worker/core/commit-hooks.ts) adds the points of the trophies
 * that score this week and, on the player's first score of the week, joins them to a league of their tier.
 *
 * The league is chosen in SQL in that batch, never read before it: D1 runs one batch at a time, so each joining
 * batch sees the sizes every earlier one left, and no league holds more than LEAGUE_SIZE however many players
 * score at once (docs/decisions/023-leagues.md). Still the intent's two round trips: these are three more writes.
 */
import { and, eq, notExists, sql, type SQL } from 'drizzle-orm';
import { LEAGUE_SIZE, weekOf, weekPoints } from '../../../game/rules/league';
import type { CommitHook } from '../../core/commit-hooks';
import { players } from '../../core/db/schema';
import { leagueMembers, leagues } from './schema';
import { tierSql } from './moves';

/**
 * The league of `tier` open to join this week: the newest of that tier and week, while it holds fewer than
 * LEAGUE_SIZE. A new one opens only when the newest is full, so every older one is full too. Its members are
 * counted here (at most LEAGUE_SIZE index rows read) rather than kept in a size column a join would write.
 */
const openLeague = (week: string, tier: SQL) =>
  sql`(select id from (select ${leagues.id} as id from ${leagues} where ${leagues.week} = ${week} and ${leagues.tier} = ${tier} order by ${leagues.id} desc limit 1) newest
    where (select count(*) from ${leagueMembers} where ${leagueMembers.leagueId} = newest.id) < ${LEAGUE_SIZE})`;

export const leagueScoreHook: CommitHook = (events, { shared: db }, { uid, now }) => {
  // The commit's clock decides both the week and whether the research was this week's.
  const points = events.reduce((sum, event) => sum + (event.kind === 'trophy' ? weekPoints(event.rarity, event.quality, event.researchedAt, event.scores, now) : 0), 0);
  if (points === 0) return [];
  const week = weekOf(now);
  const mine = and(eq(leagueMembers.week, week), eq(leagueMembers.uid, uid));
  const notMember = notExists(db.select({ one: sql`1` }).from(leagueMembers).where(mine));
  // The tier the last week earned (one expression, evaluated in each statement that needs it).
  const tier = tierSql(uid, week);
  // Rows written (docs/decisions/014-bounded-costs.md): a member's later trophies write one row (the points), the
  // join two (the member and its league's index entry), and a new league when the newest fills.
  return [
    db
      .update(leagueMembers)
      .set({ points: sql`${leagueMembers.points} + ${points}` })
      .where(mine),
    // The week's first score: a league to join, if that tier has none open this week.
    db.insert(leagues).select(
      db
        .select({ id: sql<null>`null`.as('id'), week: sql<string>`${week}`.as('week'), tier: sql<number>`${tier}`.as('tier'), settledAt: sql<null>`null`.as('settled_at') })
        .from(players)
        .where(and(eq(players.uid, uid), notMember, sql`${openLeague(week, tier)} is null`)),
    ),
    // …and the membership in it, with the trophy's points.
    db.insert(leagueMembers).select(
      db
        .select({
          week: sql<string>`${week}`.as('week'),
          uid: players.uid,
          tier: sql<number>`${tier}`.as('tier'),
          leagueId: sql<number>`${openLeague(week, tier)}`.as('league_id'),
          points: sql<number>`${points}`.as('points'),
          joinedAt: sql<number>`${now}`.as('joined_at'),
        })
        .from(players)
        .where(and(eq(players.uid, uid), notMember)),
    ),
  ];
};
