/**
 * The market (docs/design.md sections 8.5 and 9.7, ADR 019) under bursts, in workerd against real D1: the escrow
 * that moves an item to exactly one buyer, buy against cancel, collects that pay once, the gold that only the fees
 * burn, and what the market tells: where a bought item goes, medians by quality, the items seen, sales at once.
 */
import { env } from 'cloudflare:workers';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { API, pathOf } from '../../game/api';
import { MSG } from '../../game/messages';
import { xpForLevel } from '../../game/rules/level';
import { recipeById } from '../../game/rules/craft';
import { CATALOGUE, catalogueById, itemsOfRarity } from '../../game/rules/catalogue';
import { INVENTORY_SIZE } from '../../game/constants';
import { arrivalOf, listingFee, MARKET_LEVEL, MAX_OPEN_LISTINGS, medianPrice, proceedsOf, saleFee } from '../../game/rules/market';
import { soldNotice } from '../../game/rules/notices';
import { floorPrice, salvageGold } from '../../game/rules/salvage';
import type { Market, MarketSeen, MyListings, NewListingResult, Notices, Profile } from '../../game/wire';
import { adminPlayer, call, expectError, giveItem, json, mintPlayer, setPlayer } from './helpers';

type Player = Awaited<ReturnType<typeof mintPlayer>>;

/** The recipe the property test crafts, and its parts as catalogue ids (all three named). */
const CRAFTED = recipeById('citadel-walker')!;
const CRAFT_PARTS = ['bunker-door', 'exoskeleton-legs', 'road-flare'];

/** A player who may trade: level 5, a verified email, and this much gold. */
async function trader(gold = 1000): Promise<Player> {
  const player = await mintPlayer();
  await setPlayer(player.uid, { xp: xpForLevel(MARKET_LEVEL), level: MARKET_LEVEL, gold, duffel_bag_size: 2 });
  await env.DB.prepare('UPDATE users SET email_verified_at = ? WHERE id = ?').bind(Date.now(), player.uid).run();
  return player;
}

const goldOf = async (uid: string) => (await env.DB.prepare('SELECT gold FROM players WHERE uid = ?').bind(uid).first<{ gold: number }>())!.gold;
const ownerOf = async (itemId: string) => env.DB.prepare('SELECT uid, location FROM items WHERE id = ?').bind(itemId).first<{ uid: string; location: string }>();

async function list(seller: Player, price: number, itemId?: string) {
  const item = itemId ?? (await giveItem(seller.uid, { location: 'duffel', researched: true }));
  const response = await call(API.listItem.path, { token: seller.token, body: { itemId: item, price } });
  expect(response.status, await response.clone().text()).toBe(200);
  const { listing } = await json<NewListingResult>(response);
  return { listing, itemId: item };
}

const buy = (buyer: Player, id: string, price: number) => call(pathOf(API.buyListing, { id }), { token: buyer.token, body: { price } });
const cancel = (seller: Player, id: string) => call(pathOf(API.cancelListing, { id }), { token: seller.token, body: {} });
const collect = (seller: Player) => call(API.collectMarket.path, { token: seller.token, body: {} });

