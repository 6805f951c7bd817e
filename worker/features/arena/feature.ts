/** The arena: opponents, fights and their records, kept 30 days (the daily prune). */
import type { Feature } from '../../core/feature';
import { pruneFights } from './records';
import { arenaRoutes } from './routes';

declare module '../../core/changes' {
  interface IntentEvents {
    /** A fight the attacker won, against a defender this far from their rating. */
    'fight-won': { ratingGap: number };
    /**
     * The defender's side of a fight: who attacked, whether they won, the gold they took and their rating change
     * (as the fight's record has them), and whether the winner had half the loser's power or less (game/rules isUpset).
     */
    attacked: { fightId: string; attacker: string; attackerWon: boolean; goldTaken: number; attackerRatingChange: number; upset: boolean };
  }
}

export const arena: Feature = {
  routes: arenaRoutes,
  prune: (db, now) => {
    const [fightDays, fightInbox] = pruneFights(db, now);
    return { fightDays, fightInbox };
  },
};
