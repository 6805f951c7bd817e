/** The caller's own data and the profile's intents. */
import type { Rarity } from '../../../game/rules/rarity';
import type { Feature } from '../../core/feature';
import { profileRoutes } from './routes';

declare module '../../core/changes' {
  interface IntentEvents {
    /**
     * A trophy added: its item, tier and quality, when its research finished (game/rules researchRecord), and
     * whether the player adding it researched it, the only way it scores (docs/design.md section 9.4).
     */
    trophy: { catalogId: string; rarity: Rarity; quality: number; researchedAt: number; scores: boolean };
  }
}

export const profile: Feature = { routes: profileRoutes };
