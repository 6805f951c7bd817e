/**
 * The market (docs/design.md section 8.5, ADR 019): browse the cheapest open listings with the median sale
 * prices, list an item, buy, cancel, collect. Every change is an intent of the caller alone (./decide.ts).
 */
import { and, asc, desc, eq, exists, getTableColumns, gt, isNull, lte, or, sql } from 'drizzle-orm';
import { Hono } from 'hono';
import { z } from 'zod';
import { API } from '../../../game/api';
import { LISTINGS_SHOWN, medianPrice } from '../../../game/rules/market';
import { CATALOGUE } from '../../../game/rules/catalogue';
import { RARITIES, rarityRank } from '../../../game/rules/rarity';
import { BuyListingSchema, EmptyBodySchema, NewListingSchema } from '../../../game/schemas';
import type { Listing } from '../../../game/wire';
import type { Context } from '../../core/commit';
import type { Database } from '../../core/db/client';
import { items, players, users } from '../../core/db/schema';
import { marketListings } from './schema';
import type { AppEnv } from '../../core/env';
import { asPlayer } from '../../core/player';
import { route } from '../../core/route';
import { researcherOf, toIntentResult, toItem, toProfile, type ItemRow } from '../../core/state';
import { buyListing, cancelListing, collect, listItem, type ListingRow } from './decide';
import { DAY_MS } from '../../../game/time';

/** Qualities run from 1 to 10 (game/rules/rolls.ts QUALITY_TABLE; a craft's is the mean of its parts'). */
const QUALITY_MAX = 10;
/** The catalogue items a listing can hold (medals never drop), as the JSON array the seen-items read walks. */
const SELLABLE_IDS = JSON.stringify(CATALOGUE.filter((entry) => entry.rarity !== 'limited').map((entry) => entry.id));
/** How many recent sales the medians are taken over at most (the newest). */
const SALES_FOR_MEDIANS = 1000;

const MarketQuerySchema = z.strictObject({
  catalogId: z.string().max(64).optional(),
  /** One quality's listings and medians (docs/design.md section 9.7); without it, every quality's. */
  quality: z.coerce.number().int().min(1).max(QUALITY_MAX).optional(),
  tier: z.enum(RARITIES).optional(),
  sort: z.enum(['price', 'newest']).optional(),
});

/** A listing as the API answers it; `researcher` is the name of who researched its item (listingColumns). */
function toListing(listing: ListingRow & { researcher: string | null }, item: ItemRow, now: number): Listing {
  return { id: listing.id, itemId: listing.itemId, item: toItem(item, now, listing.researcher), price: listing.price, status: listing.status, createdAt: listing.createdAt, expiresAt: listing.expiresAt };
}

const verifiedRead = (db: Database, uid: string) => db.select({ verifiedAt: users.emailVerifiedAt }).from(users).where(eq(users.id, uid));

/** Whether the caller's email is verified, and a count of their open listings. */
function listingContext(uid: string): Context<readonly [ReturnType<typeof verifiedRead>, ReturnType<typeof openCount>], { verified: boolean; open: number }> {
  return {
    queries: (db) => [verifiedRead(db, uid), openCount(db, uid)] as const,
    parse: ([[user], [open]]) => ({ verified: user?.verifiedAt != null, open: open?.n ?? 0 }),
  };
}
// Listings that ran out still hold their item until it is collected, so they count.
const openCount = (db: Database, uid: string) =>
  db.select({ n: sql<number>`count(*)` }).from(marketListings).where(and(eq(marketListings.sellerUid, uid), eq(marketListings.status, 'open')));

/**
 * A listing's columns, and the name of who researched its item (docs/design.md section 9.4: a buyer learns before
 * buying that it adds to the collection, not the score): one row read per listing shown.
 */
const listingColumns = {
  ...getTableColumns(marketListings),
  researcher: sql<string | null>`CASE WHEN ${marketListings.researchedBy} IS NULL THEN NULL ELSE (SELECT ${players.username} FROM ${players} WHERE ${players.uid} = ${marketListings.researchedBy}) END`,
};

