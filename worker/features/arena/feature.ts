/** The arena: opponents, fights and their records, kept 30 days (the daily prune). */
import type { Feature } from '../../core/feature';
import { pruneFights } from './records';
import { arenaRoutes } from './routes';

export const arena: Feature = {
  routes: arenaRoutes,
  prune: (db, now) => {
    const [fightDays, fightInbox] = pruneFights(db, now);
    return { fightDays, fightInbox };
  },
};
