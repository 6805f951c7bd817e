import type { Rarity } from '../../../game/rules';
import { api, API } from '../../lib/api';
import { invalidate, readOf } from '../../lib/query';

/** The market's intents, each guarded against a double press on its own (lib/use-intent.ts). */
export type MarketIntent = 'list' | 'buy' | 'cancel' | 'collect';

/** What the browse list shows: one tier or one item, the cheapest or the newest first. */
export interface MarketFilter {
  tier: Rarity | null;
  catalogId: string | null;
  sort: 'price' | 'newest';
}

/** The market (docs/design.md section 8.5): every change answers the caller's fresh profile. */
export const marketApi = {
  browse: ({ tier, catalogId, sort }: MarketFilter) => readOf(API.market, { query: { sort, ...(tier ? { tier } : {}), ...(catalogId ? { catalogId } : {}) } }),
  /** One item's listings of one quality, with their median sale prices (docs/design.md section 9.7). */
  item: (catalogId: string, quality: number) => readOf(API.market, { query: { catalogId, quality: String(quality) } }),
  /** The items the player has seen, which the item filter offers (not spoiling the trophy case's unseen entries). */
  seen: readOf(API.marketSeen, {}),
  mine: readOf(API.myListings, {}),
  list: (itemId: string, price: number) => api.call(API.listItem, { body: { itemId, price } }),
  buy: (id: string, price: number) => api.call(API.buyListing, { params: { id }, body: { price } }),
  cancel: (id: string) => api.call(API.cancelListing, { params: { id }, body: {} }),
  collect: () => api.call(API.collectMarket, { body: {} }),
  /**
   * After a trade (or a refusal that says the list is out of date): the answers are the player's profile, so what
   * is for sale and the seller's listings are read again.
   */
  traded: () => invalidate(API.market, API.marketSeen, API.myListings),
};
