/**
 * The market's intents as decisions (docs/design.md section 8.5, ADR 019): pure functions of the player's state,
 * the rows read with it and the clock, answering the player's Changes or refusing with the design's message.
 *
 * The escrow: a listed item stays the seller's, at location `market`. Buying claims the buyer (the engine's write
 * token) and the listing, never the seller: the buyer's batch closes the listing only while it is still open and
 * moves the item only while it is still listed, and a guard row aborts the batch unless both happened
 * (`stillOpen`). So of twenty buyers, or a buyer and the seller cancelling, exactly one commits; the others are
 * decided again on fresh rows and refused. The seller's proceeds wait on the listing until they collect.
 */
import { ERRORS } from '../../../game/api';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { arrivalOf, LISTING_TTL_MS, listingFee, MARKET_LEVEL, MAX_OPEN_LISTINGS, proceedsOf } from '../../../game/rules/market';
import { rarityRank } from '../../../game/rules/rarity';
import { floorPrice } from '../../../game/rules/salvage';
import { equipResearch, leaveInventory } from '../../../game/rules/research';
import { changed, noChanges, type Changes } from '../../core/changes';
import { describe, countAt, ownItems } from '../../core/decisions';
import type { Database } from '../../core/db/client';
import { items } from '../../core/db/schema';
import type { Stores } from '../../core/stores';
import { marketListings } from './schema';
import { refuse } from '../../core/errors';
import { catalogueEntry, research, researchSpeedOf, type GameState, type ItemRow } from '../../core/state';

export type ListingRow = typeof marketListings.$inferSelect;

/** Who may trade: a verified email and level 5. */
export function assertTrader(state: GameState, emailVerified: boolean): void {
  if (!emailVerified) throw refuse(ERRORS.tradeVerify);
  if (state.player.level < MARKET_LEVEL) throw refuse(ERRORS.tradeLevel);
}

/** An open listing anyone may still buy: not sold, cancelled or past its 72 hours. */
export const isBuyable = (listing: ListingRow, now: number) => listing.status === 'open' && listing.expiresAt > now;

const gone = () => refuse(ERRORS.listingGone);


/**
 * Where an item arriving in the player's storage goes, by the rule the buy confirmation shows (game/rules
 * arrivalOf); `arriving` are the rows already placed by the same intent.
 */
function arrival(state: GameState, row: ItemRow, now: number, arriving: readonly ItemRow[] = []): ItemRow {
  const held = (location: ItemRow['location']) => countAt(state, location) + arriving.filter((other) => other.location === location).length;
  const size = state.player.duffelBagSize;
  switch (arrivalOf({ inventory: held('inventory'), duffel: held('duffel') }, size)) {
    case 'inventory':
      return { ...row, ...equipResearch({ ...row, equippedAt: null }, now, researchSpeedOf(state)), location: 'inventory' };
    case 'duffel':
      return { ...row, equippedAt: null, location: 'duffel' };
    case null:
      throw refuse(ERRORS.noRoom, size);
  }
}

export function listItem(state: GameState, emailVerified: boolean, openListings: number, body: { itemId: string; price: number }, id: string, now: number) {
  assertTrader(state, emailVerified);
  const [row] = ownItems(state, [body.itemId], ['inventory', 'duffel']);
  if (!row) throw refuse(ERRORS.itemNotFound);
  if (research(row, now) < 100) throw refuse(ERRORS.mustBeResearched);
  // The floor (docs/design.md section 9.3): an item never sells for less than its salvage would pay, so it cannot
  // pass between accounts for 1 gold.
  const entry = catalogueEntry(row.catalogId);
  const floor = floorPrice({ catalogId: row.catalogId, rarity: entry.rarity, quality: row.quality });
  if (body.price < floor) throw refuse(ERRORS.belowFloor, floor);
  if (openListings >= MAX_OPEN_LISTINGS) throw refuse(ERRORS.tooManyListings);
  const fee = listingFee(body.price);
  if (state.player.gold < fee) throw refuse(ERRORS.notEnoughGold);
  const listed: ItemRow = { ...leaveInventory(entry.rarity, row, now), location: 'market' };
  const listing: ListingRow = {
    id,
    sellerUid: state.player.uid,
    itemId: row.id,
    catalogId: row.catalogId,
    quality: row.quality,
    researchedBy: listed.researchedBy,
    tier: rarityRank(entry.rarity),
    price: body.price,
    listingFee: fee,
    status: 'open',
    buyerUid: null,
    createdAt: now,
    expiresAt: now + LISTING_TTL_MS,
    closedAt: null,
    proceeds: 0,
    collectedAt: null,
  };
  const changes: Changes = {
    ...noChanges(),
    player: { gold: state.player.gold - fee },
    putItems: [listed],
    log: { kind: 'market', text: `Listed ${describe(row.catalogId, row.quality)} for ${body.price} gold (fee ${fee} gold).` },
    events: [{ kind: 'listed', listingId: id, catalogId: row.catalogId }],
    effects: [({ shared }) => [shared.insert(marketListings).values(listing)]],
  };
  return { changes, listing, item: listed };
}

