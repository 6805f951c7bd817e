/** What cash buys (docs/decisions/016-daily-loop.md). */
import type { Feature } from '../../core/feature';
import { cashRoutes } from './routes';

export const cash: Feature = { routes: cashRoutes };