describe('listing', () => {
  it('puts a researched item in escrow for the listing fee; the market shows it and the seller sees it as theirs', async () => {
    const seller = await trader(100);
    const { listing, itemId } = await list(seller, 250);
    expect(listing).toMatchObject({ itemId, price: 250, status: 'open' });
    expect(listing.expiresAt - listing.createdAt).toBe(72 * 3600_000);
    expect(await goldOf(seller.uid)).toBe(100 - listingFee(250));
    expect(await ownerOf(itemId)).toEqual({ uid: seller.uid, location: 'market' });

    const buyer = await trader();
    const market = await json<Market>(await call(`${API.market.path}?catalogId=feather`, { token: buyer.token }));
    expect(market.listings.find((shown) => shown.id === listing.id)).toMatchObject({ price: 250, seller: seller.username });
    const mine = await json<MyListings>(await call(API.myListings.path, { token: seller.token }));
    expect(mine.listings.map((shown) => shown.id)).toContain(listing.id);
    // A listed item can be neither trashed nor swapped.
    await expectError(await call(API.deleteItems.path, { token: seller.token, body: { itemIds: [itemId] } }), 404);
    expect(await ownerOf(itemId)).toEqual({ uid: seller.uid, location: 'market' });
  });

  it('refuses with the design’s words, changing nothing', async () => {
    const unverified = await mintPlayer();
    await setPlayer(unverified.uid, { xp: xpForLevel(MARKET_LEVEL), level: MARKET_LEVEL });
    const item = await giveItem(unverified.uid, { location: 'duffel', researched: true });
    await setPlayer(unverified.uid, { duffel_bag_size: 1 });
    await expectError(await call(API.listItem.path, { token: unverified.token, body: { itemId: item, price: 10 } }), 403, MSG.tradeVerify);

    const novice = await trader();
    await setPlayer(novice.uid, { xp: 0, level: 1 });
    const novicesItem = await giveItem(novice.uid, { location: 'duffel', researched: true });
    await expectError(await call(API.listItem.path, { token: novice.token, body: { itemId: novicesItem, price: 10 } }), 403, MSG.tradeLevel);

    const seller = await trader();
    const unresearched = await giveItem(seller.uid, { location: 'inventory' });
    await expectError(await call(API.listItem.path, { token: seller.token, body: { itemId: unresearched, price: 10 } }), 400, MSG.mustBeResearched);
    for (const price of [0, 1_000_001, 2.5]) await expectError(await call(API.listItem.path, { token: seller.token, body: { itemId: unresearched, price } }), 400, MSG.priceInvalid);

    await setPlayer(seller.uid, { duffel_bag_size: MAX_OPEN_LISTINGS + 1 });
    for (let n = 0; n < MAX_OPEN_LISTINGS; n += 1) await list(seller, 10);
    const sixth = await giveItem(seller.uid, { location: 'duffel', researched: true });
    await expectError(await call(API.listItem.path, { token: seller.token, body: { itemId: sixth, price: 10 } }), 400, MSG.tooManyListings);
    expect(await ownerOf(sixth)).toEqual({ uid: seller.uid, location: 'duffel' });
  });

  it('ten parallel listings of one item list it once', async () => {
    const seller = await trader();
    const item = await giveItem(seller.uid, { location: 'duffel', researched: true });
    const answers = await Promise.all(Array.from({ length: 10 }, () => call(API.listItem.path, { token: seller.token, body: { itemId: item, price: 50 } })));
    expect(answers.filter((answer) => answer.status === 200)).toHaveLength(1);
    const { n } = (await env.DB.prepare('SELECT count(*) AS n FROM market_listings WHERE item_id = ?').bind(item).first<{ n: number }>())!;
    expect(n).toBe(1);
    expect(await goldOf(seller.uid)).toBe(1000 - listingFee(50));
  });
});

