/**
 * The market's table (docs/decisions/019-market.md).
 * drizzle-kit collects every feature's schema.ts with the core's (drizzle.config.ts). Times are unix milliseconds.
 */
import { sql } from 'drizzle-orm';
import { index, integer, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import { players } from '../../core/db/schema';

/**
 * The market's listings (docs/design.md section 8.5). An open listing holds its item (location `market`, still
 * the seller's). Buying closes it and moves the item in one batch, guarded by "still open"; the seller's
 * proceeds wait here until they collect. `listingFee` and the sale fee (price − proceeds) are burned.
 */
export const marketListings = sqliteTable(
  'market_listings',
  {
    id: text('id').primaryKey(),
    sellerUid: text('seller_uid')
      .notNull()
      .references(() => players.uid, { onDelete: 'cascade' }),
    itemId: text('item_id').notNull(),
    catalogId: text('catalog_id').notNull(),
    quality: integer('quality').notNull(),
    /** Who researched the item (its `researched_by`, a uid): buying it adds to a collection, not a score. */
    researchedBy: text('researched_by'),
    /** The catalogue tier's rank (game/rules/rarity.ts), for browsing by tier. */
    tier: integer('tier').notNull(),
    price: integer('price').notNull(),
    listingFee: integer('listing_fee').notNull(),
    status: text('status', { enum: ['open', 'sold', 'cancelled', 'expired'] }).notNull(),
    buyerUid: text('buyer_uid'),
    createdAt: integer('created_at').notNull(),
    expiresAt: integer('expires_at').notNull(),
    closedAt: integer('closed_at'),
    /** What the seller collects for a sale (0 until sold). */
    proceeds: integer('proceeds').notNull().default(0),
    collectedAt: integer('collected_at'),
  },
  (t) => [
    index('market_open').on(t.status, t.catalogId, t.price),
    index('market_open_tier').on(t.status, t.tier, t.price),
    // A seller's listings by status, and by when they closed: the notices' week of sales reads only those.
    index('market_seller_v2').on(t.sellerUid, t.status, t.closedAt),
    index('market_sales').on(t.catalogId, t.closedAt).where(sql`${t.status} = 'sold'`),
    // One item's sales of one quality by time: the medians for that quality (docs/design.md section 9.7).
    index('market_sales_quality').on(t.catalogId, t.quality, t.closedAt).where(sql`${t.status} = 'sold'`),
  ],
);
