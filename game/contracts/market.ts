/** The market feature's refusals. Each ties its status, code and message (../refusal.ts). */
import { refusal } from '../refusal';

export const MARKET_REFUSALS = {
  belowFloor: refusal(400, 'below_floor', 'belowFloor'),
  noRoom: refusal(400, 'no_room', 'noRoom'),
  nothingToCollect: refusal(400, 'nothing_to_collect', 'nothingToCollect'),
  ownListing: refusal(400, 'own_listing', 'ownListing'),
  tooManyListings: refusal(400, 'too_many_listings', 'tooManyListings'),
  tradeLevel: refusal(403, 'level_too_low', 'tradeLevel'),
  tradeVerify: refusal(403, 'verify_first', 'tradeVerify'),
  listingGone: refusal(404, 'listing_gone', 'listingGone'),
  priceChanged: refusal(409, 'price_changed', 'priceChanged'),
} as const;
