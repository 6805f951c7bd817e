/**
 * Notifications (docs/design.md section 8.7, ADR 018): the routes, the watchers that move each player's timed
 * pushes and push what happens at once after every commit, and the season's results after its payout.
 */
import type { Feature } from '../../core/feature';
import { afterSeasonPaid } from '../seasons';
import { pushAfterCommit, pushSeasonResults, rescheduleAfterCommit } from './index';
import { notificationRoutes } from './routes';

afterSeasonPaid(pushSeasonResults);

export const notifications: Feature = { routes: notificationRoutes, watchers: [rescheduleAfterCommit, pushAfterCommit] };
