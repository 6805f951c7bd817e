/** Moderation: the admin's mute, ban and message deletion. */
import type { Feature } from '../../core/feature';
import { adminRoutes } from './routes';

export const moderation: Feature = { routes: adminRoutes };
