/** The market (docs/design.md section 8.5, docs/decisions/019-market.md). */
import type { Feature } from '../../core/feature';
import { marketRoutes } from './routes';

declare module '../../core/changes' {
  interface IntentEvents {
    /** A purchase of another player's listing: which, whose it was, what and for how much, and what they collect (their sale). */
    bought: { listingId: string; sellerUid: string; catalogId: string; price: number; proceeds: number };
    /** A listing opened, as anyone browsing the market sees it (docs/design.md section 9.11). */
    listed: { listingId: string; catalogId: string };
    /** A listing the seller closed: taken off the market, or collected after it ran out. */
    unlisted: { listingId: string; reason: 'cancelled' | 'expired' };
  }
}

export const market: Feature = { routes: marketRoutes };
