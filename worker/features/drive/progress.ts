/**
 * A donation's guildmates see their drive bar move (docs/design.md section 9.11): a commit hook
 * (worker/core/commit-hooks.ts) reads the week's sum and target in the donation's own batch, after its write,
 * so the chat's world watcher can tell the guild's room the new figures without another round trip.
 */
import { and, eq, sql } from 'drizzle-orm';
import { driveTarget } from '../../../game/rules/drive';
import type { CommitHook } from '../../core/commit-hooks';
import { driveDonations } from './schema';
import { claimersCount } from './claimers';

export const driveProgressHook: CommitHook = (events, { shared: db }) => {
  const donated = events.find((event) => event.kind === 'donated');
  if (donated?.kind !== 'donated') return [];
  const { guildId, week } = donated;
  return {
    statements: [
      db
        .select({ points: sql<number>`coalesce(sum(${driveDonations.points}), 0)`, claimers: sql<number>`${claimersCount(guildId, week)}` })
        .from(driveDonations)
        .where(and(eq(driveDonations.guildId, guildId), eq(driveDonations.week, week))),
    ],
    found: ([rows]) => {
      const [row] = rows as { points: number; claimers: number }[];
      return row ? [{ kind: 'drive-moved', guildId, points: row.points, target: driveTarget(row.claimers) }] : [];
    },
  };
};
