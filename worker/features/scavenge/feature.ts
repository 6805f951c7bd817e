/** The spec's scavenge and take, the finds waiting, the public catalogue. */
import type { Feature } from '../../core/feature';
import { scavengeRoutes } from './routes';

declare module '../../core/changes' {
  interface IntentEvents {
    /** A scavenge, and the energy it spent (its zone's), for the contract that counts energy (docs/design.md section 9.8). */
    scavenged: { energy: number };
    /** Finds taken into the inventory, by quality. */
    took: { qualities: readonly number[] };
  }
}

export const scavenge: Feature = { routes: scavengeRoutes };
