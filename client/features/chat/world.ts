/**
 * The live world (docs/design.md section 9.11): what a `world` frame on the chat socket the player already has
 * changes in the data layer (lib/query.ts). Each event carries ids and numbers only, so the screens either take
 * the number (the drive), mark what they hold (a listing sold or withdrawn, at once) or read again (the rest).
 * Only reads on screen are read again; the others are marked stale for their next showing.
 */
import { WorldEventSchema, type WorldEvent } from '../../../game/chat-protocol';
import type { Drive, Market, MyListings } from '../../../game/wire';
import { API } from '../../lib/api';
import { cachedReads, invalidate, queryClient, readOf, updateReads } from '../../lib/query';

/**
 * The events of a frame that parse, each on its own: one that is malformed, or of a kind this client does not
 * know yet (a newer server), is dropped without losing the others.
 */
export function worldEventsOf(events: unknown): WorldEvent[] {
  if (!Array.isArray(events)) return [];
  return events.flatMap((event: unknown) => {
    const parsed = WorldEventSchema.safeParse(event);
    return parsed.success ? [parsed.data] : [];
  });
}

/** Applies one frame's events; each read is read again at most once for the whole frame. */
export function applyWorld(events: readonly WorldEvent[]): void {
  const stale = new Set<{ path: string }>();
  for (const event of events) {
    switch (event.kind) {
      case 'listing-opened':
        stale.add(API.market);
        break;
      case 'listing-closed': {
        const { listingId, reason } = event;
        // A sale stays on screen as "Sold just now"; a withdrawn listing just goes.
        updateReads<Market>(API.market, (market) => ({
          ...market,
          listings: reason === 'sold' ? market.listings.map((offer) => (offer.id === listingId ? { ...offer, status: 'sold' } : offer)) : market.listings.filter((offer) => offer.id !== listingId),
        }));
        // Only the seller holds it among their own listings: nobody else reads theirs again.
        if (cachedReads<MyListings>(API.myListings).some((mine) => mine.listings.some((listing) => listing.id === listingId))) stale.add(API.myListings);
        break;
      }
      case 'board-moved':
        stale.add(event.board === 'league' ? API.league : API.leaderboard);
        break;
      case 'drive-progress': {
        // The guild room sends only its own guild's drive: the number shows at once, and the drive panel's read
        // (features/drive/api.ts, the same cache entry) is read again for the donors and the reader's own gift.
        // Setting the number never cancels a read under way: a donor's own read after giving (issue #51) has
        // them both, and cancelled it left "You gave 0 points" and no donors until a reload.
        const read = readOf(API.drive, { params: { id: event.guildId } });
        const { points, target } = event;
        if (queryClient.getQueryData<Drive>(read.queryKey)) queryClient.setQueryData<Drive>(read.queryKey, (drive) => drive && { ...drive, points, target });
        stale.add(API.drive);
        break;
      }
      case 'attacked':
        // The fight's own notice reads the profile again (connection.ts); its list and the rating move here.
        stale.add(API.fights).add(API.arena);
        break;
    }
  }
  if (stale.size > 0) void invalidate(...stale);
}
