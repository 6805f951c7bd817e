/** Daily contracts (docs/decisions/016-daily-loop.md): the routes, the hook that counts progress, and the prune of old days. */
import { lt } from 'drizzle-orm';
import { DAY_MS } from '../../../game/time';
import { contractProgress } from './schema';
import type { Feature } from '../../core/feature';
import { contractProgressHook } from './progress';
import { contractRoutes } from './routes';

export const contracts: Feature = {
  routes: contractRoutes,
  hooks: [contractProgressHook],
  // A claim reads today's and yesterday's rows; the streak lives on the player.
  prune: (db, now) => ({ contracts: db.delete(contractProgress).where(lt(contractProgress.day, Math.floor(now / DAY_MS) - 1)) }),
};
