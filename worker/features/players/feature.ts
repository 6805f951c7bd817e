/** Players: usernames, public cards, the leaderboard, and the Cron job that keeps the board's rank marks. */
import { createDb } from '../../core/db/client';
import { cronJob, type Feature } from '../../core/feature';
import { refreshRankMarks } from '../../core/ranking';
import { playerRoutes } from './routes';

declare module '../../core/feature' {
  interface CronJobs {
    'rank marks': { marksWritten: number; marksRemoved: number };
  }
}

export const players: Feature = {
  routes: playerRoutes,
  jobs: [
    // Rewrites the rank marks that moved; answers how many rows that wrote.
    cronJob('rank marks', 'often', async (env) => {
      const db = createDb(env.DB);
      const [upserted, removed] = await db.batch(refreshRankMarks(db));
      return { marksWritten: upserted.meta.changes, marksRemoved: removed.meta.changes };
    }),
  ],
};
