/**
 * A season's score rides in the batch of the trophy intent (docs/design.md section 8.4): a commit hook
 * (worker/core/commit-hooks.ts) adds, for each trophy the intent adds, the player's row for the commit's season
 * and the same points on their guild's ledger if they are in one at that commit, and keeps the level the board
 * shows on the player's row for the season when it moves.
 */
import { and, eq, sql } from 'drizzle-orm';
import { seasonOf, seasonPoints } from '../../../game/rules/season';
import type { CommitHook } from '../../core/commit-hooks';
import { guildMembers, players } from '../../core/db/schema';
import { guildSeasonScores, seasonScores } from './schema';

/** A column of the player's own row, read inside the statement. */
const ofPlayer = (uid: string, column: typeof players.username | typeof players.level) => sql`(select ${column} from ${players} where ${players.uid} = ${uid})`;

export const seasonScoreHook: CommitHook = (events, { shared: db }, { uid, now }) => {
  const scored = events.flatMap((event) => {
    if (event.kind !== 'trophy') return [];
    // The commit's clock decides both the season and whether the research was this season's.
    const points = event.scores ? seasonPoints(event.rarity, event.quality, event.researchedAt, now) : 0;
    if (points === 0) return [];
    const season = seasonOf(now);
    return [
      db
        .insert(seasonScores)
        // The name for the board's order (names never change): one row read, nothing more written.
        // The name and level the board shows, as the claim earlier in this batch left the player's row: rows read, nothing more written.
        .values({ season, uid, points, trophies: 1, name: sql`lower(${ofPlayer(uid, players.username)})`, username: ofPlayer(uid, players.username), level: ofPlayer(uid, players.level) })
        .onConflictDoUpdate({
          target: [seasonScores.season, seasonScores.uid],
          set: { points: sql`${seasonScores.points} + excluded.points`, trophies: sql`${seasonScores.trophies} + 1`, level: sql`excluded.level` },
        }),
      db
        .insert(guildSeasonScores)
        .select(
          db
            .select({ season: sql<string>`${season}`.as('season'), guildId: guildMembers.guildId, uid: guildMembers.uid, points: sql<number>`${points}`.as('points') })
            .from(guildMembers)
            .where(eq(guildMembers.uid, uid)),
        )
        .onConflictDoUpdate({
          target: [guildSeasonScores.season, guildSeasonScores.guildId, guildSeasonScores.uid],
          set: { points: sql`${guildSeasonScores.points} + excluded.points` },
        }),
    ];
  });
  // A level that moved without a trophy scoring: the board's copy follows (one row, only if the player has scored this season).
  const levelled = events.find((event) => event.kind === 'levelled');
  if (!levelled || scored.length > 0) return scored;
  return [db.update(seasonScores).set({ level: levelled.level }).where(and(eq(seasonScores.season, seasonOf(now)), eq(seasonScores.uid, uid)))];
};
