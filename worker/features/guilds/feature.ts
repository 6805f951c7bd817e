/** Guilds: pages, membership, and the Cron job that sums the guild board's figures again. */
import { createDb } from '../../core/db/client';
import { cronJob, type Feature } from '../../core/feature';
import { refreshGuildBoard } from './board';
import { guildRoutes } from './routes';

declare module '../../core/feature' {
  interface CronJobs {
    'guild board': { guildsWritten: number };
  }
}

export const guilds: Feature = {
  routes: guildRoutes,
  jobs: [
    cronJob('guild board', 'often', async (env) => {
      const refreshed = await refreshGuildBoard(createDb(env.DB));
      return { guildsWritten: refreshed.meta.changes };
    }),
  ],
};
