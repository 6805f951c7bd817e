/** Weekly leagues (docs/design.md section 9.5): the route, the hook that joins and scores, and the Cron job that settles past weeks. */
import { cronJob, type Feature } from '../../core/feature';
import { leagueScoreHook } from './join';
import { leagueRoutes } from './routes';
import { settleLeagues } from './settle';

declare module '../../core/feature' {
  interface CronJobs {
    'leagues settled': { leagues: number };
  }
}

export const leagues: Feature = {
  routes: leagueRoutes,
  hooks: [leagueScoreHook],
  // Every few minutes, so a week's leagues are settled minutes after Monday 00:00 UTC; with nothing to settle it
  // reads no rows (the leagues_unsettled index).
  jobs: [cronJob('leagues settled', 'often', async (env, now) => ({ leagues: await settleLeagues(env.DB, now) }))],
};