describe('the floor price (docs/design.md section 9.3)', () => {
  const heirloom = itemsOfRarity('heirloom')[0]!;
  const floor = floorPrice({ catalogId: heirloom.id, rarity: heirloom.rarity, quality: 10 });
  const listBody = (itemId: string, price: number) => ({ itemId, price });

  it('is twice the salvage gold: below it a listing is refused, after the level, verification and item checks, changing nothing', async () => {
    expect(floor).toBe(2 * salvageGold({ catalogId: heirloom.id, rarity: heirloom.rarity, quality: 10 }));
    expect(floor).toBeGreaterThan(1);
    // The earlier checks win over a price below the floor.
    const unverified = await mintPlayer();
    await setPlayer(unverified.uid, { xp: xpForLevel(MARKET_LEVEL), level: MARKET_LEVEL, duffel_bag_size: 1 });
    const theirs = await giveItem(unverified.uid, { catalogId: heirloom.id, quality: 10, location: 'duffel', researched: true });
    await expectError(await call(API.listItem.path, { token: unverified.token, body: listBody(theirs, 1) }), 403, MSG.tradeVerify);
    const novice = await trader();
    await setPlayer(novice.uid, { xp: 0, level: 1 });
    const novicesItem = await giveItem(novice.uid, { catalogId: heirloom.id, quality: 10, location: 'duffel', researched: true });
    await expectError(await call(API.listItem.path, { token: novice.token, body: listBody(novicesItem, 1) }), 403, MSG.tradeLevel);
    const seller = await trader();
    await expectError(await call(API.listItem.path, { token: seller.token, body: listBody('no-such-item', 1) }), 404, MSG.itemNotFound);
    const unresearched = await giveItem(seller.uid, { catalogId: heirloom.id, quality: 10 });
    await expectError(await call(API.listItem.path, { token: seller.token, body: listBody(unresearched, 1) }), 400, MSG.mustBeResearched);

    const itemId = await giveItem(seller.uid, { catalogId: heirloom.id, quality: 10, location: 'duffel', researched: true });
    for (const price of [1, floor - 1]) {
      const refused = await expectError(await call(API.listItem.path, { token: seller.token, body: listBody(itemId, price) }), 400, MSG.belowFloor(floor));
      expect(refused.code).toBe('below_floor');
    }
    expect(await ownerOf(itemId)).toEqual({ uid: seller.uid, location: 'duffel' });
    expect(await goldOf(seller.uid)).toBe(1000);
    const { listing } = await list(seller, floor, itemId);
    expect(listing.price).toBe(floor);
    expect(await goldOf(seller.uid)).toBe(1000 - listingFee(floor));
  });

  it('leaves an open listing under the floor buyable until it runs out', async () => {
    const seller = await trader();
    const buyer = await trader();
    const { listing, itemId } = await list(seller, floor, await giveItem(seller.uid, { catalogId: heirloom.id, quality: 10, location: 'duffel', researched: true }));
    // As a listing made before the floor was: its price stays what it was.
    await env.DB.prepare('UPDATE market_listings SET price = 5 WHERE id = ?').bind(listing.id).run();
    const bought = await buy(buyer, listing.id, 5);
    expect(bought.status, await bought.clone().text()).toBe(200);
    expect(await ownerOf(itemId)).toMatchObject({ uid: buyer.uid });
    expect(await goldOf(buyer.uid)).toBe(1000 - 5);
  });
});

describe('buying', () => {
  it('20 parallel buyers of one listing: exactly one gets the item, the others hear it is gone, and only the winner pays', async () => {
    const seller = await trader();
    const { listing, itemId } = await list(seller, 300);
    const buyers = await Promise.all(Array.from({ length: 20 }, () => trader(500)));
    const answers = await Promise.all(buyers.map((buyer) => buy(buyer, listing.id, 300)));
    const won = answers.map((answer, index) => (answer.status === 200 ? index : -1)).filter((index) => index >= 0);
    expect(won).toHaveLength(1);
    for (const answer of answers.filter((answer) => answer.status !== 200)) await expectError(answer, 404, MSG.listingGone);
    const winner = buyers[won[0]!]!;
    expect(await ownerOf(itemId)).toMatchObject({ uid: winner.uid });
    const golds = await Promise.all(buyers.map((buyer) => goldOf(buyer.uid)));
    expect(golds.reduce((sum, gold) => sum + gold, 0)).toBe(20 * 500 - 300);
    const sold = await env.DB.prepare('SELECT status, buyer_uid, proceeds FROM market_listings WHERE id = ?').bind(listing.id).first();
    expect(sold).toEqual({ status: 'sold', buyer_uid: winner.uid, proceeds: proceedsOf(300) });
  });

  it('buy against cancel: exactly one wins, and the item has one owner', async () => {
    for (let round = 0; round < 4; round += 1) {
      const seller = await trader();
      const buyer = await trader();
      const { listing, itemId } = await list(seller, 40);
      const [bought, cancelled] = await Promise.all([buy(buyer, listing.id, 40), cancel(seller, listing.id)]);
      expect([bought.status, cancelled.status].filter((status) => status === 200)).toHaveLength(1);
      const owner = await ownerOf(itemId);
      expect(owner?.uid).toBe(bought.status === 200 ? buyer.uid : seller.uid);
      expect(owner?.location).not.toBe('market');
      expect(await goldOf(buyer.uid)).toBe(bought.status === 200 ? 1000 - 40 : 1000);
    }
  });

  it('refuses one’s own listing, a changed price, too little gold and a listing past its 72 hours', async () => {
    const seller = await trader();
    const { listing, itemId } = await list(seller, 120);
    await expectError(await buy(seller, listing.id, 120), 400, MSG.ownListing);
    const buyer = await trader(100);
    await expectError(await buy(buyer, listing.id, 100), 409, MSG.priceChanged);
    await expectError(await buy(buyer, listing.id, 120), 400, MSG.notEnoughGold);
    await expectError(await buy(buyer, 'no-such-listing', 120), 404, MSG.listingGone);
    await env.DB.prepare('UPDATE market_listings SET expires_at = ? WHERE id = ?').bind(Date.now() - 1, listing.id).run();
    await setPlayer(buyer.uid, { gold: 1000 });
    await expectError(await buy(buyer, listing.id, 120), 404, MSG.listingGone);
    expect(await goldOf(buyer.uid)).toBe(1000);
    // Run out: the next collect brings the item back.
    expect((await collect(seller)).status).toBe(200);
    expect((await ownerOf(itemId))?.location).toMatch(/^(inventory|duffel)$/);
  });
});