// Two statements, not a join: D1 answers rows keyed by column name, and both tables have `id`, `catalog_id`, ….
const listingRead = (db: Database, id: string) => db.select().from(marketListings).where(eq(marketListings.id, id));
const listedItemRead = (db: Database, id: string) =>
  db
    .select()
    .from(items)
    .where(
      and(
        eq(items.uid, sql`(select ${marketListings.sellerUid} from ${marketListings} where ${marketListings.id} = ${id})`),
        eq(items.id, sql`(select ${marketListings.itemId} from ${marketListings} where ${marketListings.id} = ${id})`),
      ),
    );

export const marketRoutes = new Hono<AppEnv>();

route(marketRoutes, API.market, { guard: asPlayer, query: MarketQuerySchema }, async (c, { query }) => {
  const now = Date.now();
  const filters = [eq(marketListings.status, 'open'), gt(marketListings.expiresAt, now)];
  if (query.catalogId) filters.push(eq(marketListings.catalogId, query.catalogId));
  if (query.quality) filters.push(eq(marketListings.quality, query.quality));
  if (query.tier) filters.push(eq(marketListings.tier, rarityRank(query.tier)));
  const sold = [eq(marketListings.catalogId, query.catalogId ?? ''), eq(marketListings.status, 'sold'), gt(marketListings.closedAt, now - 30 * DAY_MS)];
  if (query.quality) sold.push(eq(marketListings.quality, query.quality));
  const [rows, sales] = await c.var.player.read((db) => [
    db
      .select({ ...listingColumns, seller: players.username })
      .from(marketListings)
      .innerJoin(players, eq(players.uid, marketListings.sellerUid))
      .where(and(...filters))
      .orderBy(query.sort === 'newest' ? desc(marketListings.createdAt) : asc(marketListings.price))
      .limit(LISTINGS_SHOWN),
    db
      .select({ price: marketListings.price, closedAt: marketListings.closedAt })
      .from(marketListings)
      .where(and(...sold))
      .orderBy(desc(marketListings.closedAt))
      .limit(SALES_FOR_MEDIANS),
  ] as const);
  const within = (days: number) => medianPrice(sales.filter((sale) => (sale.closedAt ?? 0) > now - days * DAY_MS).map((sale) => sale.price));
  return {
    listings: rows.map(({ seller, ...listing }) => ({ ...toListing(listing, listedItem(listing), now), seller })),
    medians: query.catalogId ? { day: within(1), week: within(7), month: within(30) } : null,
  };
});

/**
 * The items the market's filter offers (docs/design.md section 9.7): what the player owns or has in their trophy
 * case, and what is listed now, so the trophy case's unseen entries stay unseen. Both reads are bounded: the
 * player's own items (as every intent reads them), and one index probe per catalogue item for an open listing.
 */
route(marketRoutes, API.marketSeen, { guard: asPlayer }, async (c) => {
  const now = Date.now();
  const [owned, listed] = await c.var.player.read((db, uid) => [
    db.selectDistinct({ catalogId: items.catalogId }).from(items).where(eq(items.uid, uid)),
    db
      .select({ catalogId: sql<string>`value` })
      .from(sql`json_each(${SELLABLE_IDS})`)
      .where(
        exists(
          db
            .select({ one: sql`1` })
            .from(marketListings)
            .where(and(eq(marketListings.status, 'open'), sql`${marketListings.catalogId} = value`, gt(marketListings.expiresAt, now))),
        ),
      ),
  ] as const);
  const seen = new Set([...owned, ...listed].map((row) => row.catalogId));
  return { catalogIds: CATALOGUE.filter((entry) => seen.has(entry.id)).map((entry) => entry.id) };
});

route(marketRoutes, API.myListings, { guard: asPlayer }, async (c) => {
  const now = Date.now();
  const [rows] = await c.var.player.read((db, uid) => [
    db
      .select(listingColumns)
      .from(marketListings)
      .where(
        and(
          eq(marketListings.sellerUid, uid),
          or(eq(marketListings.status, 'open'), and(eq(marketListings.status, 'sold'), isNull(marketListings.collectedAt)), gt(marketListings.closedAt, now - 7 * DAY_MS)),
        ),
      )
      .orderBy(desc(marketListings.createdAt))
      .limit(LISTINGS_SHOWN),
  ] as const);
  const shown = rows.map((listing) => ({ ...toListing(listing, listedItem(listing), now), proceeds: listing.proceeds, collectedAt: listing.collectedAt }));
  const uncollected = rows.filter((listing) => listing.status === 'sold' && listing.collectedAt === null).reduce((sum, listing) => sum + listing.proceeds, 0);
  return { listings: shown, uncollected };
});

