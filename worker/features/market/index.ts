/** The market (docs/design.md section 8.5, ADR 019): what moderation uses (a banned seller's listings close). */
export { closeListingsOf } from './decide';
export { marketListings } from './schema';