describe('collecting', () => {
  it('parallel collects pay the proceeds once; the fees are burned and no gold is made', async () => {
    const seller = await trader(1000);
    const buyer = await trader(1000);
    const { listing } = await list(seller, 777);
    expect((await buy(buyer, listing.id, 777)).status).toBe(200);
    const answers = await Promise.all(Array.from({ length: 6 }, () => collect(seller)));
    expect(answers.filter((answer) => answer.status === 200)).toHaveLength(1);
    for (const answer of answers.filter((answer) => answer.status !== 200)) await expectError(answer, 400, MSG.nothingToCollect);
    const [sellerGold, buyerGold] = [await goldOf(seller.uid), await goldOf(buyer.uid)];
    expect(sellerGold).toBe(1000 - listingFee(777) + proceedsOf(777));
    // What the two had, less what the market burned.
    expect(sellerGold + buyerGold).toBe(2000 - listingFee(777) - saleFee(777));
    const mine = await json<MyListings>(await call(API.myListings.path, { token: seller.token }));
    expect(mine.uncollected).toBe(0);
  });

  it('the median sale prices over a day, a week and a month', async () => {
    const buyer = await trader(100_000);
    const catalogId = 'feather';
    const sellers = await Promise.all([trader(), trader(), trader()]);
    const prices = [100, 300, 200];
    for (const [index, seller] of sellers.entries()) {
      const { listing } = await list(seller, prices[index]!);
      expect((await buy(buyer, listing.id, prices[index]!)).status).toBe(200);
    }
    const market = await json<Market>(await call(`${API.market.path}?catalogId=${catalogId}`, { token: buyer.token }));
    // Other tests' feather sales share the window: the median is one of the prices paid today.
    expect(market.medians?.day).toBeGreaterThan(0);
    expect(market.medians?.week).toBe(market.medians?.month);
    expect((await json<Market>(await call(API.market.path, { token: buyer.token }))).medians).toBeNull();
  });
});

