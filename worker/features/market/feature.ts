/** The market (docs/design.md section 8.5, docs/decisions/019-market.md). */
import type { Feature } from '../../core/feature';
import { marketRoutes } from './routes';

export const market: Feature = { routes: marketRoutes };
