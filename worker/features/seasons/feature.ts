/**
 * Seasons (docs/design.md section 8.4): the hook that scores trophies in their intent's batch, and the Cron jobs
 * that keep the board's marks and pay each month on the 1st. No routes of its own: the players' leaderboard reads it.
 */
import { previousSeason } from '../../../game/rules/season';
import { createDb } from '../../core/db/client';
import { cronJob, type Feature } from '../../core/feature';
import { refreshSeasonMarks } from './board';
import { tellSeasonPaid } from './paid';
import { payoutSeason } from './payout';
import { seasonScoreHook } from './score';

declare module '../../core/feature' {
  interface CronJobs {
    'season marks': { marksWritten: number; marksRemoved: number };
    /** Null on every day but the 1st (UTC). */
    'season paid': { season: string; paid: number; pushed: number } | null;
  }
}

export const seasons: Feature = {
  hooks: [seasonScoreHook],
  jobs: [
    // Rewrites the season board's marks that moved (./board.ts); answers how many rows that wrote.
    cronJob('season marks', 'often', async (env, now) => {
      const db = createDb(env.DB);
      const [upserted, removed] = await db.batch(refreshSeasonMarks(db, now));
      return { marksWritten: upserted.meta.changes, marksRemoved: removed.meta.changes };
    }),
    // On the 1st (UTC) the month before is paid. The payout is idempotent, so a retried Cron pays nobody twice,
    // and only the run that paid them tells them.
    cronJob('season paid', 'daily', async (env, now) => {
      if (new Date(now).getUTCDate() !== 1) return null;
      const season = previousSeason(now);
      const paid = await payoutSeason(env.DB, season, now);
      return { season, paid, pushed: paid > 0 ? await tellSeasonPaid(env, season, now) : 0 };
    }),
  ],
};
