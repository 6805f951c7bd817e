/** The market feature's contract: its endpoints, and its refusals, each tying its status, code and message (../refusal.ts). */
import { get, post } from '../endpoint';
import { refusal } from '../refusal';
import type { BuyListing, EmptyBody, NewListing } from '../schemas';
import { IntentResultSchema, MarketSchema, MarketSeenSchema, MyListingsSchema, NewListingResultSchema } from '../wire';

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

export const MARKET_API = {
  /** The market (docs/design.md sections 8.5, 9.7). `?catalogId=&quality=&tier=&sort=price|newest`. */
  market: get('/api/market', MarketSchema),
  marketSeen: get('/api/market/seen', MarketSeenSchema),
  myListings: get('/api/market/mine', MyListingsSchema),
  listItem: post<NewListing>()('/api/market/listings', NewListingResultSchema, [MARKET_REFUSALS.belowFloor, MARKET_REFUSALS.tooManyListings, MARKET_REFUSALS.tradeLevel, MARKET_REFUSALS.tradeVerify]),
  buyListing: post<BuyListing>()('/api/market/listings/:id/buy', IntentResultSchema, [MARKET_REFUSALS.listingGone, MARKET_REFUSALS.noRoom, MARKET_REFUSALS.ownListing, MARKET_REFUSALS.priceChanged, MARKET_REFUSALS.tradeLevel, MARKET_REFUSALS.tradeVerify]),
  cancelListing: post<EmptyBody>()('/api/market/listings/:id/cancel', IntentResultSchema, [MARKET_REFUSALS.listingGone, MARKET_REFUSALS.noRoom]),
  collectMarket: post<EmptyBody>()('/api/market/collect', IntentResultSchema, [MARKET_REFUSALS.noRoom, MARKET_REFUSALS.nothingToCollect]),
} as const;
