/** Recipes and the craft intent (docs/decisions/009-crafting.md). */
import type { Feature } from '../../core/feature';
import { craftingRoutes } from './routes';

declare module '../../core/changes' {
  interface IntentEvents {
    /** An item crafted (what it made is the `gained` event beside it). */
    crafted: object;
  }
}

export const crafting: Feature = { routes: craftingRoutes };
