/** Sparring: a fight against a dummy that follows the player's power, stored with the arena's fights (docs/design.md section 10.2). */
import type { Feature } from '../../core/feature';
import { sparringRoutes } from './routes';

export const sparring: Feature = { routes: sparringRoutes };