describe('what the buy confirmation says (docs/design.md section 9.7)', () => {
  /** Where the client says the item would go, from the buyer's profile as the server answers it: the shared rule. */
  async function promised(buyer: Player) {
    const profile = await json<Profile>(await call(pathOf(API.profile, { uid: buyer.uid }), { token: buyer.token }));
    return { place: arrivalOf({ inventory: profile.inventory.length, duffel: profile.duffelBag.length }, profile.duffelBagSize), size: profile.duffelBagSize };
  }

  it('goes where the confirmation said, and when it said no room the server refuses with the same words', async () => {
    const seller = await trader();
    await setPlayer(seller.uid, { duffel_bag_size: MAX_OPEN_LISTINGS });
    const cases = [
      { inventory: 0, duffel: 0, size: 0, place: 'inventory' },
      { inventory: INVENTORY_SIZE, duffel: 1, size: 2, place: 'duffel' },
      { inventory: INVENTORY_SIZE, duffel: 0, size: 0, place: null },
      { inventory: INVENTORY_SIZE, duffel: 2, size: 2, place: null },
    ] as const;
    for (const wanted of cases) {
      const buyer = await trader();
      await setPlayer(buyer.uid, { duffel_bag_size: wanted.size });
      for (let n = 0; n < wanted.inventory; n += 1) await giveItem(buyer.uid, { location: 'inventory' });
      for (let n = 0; n < wanted.duffel; n += 1) await giveItem(buyer.uid, { location: 'duffel' });
      const { listing, itemId } = await list(seller, 20);
      const { place, size } = await promised(buyer);
      expect(place).toBe(wanted.place);
      const answer = await buy(buyer, listing.id, 20);
      if (place === null) {
        await expectError(answer, 400, MSG.noRoom(size));
        expect(await goldOf(buyer.uid)).toBe(1000);
        expect(await ownerOf(itemId)).toEqual({ uid: seller.uid, location: 'market' });
        expect((await cancel(seller, listing.id)).status).toBe(200);
      } else {
        expect(answer.status, await answer.clone().text()).toBe(200);
        expect(await ownerOf(itemId)).toEqual({ uid: buyer.uid, location: place });
      }
    }
    // A new player: six slots and no bag, so the seventh find is refused with the inventory's limit.
    expect(MSG.noRoom(0)).toBe(MSG.inventoryFull);
    expect(MSG.noRoom(2)).toBe(MSG.duffelFull(2));
  });

  it('with one slot left, two purchases at once: one lands in it, the other hears the limit the client would show', async () => {
    const [first, second] = [await trader(), await trader()];
    const buyer = await trader();
    await setPlayer(buyer.uid, { duffel_bag_size: 0 });
    for (let n = 0; n < INVENTORY_SIZE - 1; n += 1) await giveItem(buyer.uid, { location: 'inventory' });
    const offers = [await list(first, 30), await list(second, 30)];
    const answers = await Promise.all(offers.map(({ listing }) => buy(buyer, listing.id, 30)));
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 400]);
    await expectError(answers.find((answer) => answer.status === 400)!, 400, MSG.noRoom(0));
    expect((await promised(buyer)).place).toBeNull();
    expect(await goldOf(buyer.uid)).toBe(1000 - 30);
  });
});

describe('medians for one quality (docs/design.md section 9.7)', () => {
  const catalogId = 'bottle-cap';
  const floorAt = (quality: number) => floorPrice({ catalogId, rarity: catalogueById(catalogId)!.rarity, quality });

  it('`quality` narrows the medians and the listings to that quality; without it every quality counts', async () => {
    const buyer = await trader(100_000);
    const low = [floorAt(2) * 3, floorAt(2) * 5];
    const high = [floorAt(9) * 7];
    for (const [quality, prices] of [[2, low], [9, high]] as const) {
      for (const price of prices) {
        const seller = await trader();
        const { listing } = await list(seller, price, await giveItem(seller.uid, { catalogId, quality, location: 'duffel', researched: true }));
        expect((await buy(buyer, listing.id, price)).status).toBe(200);
      }
    }
    const stillListed = await trader();
    await list(stillListed, floorAt(9) * 2, await giveItem(stillListed.uid, { catalogId, quality: 9, location: 'duffel', researched: true }));

    const market = (query: string) => call(`${API.market.path}?catalogId=${catalogId}${query}`, { token: buyer.token });
    const lowest = await json<Market>(await market('&quality=2'));
    expect(lowest.medians).toEqual({ day: medianPrice(low), week: medianPrice(low), month: medianPrice(low) });
    expect(lowest.listings).toEqual([]);
    const highest = await json<Market>(await market('&quality=9'));
    expect(highest.medians).toEqual({ day: high[0], week: high[0], month: high[0] });
    expect(highest.listings.map((offer) => offer.item.quality)).toEqual([9]);
    expect((await json<Market>(await market('&quality=5'))).medians).toEqual({ day: null, week: null, month: null });
    // Without a quality, as before: every quality's sales.
    expect((await json<Market>(await market(''))).medians?.month).toBe(medianPrice([...low, ...high]));
    for (const bad of ['0', '11', '2.5', 'high', '']) await expectError(await market(`&quality=${bad}`), 400);
  });
});

