/** The spec's scavenge and take, the finds waiting, the public catalogue. */
import type { Feature } from '../../core/feature';
import { scavengeRoutes } from './routes';

export const scavenge: Feature = { routes: scavengeRoutes };
