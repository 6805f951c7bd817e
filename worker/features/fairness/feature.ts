/** Verifiable rolls (docs/decisions/013-verifiable-rolls.md): the routes, and the rolls the daily prune deletes. */
import type { Feature } from '../../core/feature';
import { fairnessRoutes } from './routes';
import { pruneRolls } from './seeds';

export const fairness: Feature = {
  routes: fairnessRoutes,
  prune: (db, now) => {
    const [scavengeRolls, rollDays, rolls, revealedSeeds] = pruneRolls(db, now);
    return { scavengeRolls, rollDays, rolls, revealedSeeds };
  },
};
