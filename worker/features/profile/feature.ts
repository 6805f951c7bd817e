/** The caller's own data and the profile's intents. */
import type { Feature } from '../../core/feature';
import { profileRoutes } from './routes';

export const profile: Feature = { routes: profileRoutes };
