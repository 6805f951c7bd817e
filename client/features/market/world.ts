/**
 * The live world's market events (docs/design.md section 9.11) in the market's reads: a sale stays on screen as
 * "Sold just now", a withdrawn or expired listing goes at once, and a new one reads the market again.
 */
import type { Market, MyListings } from '../../../game/wire';
import { API } from '../../lib/api';
import type { WorldHandlers } from '../../lib/feature';
import { cachedReads, updateReads } from '../../lib/query';

export const world: WorldHandlers = {
  'listing-opened': (_event, stale) => stale.add(API.market),
  'listing-closed': ({ listingId, reason }, stale) => {
    updateReads<Market>(API.market, (market) => ({
      ...market,
      listings: reason === 'sold' ? market.listings.map((offer) => (offer.id === listingId ? { ...offer, status: 'sold' } : offer)) : market.listings.filter((offer) => offer.id !== listingId),
    }));
    // Only the seller holds it among their own listings: nobody else reads theirs again.
    if (cachedReads<MyListings>(API.myListings).some((mine) => mine.listings.some((listing) => listing.id === listingId))) stale.add(API.myListings);
  },
};
