/** The guild Salvage Drive (docs/design.md section 8.6): its routes, and the hook that reads the week's figures after a donation. */
import type { Feature } from '../../core/feature';
import { driveProgressHook } from './progress';
import { driveRoutes } from './routes';

export const drive: Feature = { routes: driveRoutes, hooks: [driveProgressHook] };