describe("the item filter's list: only items the player has seen (docs/design.md section 9.7)", () => {
  const [owned, trophied, listedNow, ranOut, never] = itemsOfRarity('legendary').map((entry) => entry.id);
  const seen = async (player: Player) => (await json<MarketSeen>(await call(API.marketSeen.path, { token: player.token }))).catalogIds;

  it('what the player owns or has in their trophy case, and what is listed now; not what ran out or was never seen', async () => {
    const player = await trader();
    await giveItem(player.uid, { catalogId: owned!, location: 'inventory' });
    await giveItem(player.uid, { catalogId: trophied!, location: 'trophy', researched: true });
    const seller = await trader();
    const { listing } = await list(seller, floorPrice({ catalogId: listedNow!, rarity: 'legendary', quality: 1 }), await giveItem(seller.uid, { catalogId: listedNow!, location: 'duffel', researched: true }));
    const expired = await list(seller, floorPrice({ catalogId: ranOut!, rarity: 'legendary', quality: 1 }), await giveItem(seller.uid, { catalogId: ranOut!, location: 'duffel', researched: true }));
    await env.DB.prepare('UPDATE market_listings SET expires_at = ? WHERE id = ?').bind(Date.now() - 1, expired.listing.id).run();

    const list1 = await seen(player);
    expect(list1).toEqual(expect.arrayContaining([owned, trophied, listedNow]));
    expect(list1).not.toContain(ranOut);
    expect(list1).not.toContain(never);
    // In the catalogue's order, each once.
    expect(list1).toEqual(CATALOGUE.map((entry) => entry.id).filter((id) => list1.includes(id)));

    // Bought by someone else, it is no longer listed: gone from the list.
    const buyer = await trader(100_000);
    expect((await buy(buyer, listing.id, listing.price)).status).toBe(200);
    expect(await seen(player)).not.toContain(listedNow);
    expect(await seen(buyer)).toContain(listedNow);
    await expectError(await call(API.marketSeen.path), 401);
  });
});

describe('a sale is a notice at once (docs/design.md section 9.7)', () => {
  it('the seller sees "sold" in their notices as soon as the buyer commits, before any Collect', async () => {
    const seller = await trader();
    const buyer = await trader();
    const { listing } = await list(seller, 400);
    const before = await json<Notices>(await call(API.notices.path, { token: seller.token }));
    expect(before.notices.filter((notice) => notice.kind === 'sold')).toEqual([]);
    expect((await buy(buyer, listing.id, 400)).status).toBe(200);

    const after = await json<Notices>(await call(API.notices.path, { token: seller.token }));
    const notice = soldNotice('Feather', 400, proceedsOf(400));
    expect(after.notices.filter((shown) => shown.kind === 'sold')).toEqual([{ kind: 'sold', text: notice.body, url: '/market', at: expect.any(Number) }]);
    expect(after.unseen).toBe(before.unseen + 1);
    expect(notice.body).toBe(`Feather sold for 400 gold: collect ${proceedsOf(400)} gold at the market.`);
    // The buyer sold nothing.
    expect((await json<Notices>(await call(API.notices.path, { token: buyer.token }))).notices.filter((shown) => shown.kind === 'sold')).toEqual([]);
  });
});

