/**
 * The market (docs/design.md section 8.5): escrowed fixed-price listings of fully researched items, paid in
 * gold. Both fees are burned, so the market takes gold out of the game and never makes any.
 */
import { INVENTORY_SIZE } from '../constants';
import { HOUR_MS } from '../time';

/** Trading needs this level (and a verified email). */
export const MARKET_LEVEL = 5;
/** Open listings a player may have at once. */
export const MAX_OPEN_LISTINGS = 5;
/** A listing nobody buys ends after this long; its item comes back with the next collect. */
export const LISTING_TTL_MS = 72 * HOUR_MS;
export const PRICE_MIN = 1;
export const PRICE_MAX = 1_000_000;
/** How many open listings a market page shows: the cheapest first. */
export const LISTINGS_SHOWN = 50;

/** Paid when listing, kept whatever happens: 1 gold and 1 % of the price (rounded down). */
export function listingFee(price: number): number {
  return 1 + Math.floor(price / 100);
}

/** Taken from the price when the item sells: 5 % (rounded down). */
export function saleFee(price: number): number {
  return Math.floor((price * 5) / 100);
}

/** What the seller collects for a sale. */
export function proceedsOf(price: number): number {
  return price - saleFee(price);
}

/** The median of some prices (the lower middle of an even count, so it is always a price that was paid); null for none. */
export function medianPrice(prices: readonly number[]): number | null {
  if (prices.length === 0) return null;
  const sorted = [...prices].sort((a, b) => a - b);
  return sorted[Math.floor((sorted.length - 1) / 2)] ?? null;
}

/** Where an item coming to a player goes (a purchase, a cancel, an unsold item collected). */
export type Arrival = 'inventory' | 'duffel';

/**
 * The inventory while it has room, else the duffel bag; null when neither has room, which the server refuses with
 * `MSG.noRoom(duffelBagSize)`. The server decides by it and the buy confirmation says it before the tap, so the
 * two cannot disagree (docs/design.md section 9.7).
 */
export function arrivalOf(held: { inventory: number; duffel: number }, duffelBagSize: number): Arrival | null {
  if (held.inventory < INVENTORY_SIZE) return 'inventory';
  if (held.duffel < duffelBagSize) return 'duffel';
  return null;
}