export function buyListing(state: GameState, emailVerified: boolean, listing: ListingRow | undefined, item: ItemRow | undefined, price: number, now: number): Changes {
  if (!listing || !isBuyable(listing, now) || !item || item.location !== 'market') throw gone();
  if (listing.sellerUid === state.player.uid) throw refuse(ERRORS.ownListing);
  assertTrader(state, emailVerified);
  if (listing.price !== price) throw refuse(ERRORS.priceChanged);
  if (state.player.gold < price) throw refuse(ERRORS.notEnoughGold);
  const bought = arrival(state, { ...item, uid: state.player.uid }, now);
  return {
    ...noChanges(),
    player: { gold: state.player.gold - price },
    // The engine inserts the item as the buyer's after the effects have taken it from the listing.
    putItems: [bought],
    log: { kind: 'market', text: `Bought ${describe(item.catalogId, item.quality)} for ${price} gold.` },
    // The seller hears of the sale at once (docs/design.md section 9.7), not only at their next Collect.
    events: [{ kind: 'bought', listingId: listing.id, sellerUid: listing.sellerUid, catalogId: item.catalogId, price, proceeds: proceedsOf(listing.price) }],
    effects: [
      ({ shared }, { uid }) => [
        shared
          .update(marketListings)
          .set({ status: 'sold', buyerUid: uid, closedAt: now, proceeds: proceedsOf(listing.price) })
          .where(and(eq(marketListings.id, listing.id), eq(marketListings.status, 'open'), sql`${marketListings.expiresAt} > ${now}`)),
      ],
      changed(1),
      ({ shared }) => [shared.delete(items).where(and(eq(items.id, item.id), eq(items.uid, listing.sellerUid), eq(items.location, 'market')))],
      changed(1),
    ],
  };
}

export function cancelListing(state: GameState, listing: ListingRow | undefined, now: number): Changes {
  if (!listing || listing.sellerUid !== state.player.uid || listing.status !== 'open') throw gone();
  const [row] = ownItems(state, [listing.itemId], ['market']);
  if (!row) throw gone();
  return {
    ...noChanges(),
    putItems: [arrival(state, row, now)],
    log: { kind: 'market', text: `Took ${describe(row.catalogId, row.quality)} off the market.` },
    events: [{ kind: 'unlisted', listingId: listing.id, reason: 'cancelled' }],
    effects: [
      ({ shared }) => [shared.update(marketListings).set({ status: 'cancelled', closedAt: now }).where(and(eq(marketListings.id, listing.id), eq(marketListings.status, 'open')))],
      changed(1),
    ],
  };
}

/**
 * Collects what the market holds for the seller: the proceeds of every sale not yet collected, and the items of
 * listings that ran out (as many as there is room for; the rest wait for the next collect).
 */
export function collect(state: GameState, listings: readonly ListingRow[], now: number): Changes {
  const sold = listings.filter((listing) => listing.status === 'sold' && listing.collectedAt === null);
  const expired = listings.filter((listing) => listing.status === 'open' && listing.expiresAt <= now);
  const returned: ItemRow[] = [];
  const returnedListings: ListingRow[] = [];
  for (const listing of expired) {
    const row = state.items.find((item) => item.id === listing.itemId && item.location === 'market');
    if (!row) continue;
    try {
      returned.push(arrival(state, row, now, returned));
      returnedListings.push(listing);
    } catch {
      break; // No room: the rest wait.
    }
  }
  if (sold.length === 0 && returned.length === 0) throw refuse(ERRORS.nothingToCollect);
  const gold = sold.reduce((sum, listing) => sum + listing.proceeds, 0);
  const soldIds = sold.map((listing) => listing.id);
  const returnedIds = returnedListings.map((listing) => listing.id);
  const parts = [gold > 0 && `${gold} gold from ${sold.length} ${sold.length === 1 ? 'sale' : 'sales'}`, returned.length > 0 && `${returned.length} unsold ${returned.length === 1 ? 'item' : 'items'} back`];
  return {
    ...noChanges(),
    player: { gold: state.player.gold + gold },
    putItems: returned,
    log: { kind: 'market', text: `Collected ${parts.filter(Boolean).join(' and ')}.` },
    events: returnedIds.map((listingId) => ({ kind: 'unlisted' as const, listingId, reason: 'expired' as const })),
    effects: [
      ...(soldIds.length > 0
        ? [({ shared }: Stores) => [shared.update(marketListings).set({ collectedAt: now }).where(and(inArray(marketListings.id, soldIds), sql`${marketListings.collectedAt} is null`))], changed(soldIds.length)]
        : []),
      ...(returnedIds.length > 0
        ? [({ shared }: Stores) => [shared.update(marketListings).set({ status: 'expired', closedAt: now }).where(and(inArray(marketListings.id, returnedIds), eq(marketListings.status, 'open')))], changed(returnedIds.length)]
        : []),
    ],
  };
}

/**
 * A banned player's open listings close and their items come back to the duffel bag (docs/design.md section
 * 8.5): statements for the ban's own batch, which also revokes the player's sessions. An intent of theirs still
 * in flight cannot list after it (every write guard requires the claimed players unbanned and the caller's
 * session live: worker/core/commit.ts), and a buyer's batch racing it finds the listing no longer open.
 */
export function closeListingsOf(db: Database, uid: string, now: number) {
  return [
    db.update(marketListings).set({ status: 'cancelled', closedAt: now }).where(and(eq(marketListings.sellerUid, uid), eq(marketListings.status, 'open'))),
    db.update(items).set({ location: 'duffel', equippedAt: null }).where(and(eq(items.uid, uid), eq(items.location, 'market'))),
  ] as const;
}