describe('a ban', () => {
  it('closes the banned player’s listings and returns their items; a buyer then finds the listing gone', async () => {
    const admin = await adminPlayer();
    const seller = await trader();
    const buyer = await trader();
    const { listing, itemId } = await list(seller, 60);
    expect((await call(API.ban.path, { token: admin.token, body: { username: seller.username } })).status).toBe(200);
    await expectError(await buy(buyer, listing.id, 60), 404, MSG.listingGone);
    expect(await ownerOf(itemId)).toEqual({ uid: seller.uid, location: 'duffel' });
    const closed = await env.DB.prepare('SELECT status FROM market_listings WHERE id = ?').bind(listing.id).first<{ status: string }>();
    expect(closed?.status).toBe('cancelled');
    expect(await goldOf(buyer.uid)).toBe(1000);
  });
});

describe('a property', () => {
  /** What the market and the players hold, for the invariants: items by id, gold, proceeds waiting, fees burned. */
  async function ledger(uids: readonly string[]) {
    const marks = uids.map(() => '?').join(', ');
    const [golds, owned, listings] = await env.DB.batch([
      env.DB.prepare(`SELECT sum(gold) AS gold FROM players WHERE uid IN (${marks})`).bind(...uids),
      env.DB.prepare(`SELECT id, uid, location, catalog_id, quality FROM items WHERE uid IN (${marks})`).bind(...uids),
      env.DB.prepare(`SELECT id, seller_uid, item_id, price, listing_fee, status, proceeds, collected_at FROM market_listings WHERE seller_uid IN (${marks})`).bind(...uids),
    ]);
    type Listed = { id: string; seller_uid: string; item_id: string; price: number; listing_fee: number; status: string; proceeds: number; collected_at: number | null };
    const rows = listings!.results as Listed[];
    const burned = rows.reduce((sum, row) => sum + row.listing_fee + (row.status === 'sold' ? row.price - row.proceeds : 0), 0);
    const waiting = rows.filter((row) => row.status === 'sold' && row.collected_at === null).reduce((sum, row) => sum + row.proceeds, 0);
    return { gold: (golds!.results[0] as { gold: number }).gold, items: owned!.results as { id: string; uid: string; location: string; catalog_id: string; quality: number }[], listings: rows, burned, waiting };
  }

  it('random interleavings of list, buy, cancel, collect, run out, swap, trash and craft: one owner per item, and gold + proceeds + fees burned + crafts paid stays what it was plus the salvage paid (8 runs × up to 14 steps)', async () => {
    const step = fc.record({
      kind: fc.constantFrom('list', 'buy', 'cancel', 'collect', 'expire', 'swap', 'trash', 'craft'),
      actor: fc.nat(2),
      pick: fc.nat(9),
      price: fc.integer({ min: 1, max: 400 }),
      // Half the steps race a second step against the first.
      racing: fc.boolean(),
    });
    // Crafts that went through in all runs: the property must have met some.
    let craftsMade = 0;
    await fc.assert(
      fc.asyncProperty(fc.array(fc.tuple(step, step), { minLength: 1, maxLength: 14 }), async (pairs) => {
        const players = await Promise.all([trader(600), trader(600), trader(600)]);
        const uids = players.map((player) => player.uid);
        for (const player of players) {
          for (const location of ['inventory', 'duffel', 'duffel'] as const) await giveItem(player.uid, { location, researched: true });
          // The parts of one craft, equipped: a part may be listed, bought or trashed before the craft.
          for (const catalogId of CRAFT_PARTS) await giveItem(player.uid, { catalogId, location: 'inventory', researched: true });
        }
        const start = await ledger(uids);
        const trashed = new Set<string>();
        // Items a craft destroyed and made, and the gold crafts took (a sink like the fees).
        let crafted = { destroyed: 0, made: 0, gold: 0 };
        // Gold the deletes' salvage paid: the one source of gold here.
        let salvage = 0;

        const run = async (s: (typeof pairs)[number][number]) => {
          const { items, listings } = await ledger(uids);
          const actor = players[s.actor]!;
          const open = listings.filter((row) => row.status === 'open');
          const nth = <T>(list: readonly T[]) => (list.length ? list[s.pick % list.length] : undefined);
          const mine = items.filter((item) => item.uid === actor.uid && item.location !== 'market');
          switch (s.kind) {
            case 'list': {
              const item = nth(mine);
              return item ? call(API.listItem.path, { token: actor.token, body: { itemId: item.id, price: s.price } }) : null;
            }
            case 'buy': {
              const listing = nth(open);
              return listing ? buy(actor, listing.id, listing.price) : null;
            }
            case 'cancel': {
              const listing = nth(open.filter((row) => row.seller_uid === actor.uid));
              return listing ? cancel(actor, listing.id) : null;
            }
            case 'collect':
              return collect(actor);
            case 'expire': {
              const listing = nth(open);
              if (listing) await env.DB.prepare('UPDATE market_listings SET expires_at = ? WHERE id = ?').bind(Date.now() - 1, listing.id).run();
              return null;
            }
            case 'swap': {
              const out = nth(mine.filter((item) => item.location === 'inventory'));
              return out ? call(API.swap.path, { token: actor.token, body: { toDuffel: [out.id], toInventory: [] } }) : null;
            }
            case 'trash': {
              const item = nth(mine);
              if (!item) return null;
              const response = await call(API.deleteItems.path, { token: actor.token, body: { itemIds: [item.id] } });
              if (response.status === 200) {
                trashed.add(item.id);
                // A deleted item pays its salvage (section 9.1), reckoned here from the rules, not the answer.
                salvage += salvageGold({ catalogId: item.catalog_id, rarity: catalogueById(item.catalog_id)!.rarity, quality: item.quality });
              }
              return response;
            }
            case 'craft': {
              // One of the actor's items for each part, none twice.
              const used = new Set<string>();
              const parts = CRAFT_PARTS.map((catalogId) => {
                const part = mine.find((item) => item.catalog_id === catalogId && !used.has(item.id));
                if (part) used.add(part.id);
                return part;
              });
              if (parts.some((part) => !part)) return null;
              const response = await call(API.craft.path, { token: actor.token, body: { recipeId: CRAFTED.id, itemIds: parts.map((part) => part!.id) } });
              if (response.status === 200) {
                crafted = { destroyed: crafted.destroyed + parts.length, made: crafted.made + 1, gold: crafted.gold + CRAFTED.gold };
                craftsMade += 1;
              }
              return response;
            }
          }
        };

        for (const [first, second] of pairs) {
          const answers = await Promise.all(first.racing ? [run(first), run(second)] : [run(first)]);
          // Refusals are 4xx with the design's words, never a 500.
          for (const answer of answers) if (answer) expect(answer.status, await answer.clone().text()).toBeLessThan(500);

          const now = await ledger(uids);
          // Every item has exactly one row, one owner; only a trash or a craft removes one, and a craft makes one.
          const ids = now.items.map((item) => item.id);
          expect(new Set(ids).size).toBe(ids.length);
          expect(ids.length + trashed.size + crafted.destroyed - crafted.made).toBe(start.items.length);
          // An item is listed exactly when an open listing holds it, with its seller as its owner.
          const listed = now.items.filter((item) => item.location === 'market');
          const holding = now.listings.filter((row) => row.status === 'open');
          expect(listed.map((item) => item.id).sort()).toEqual(holding.map((row) => row.item_id).sort());
          for (const row of holding) expect(now.items.find((item) => item.id === row.item_id)?.uid).toBe(row.seller_uid);
          // No gold is made or lost: only the fees and the crafts take it, and only salvage makes it.
          expect(now.gold + now.waiting + now.burned + crafted.gold).toBe(start.gold + salvage);
        }
      }),
      // A fixed seed (docs/conventions.md section 5): unseeded, 8 runs now and then drew no craft that could go through,
      // and the check below failed with nothing broken.
      { numRuns: 8, seed: 42 },
    );
    expect(craftsMade).toBeGreaterThan(0);
  });
});
