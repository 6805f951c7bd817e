/** The gold shop (docs/design.md section 9.3). */
import type { Feature } from '../../core/feature';
import { shopRoutes } from './routes';

export const shop: Feature = { routes: shopRoutes };
