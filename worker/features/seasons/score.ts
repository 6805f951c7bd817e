/**
 * A season's score rides in the batch of the trophy intent (docs/design.md section 8.4): the player's row for the
 * commit's season, and the same points on their guild's ledger if they are in one at that commit.
 */
import { eq, sql } from 'drizzle-orm';
import type { Rarity } from '../../../game/rules/rarity';
import { seasonOf, seasonPoints } from '../../../game/rules/season';
import type { Changes } from '../../core/changes';
import { guildMembers, guildSeasonScores, seasonScores } from '../../core/db/schema';

/** The trophy an intent adds: its tier, quality, and when its research finished (researchFinishedAt). */
export interface SeasonTrophy {
  rarity: Rarity;
  quality: number;
  finishedAt: number;
}

export function withSeasonScore(changes: Changes, trophy: SeasonTrophy): Changes {
  return {
    ...changes,
    effects: [
      ...(changes.effects ?? []),
      (db, { uid, now }) => {
        // The commit's clock decides both the season and whether the research was this season's.
        const points = seasonPoints(trophy.rarity, trophy.quality, trophy.finishedAt, now);
        if (points === 0) return [];
        const season = seasonOf(now);
        return [
          db
            .insert(seasonScores)
            .values({ season, uid, points, trophies: 1 })
            .onConflictDoUpdate({
              target: [seasonScores.season, seasonScores.uid],
              set: { points: sql`${seasonScores.points} + excluded.points`, trophies: sql`${seasonScores.trophies} + 1` },
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
      },
    ],
  };
}