/**
 * The listing's item as it was listed: fully researched (only such items are listed), at `market`. Shown from the
 * listing's own columns, which also serve a listing whose item has gone to its buyer.
 */
function listedItem(listing: ListingRow): ItemRow {
  return {
    id: listing.itemId,
    uid: listing.buyerUid ?? listing.sellerUid,
    catalogId: listing.catalogId,
    quality: listing.quality,
    location: 'market',
    researchMs: Number.MAX_SAFE_INTEGER,
    equippedAt: null,
    researchSpeed: 0,
    createdAt: listing.createdAt,
    trophyAt: null,
    researchedBy: listing.researchedBy,
    researchedAt: listing.createdAt,
  };
}

route(marketRoutes, API.listItem, { guard: asPlayer, body: NewListingSchema }, async (c, { body }) => {
  const { player } = c.var;
  const id = crypto.randomUUID();
  let listed: { listing: ListingRow; item: ItemRow } | undefined;
  return player.commitOwn(
    listingContext(player.uid),
    (state, now, { verified, open }) => {
      const decided = listItem(state, verified, open, body, id, now);
      listed = decided;
      return decided.changes;
    },
    (outcome) => {
      if (!listed) throw new Error('the decision ran');
      const researcher = researcherOf(listed.item, outcome.after.player, outcome.now);
      return { listing: toListing({ ...listed.listing, researcher }, listed.item, outcome.now), profile: toProfile(outcome.after, outcome.ranking, outcome.now) };
    },
  );
});

route(marketRoutes, API.buyListing, { guard: asPlayer, body: BuyListingSchema }, async (c, { body, path: { id } }) => {
  const { player } = c.var;
  const context: Context<
    readonly [ReturnType<typeof verifiedRead>, ReturnType<typeof listingRead>, ReturnType<typeof listedItemRead>],
    { verified: boolean; listing: ListingRow | undefined; item: ItemRow | undefined }
  > = {
    queries: (db) => [verifiedRead(db, player.uid), listingRead(db, id), listedItemRead(db, id)] as const,
    parse: ([[user], [listing], [item]]) => ({ verified: user?.verifiedAt != null, listing, item }),
  };
  return player.commitOwn(context, (state, now, { verified, listing, item }) => buyListing(state, verified, listing, item, body.price, now), toIntentResult);
});

route(marketRoutes, API.cancelListing, { guard: asPlayer, body: EmptyBodySchema }, async (c, { path: { id } }) => {
  const context: Context<readonly [ReturnType<typeof listingRead>], ListingRow | undefined> = {
    queries: (db) => [listingRead(db, id)] as const,
    parse: ([[listing]]) => listing,
  };
  return c.var.player.commitOwn(context, (state, now, listing) => cancelListing(state, listing, now), toIntentResult);
});

route(marketRoutes, API.collectMarket, { guard: asPlayer, body: EmptyBodySchema }, async (c) => {
  const { uid } = c.var.player;
  const now = Date.now();
  const context: Context<readonly [ReturnType<typeof collectable>], ListingRow[]> = {
    queries: (db) => [collectable(db, uid, now)] as const,
    parse: ([rows]) => rows,
  };
  return c.var.player.commitOwn(context, (state, at, listings) => collect(state, listings, at), toIntentResult);
});

/** The seller's sales not collected yet, and listings that ran out still holding their item. */
const collectable = (db: Database, uid: string, now: number) =>
  db
    .select()
    .from(marketListings)
    .where(
      and(
        eq(marketListings.sellerUid, uid),
        or(and(eq(marketListings.status, 'sold'), isNull(marketListings.collectedAt)), and(eq(marketListings.status, 'open'), lte(marketListings.expiresAt, now))),
      ),
    );
