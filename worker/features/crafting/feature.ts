/** Recipes and the craft intent (docs/decisions/009-crafting.md). */
import type { Feature } from '../../core/feature';
import { craftingRoutes } from './routes';

export const crafting: Feature = { routes: craftingRoutes };
