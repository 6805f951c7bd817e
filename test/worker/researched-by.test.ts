/**
 * Score is what you researched yourself (docs/design.md section 9.4, docs/decisions/024-researched-by.md): who
 * researched an item and when are set once and kept through every move, so no path that moves an old item or
 * moves an item between accounts makes it score, tried in bursts; and migration 0018's backfill.
 */
import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { API, pathOf } from '../../game/api';
import { contractsAt } from '../../game/rules/contracts';
import { CATALOGUE } from '../../game/rules/catalogue';
import { recipeById } from '../../game/rules/craft';
import { weekBounds, weekOf } from '../../game/rules/league';
import { xpForLevel } from '../../game/rules/level';
import { MARKET_LEVEL } from '../../game/rules/market';
import { researchDurationMs, tierPoints } from '../../game/rules/rarity';
import { seasonBounds, seasonOf } from '../../game/rules/season';
import type { Contracts, IntentResult, Market, Profile, TrophyEntry } from '../../game/wire';
import { call, giveItem, json, mintPlayer, setPlayer } from './helpers';
import { DAY_MS } from '../../game/time';

type Player = Awaited<ReturnType<typeof mintPlayer>>;


/** A player who may trade (level 5, a verified email), with gold, energy and a two-slot duffel bag. */
async function trader(): Promise<Player> {
  const player = await mintPlayer();
  await setPlayer(player.uid, { xp: xpForLevel(MARKET_LEVEL), level: MARKET_LEVEL, gold: 5000, energy: 20, duffel_bag_size: 2 });
  await env.DB.prepare('UPDATE users SET email_verified_at = ? WHERE id = ?').bind(Date.now(), player.uid).run();
  return player;
}

/** An item the player researched at `at` (last month's stockpile, say), in their duffel bag. */
async function researchedAt(player: Player, at: number, catalogId = 'radio-transceiver', quality = 6) {
  const id = await giveItem(player.uid, { catalogId, quality, location: 'duffel', researched: true });
  await env.DB.prepare('UPDATE items SET researched_at = ? WHERE id = ?').bind(at, id).run();
  return id;
}

const record = (id: string) => env.DB.prepare('SELECT uid, location, researched_by AS researchedBy, researched_at AS researchedAt FROM items WHERE id = ?').bind(id).first();
const seasonPoints = async (uid: string) =>
  (await env.DB.prepare('SELECT points FROM season_scores WHERE season = ? AND uid = ?').bind(seasonOf(Date.now()), uid).first<{ points: number }>())?.points ?? 0;
const profileOf = async (player: Player) => json<Profile>(await call(`/api/users/${player.uid}`, { token: player.token }));
const trophy = (player: Player, itemId: string) => call(API.addTrophy.path, { token: player.token, body: { itemId } });
const swap = (player: Player, body: { toDuffel: string[]; toInventory: string[] }) => call(API.swap.path, { token: player.token, body });

async function listFor(seller: Player, itemId: string, price: number) {
  const response = await call(API.listItem.path, { token: seller.token, body: { itemId, price } });
  expect(response.status, await response.clone().text()).toBe(200);
  return (await json<{ listing: { id: string } }>(response)).listing.id;
}

describe('an old item never counts as new', () => {
  it('swapped out and back in a burst, then trophied: all-time points, no season points, the time kept', async () => {
    const player = await trader();
    const lastMonth = seasonBounds(Date.now()).startsAt - 3 * DAY_MS;
    const item = await researchedAt(player, lastMonth);
    // Five tabs re-equip it at once: one swap commits, the rest are refused or find it moved.
    await Promise.all(Array.from({ length: 5 }, () => swap(player, { toDuffel: [], toInventory: [item] })));
    await Promise.all(Array.from({ length: 5 }, () => swap(player, { toDuffel: [item], toInventory: [] })));
    await Promise.all(Array.from({ length: 5 }, () => swap(player, { toDuffel: [], toInventory: [item] })));
    expect(await record(item)).toMatchObject({ researchedBy: player.uid, researchedAt: lastMonth });
    const responses = await Promise.all(Array.from({ length: 5 }, () => trophy(player, item)));
    expect(responses.filter((response) => response.status === 200)).toHaveLength(1);
    expect(await seasonPoints(player.uid)).toBe(0);
    expect((await profileOf(player)).trophyCaseScore).toBe(tierPoints('rare') * 6);
  });

  it('listed and cancelled in a burst, then trophied: no season points', async () => {
    const player = await trader();
    const item = await researchedAt(player, Date.now() - 40 * DAY_MS);
    for (let round = 0; round < 3; round += 1) {
      const listing = await listFor(player, item, 500);
      await Promise.all(Array.from({ length: 5 }, () => call(pathOf(API.cancelListing, { id: listing }), { token: player.token, body: {} })));
    }
    expect((await trophy(player, item)).status).toBe(200);
    expect(await seasonPoints(player.uid)).toBe(0);
    expect((await record(item))?.researchedAt).toBeLessThan(seasonBounds(Date.now()).startsAt);
  });

  it("the research contract ignores an item researched days ago and re-equipped today", async () => {
    // A player whose day has the research contract (the contracts are drawn per player and day).
    let player: Player | undefined;
    for (let tries = 0; tries < 40 && !player; tries += 1) {
      const candidate = await trader();
      if (contractsAt(candidate.uid, Date.now()).some((contract) => contract.kind === 'research')) player = candidate;
    }
    if (!player) throw new Error('no player drew the research contract in 40 tries');
    const item = await researchedAt(player, Date.now() - 3 * DAY_MS, 'plasma-cutter', 5);
    expect((await swap(player, { toDuffel: [], toInventory: [item] })).status).toBe(200);
    const research = (await json<Contracts>(await call(API.contracts.path, { token: player.token }))).contracts.find((contract) => contract.kind === 'research')!;
    expect(research.progress).toBe(0);
    // The same item as just researched today would count: the contract does measure.
    await env.DB.prepare('UPDATE items SET researched_at = ? WHERE id = ?').bind(Date.now() - 60_000, item).run();
    const again = (await json<Contracts>(await call(API.contracts.path, { token: player.token }))).contracts.find((contract) => contract.kind === 'research')!;
    expect(again.progress).toBe(1);
  });
});

describe('an item moved between accounts adds to a collection, not a score', () => {
  it('bought from another player (20 buyers at once, then 5 trophy taps): the buyer scores nothing; the researcher stays named', async () => {
    const seller = await trader();
    const item = await giveItem(seller.uid, { catalogId: 'radio-transceiver', quality: 9, location: 'duffel', researched: true });
    const listing = await listFor(seller, item, 400);
    const buyers = await Promise.all(Array.from({ length: 20 }, () => trader()));
    // Before buying, the market names who researched it.
    const market = await json<Market>(await call(`${API.market.path}?catalogId=radio-transceiver`, { token: buyers[0]!.token }));
    expect(market.listings.find((shown) => shown.id === listing)?.item.researchedBy).toBe(seller.username);
    const answers = await Promise.all(buyers.map((buyer) => call(pathOf(API.buyListing, { id: listing }), { token: buyer.token, body: { price: 400 } })));
    const winner = buyers[answers.findIndex((answer) => answer.status === 200)]!;
    expect(answers.filter((answer) => answer.status === 200)).toHaveLength(1);
    expect(await record(item)).toMatchObject({ uid: winner.uid, researchedBy: seller.uid });
    const bought = (await profileOf(winner)).inventory.find((owned) => owned.id === item)!;
    expect(bought.researchedBy).toBe(seller.username);

    await Promise.all(Array.from({ length: 5 }, () => trophy(winner, item)));
    expect(await record(item)).toMatchObject({ location: 'trophy', researchedBy: seller.uid });
    expect((await profileOf(winner)).trophyCaseScore).toBe(0);
    expect(await seasonPoints(winner.uid)).toBe(0);
    const [entry] = await json<TrophyEntry[]>(await call(pathOf(API.trophyCase, { uid: winner.uid }), { token: winner.token }));
    expect(entry?.item.researchedBy).toBe(seller.username);
  });

  it('sold to an alt and bought back: scores again only for who researched it, and only in the season it was researched', async () => {
    const main = await trader();
    const alt = await trader();
    const item = await researchedAt(main, Date.now() - 40 * DAY_MS, 'radio-transceiver', 8);
    const toAlt = await listFor(main, item, 400);
    expect((await call(pathOf(API.buyListing, { id: toAlt }), { token: alt.token, body: { price: 400 } })).status).toBe(200);
    const back = await listFor(alt, item, 400);
    expect((await call(pathOf(API.buyListing, { id: back }), { token: main.token, body: { price: 400 } })).status).toBe(200);
    expect((await trophy(main, item)).status).toBe(200);
    expect((await profileOf(main)).trophyCaseScore).toBe(tierPoints('rare') * 8);
    expect(await seasonPoints(main.uid)).toBe(0);
  });

  it('a craft scores only if its crafter researched every part', async () => {
    const recipe = recipeById('citadel-walker')!;
    for (const bought of [false, true]) {
      const crafter = await trader();
      const other = await trader();
      const partIds = recipe.inputs.map((input) => (input.kind === 'item' ? input.catalogId : ''));
      const parts = await Promise.all(
        partIds.map((catalogId, index) =>
          giveItem(crafter.uid, { catalogId, quality: 5, location: 'inventory', researched: true, researchedBy: bought && index === 0 ? other.uid : crafter.uid }),
        ),
      );
      const crafted = await call(API.craft.path, { token: crafter.token, body: { recipeId: recipe.id, itemIds: parts } });
      expect(crafted.status, await crafted.clone().text()).toBe(200);
      const result = (await json<IntentResult>(crafted)).profile.inventory.find((owned) => owned.catalogId === recipe.resultId)!;
      expect(result.researchedBy).toBe(bought ? null : crafter.username);
      expect((await trophy(crafter, result.id)).status).toBe(200);
      const score = (await profileOf(crafter)).trophyCaseScore;
      expect(score > 0, `a craft from ${bought ? 'a bought part' : 'own parts'}`).toBe(!bought);
      expect((await seasonPoints(crafter.uid)) > 0).toBe(!bought);
    }
  });
});

describe("a craft's research time is its newest part's (docs/design.md section 9.4)", () => {
  const recipe = recipeById('citadel-walker')!;
  const partIds = recipe.inputs.map((input) => (input.kind === 'item' ? input.catalogId : ''));
  const weekPoints = async (uid: string) =>
    (await env.DB.prepare('SELECT points FROM league_members WHERE week = ? AND uid = ?').bind(weekOf(Date.now()), uid).first<{ points: number }>())?.points ?? 0;
  const researchContract = async (player: Player) =>
    (await json<Contracts>(await call(API.contracts.path, { token: player.token }))).contracts.find((contract) => contract.kind === 'research')?.progress;

  /** Crafts the Walker from parts researched at `partsAt` (the newest at `partsAt`, the others a day before) and trophies it. */
  async function craftAndTrophy(player: Player, partsAt: number) {
    const parts = await Promise.all(partIds.map((catalogId) => giveItem(player.uid, { catalogId, quality: 5, location: 'duffel', researched: true })));
    for (const [index, part] of parts.entries()) {
      await env.DB.prepare('UPDATE items SET researched_at = ? WHERE id = ?').bind(partsAt - (index === 0 ? 0 : DAY_MS), part).run();
    }
    const crafted = await call(API.craft.path, { token: player.token, body: { recipeId: recipe.id, itemIds: parts } });
    expect(crafted.status, await crafted.clone().text()).toBe(200);
    const { profile } = await json<IntentResult>(crafted);
    const result = [...profile.inventory, ...profile.duffelBag].find((owned) => owned.catalogId === recipe.resultId)!;
    expect(await record(result.id)).toMatchObject({ researchedBy: player.uid, researchedAt: partsAt });
    expect((await trophy(player, result.id)).status).toBe(200);
  }

  it('from parts researched in an earlier week and season: all-time points, nothing in the week, the season or the research contract', async () => {
    let player: Player | undefined;
    for (let tries = 0; tries < 40 && !player; tries += 1) {
      const candidate = await trader();
      if (contractsAt(candidate.uid, Date.now()).some((contract) => contract.kind === 'research')) player = candidate;
    }
    if (!player) throw new Error('no player drew the research contract in 40 tries');
    await setPlayer(player.uid, { duffel_bag_size: 6 });
    // Before this week and this season, and outside the 24 hours of grace before either.
    const earlier = Math.min(weekBounds(Date.now()).startsAt, seasonBounds(Date.now()).startsAt) - 2 * DAY_MS;
    await craftAndTrophy(player, earlier);
    expect((await profileOf(player)).trophyCaseScore).toBeGreaterThan(0);
    expect(await seasonPoints(player.uid)).toBe(0);
    expect(await weekPoints(player.uid)).toBe(0);
    expect(await researchContract(player)).toBe(0);
  });

  it('from parts researched this week: scores in the week and the season, as its newest part would', async () => {
    const player = await trader();
    await setPlayer(player.uid, { duffel_bag_size: 6 });
    await craftAndTrophy(player, Date.now() - 60_000);
    expect(await seasonPoints(player.uid)).toBeGreaterThan(0);
    expect(await weekPoints(player.uid)).toBeGreaterThan(0);
  });

  it('migration 0032 gives a held craft stamped at its craft the unknown time, and leaves trophies and parts alone', async () => {
    const player = await trader();
    const now = Date.now();
    const insert = (id: string, catalogId: string, location: string, researchedAt: number) =>
      env.DB.prepare(
        `INSERT INTO items (id, uid, catalog_id, quality, location, research_ms, equipped_at, created_at, trophy_at, researched_by, researched_at)
         VALUES (?, ?, ?, 5, ?, 1e12, NULL, ?, ?, ?, ?)`,
      )
        .bind(id, player.uid, catalogId, location, now - 1000, location === 'trophy' ? now : null, player.uid, researchedAt)
        .run();
    const id = (name: string) => `${player.uid}-${name}`;
    await insert(id('held'), 'citadel-walker', 'duffel', now - 1000);
    await insert(id('trophy'), 'junkyard-titan', 'trophy', now - 1000);
    await insert(id('fixed'), 'skyhook-glider', 'inventory', now - 5 * DAY_MS);
    await insert(id('part'), 'road-flare', 'duffel', now - 1000);
    const migration = env.TEST_MIGRATIONS.find((entry) => entry.name.startsWith('0032_'))!;
    await env.DB.batch(migration.queries.map((query) => env.DB.prepare(query)));
    expect(await record(id('held'))).toMatchObject({ researchedAt: 0 });
    expect(await record(id('trophy'))).toMatchObject({ researchedAt: now - 1000 });
    expect(await record(id('fixed'))).toMatchObject({ researchedAt: now - 5 * DAY_MS });
    expect(await record(id('part'))).toMatchObject({ researchedAt: now - 1000 });
    // The migration names every Assembled item.
    const named = [...(/IN \(([^)]*)\)/.exec(migration.queries.join(' '))?.[1] ?? '').matchAll(/'([a-z-]+)'/g)].map((match) => match[1]);
    expect(named.sort()).toEqual(CATALOGUE.filter((item) => item.rarity === 'assembled').map((item) => item.id).sort());
  });
});

describe('the development fixtures', () => {
  it('/dev/fixtures/item and /dev/fixtures/research make items researched by the caller, now', async () => {
    const player = await trader();
    const made = await call('/dev/fixtures/item', { token: player.token, body: { catalogId: 'radio-transceiver', quality: 3 } });
    const { id } = await json<{ id: string }>(made);
    expect(await record(id)).toMatchObject({ researchedBy: player.uid });
    const taken = await giveItem(player.uid, { catalogId: 'feather' });
    expect((await call('/dev/fixtures/research', { token: player.token, body: { itemId: taken } })).status).toBe(200);
    const after = (await record(taken)) as { researchedBy: string; researchedAt: number };
    expect(after.researchedBy).toBe(player.uid);
    expect(Date.now() - after.researchedAt).toBeLessThan(60_000);
  });
});

describe('migration 0018 (its data statements, run again on rows as they stood before it)', () => {
  /** The statements after the schema changes: what the migration does to the rows. */
  const backfill = () => {
    const migration = env.TEST_MIGRATIONS.find((entry) => entry.name.startsWith('0018_'))!;
    return migration.queries.filter((query) => !/^\s*(DROP INDEX|ALTER TABLE|CREATE INDEX)/.test(query.replace(/^\s*--.*$/gm, '')));
  };

  it('names the owner or the first seller, keeps or dates what it can, and recomputes the scores it moves', async () => {
    const now = Date.now();
    const season = seasonOf(now);
    const { startsAt } = seasonBounds(now);
    const owner = await mintPlayer();
    const buyer = await mintPlayer();
    const rare = researchDurationMs('rare');
    const insert = (id: string, uid: string, location: string, researchMs: number, equippedAt: number | null, trophyAt: number | null, researchedAt: number | null) =>
      env.DB.prepare(
        `INSERT INTO items (id, uid, catalog_id, quality, location, research_ms, equipped_at, created_at, trophy_at, researched_by, researched_at)
         VALUES (?, ?, 'radio-transceiver', 5, ?, ?, ?, ?, ?, NULL, ?)`,
      )
        .bind(id, uid, location, researchMs, equippedAt, now - 90 * DAY_MS, trophyAt, researchedAt)
        .run();
    const id = (name: string) => `${owner.uid}-${name}`;
    // Finished during this equip, an hour ago: the exact time.
    await insert(id('equipped'), owner.uid, 'inventory', rare - 3_600_000, now - 7_200_000, null, null);
    // Re-equipped today after research finished long before, time never kept: unknown.
    await insert(id('reequipped'), owner.uid, 'inventory', rare + 5, now - 60_000, null, null);
    // Still researching: nobody yet.
    await insert(id('researching'), owner.uid, 'inventory', 0, now - 60_000, null, null);
    // A trophy researched and added this season, and one from before seasons.
    await insert(id('trophy'), owner.uid, 'trophy', rare, null, now - 1000, now - 5000);
    await insert(id('old-trophy'), owner.uid, 'trophy', rare, null, now - 2000, null);
    // Bought: its first sale names the seller.
    await insert(id('bought'), buyer.uid, 'trophy', rare, null, now - 500, now - 10_000);
    await env.DB.prepare(
      `INSERT INTO market_listings (id, seller_uid, item_id, catalog_id, quality, tier, price, listing_fee, status, buyer_uid, created_at, expires_at, closed_at, proceeds)
       VALUES (?, ?, ?, 'radio-transceiver', 5, 3, 100, 1, 'sold', ?, ?, ?, ?, 95)`,
    )
      .bind(crypto.randomUUID(), owner.uid, id('bought'), buyer.uid, now - 20_000, now + DAY_MS, now - 15_000)
      .run();
    // Scores as the old rule kept them: every trophy counted.
    const points = tierPoints('rare') * 5;
    await setPlayer(owner.uid, { trophy_case_score: points * 2 });
    await setPlayer(buyer.uid, { trophy_case_score: points });
    await env.DB.prepare('INSERT INTO season_scores (season, uid, points, trophies) VALUES (?, ?, ?, 1), (?, ?, ?, 1)').bind(season, owner.uid, points, season, buyer.uid, points).run();

    await env.DB.batch(backfill().map((query) => env.DB.prepare(query)));

    expect(await record(id('equipped'))).toMatchObject({ researchedBy: owner.uid, researchedAt: now - 7_200_000 + 3_600_000 });
    expect(await record(id('reequipped'))).toMatchObject({ researchedBy: owner.uid, researchedAt: 0 });
    expect(await record(id('researching'))).toMatchObject({ researchedBy: null, researchedAt: null });
    expect(await record(id('trophy'))).toMatchObject({ researchedBy: owner.uid, researchedAt: now - 5000 });
    expect(await record(id('old-trophy'))).toMatchObject({ researchedBy: owner.uid, researchedAt: 0 });
    expect(await record(id('bought'))).toMatchObject({ uid: buyer.uid, researchedBy: owner.uid });
    const score = (uid: string) => env.DB.prepare('SELECT trophy_case_score AS score FROM players WHERE uid = ?').bind(uid).first<{ score: number }>();
    expect(await score(owner.uid)).toEqual({ score: points * 2 });
    expect(await score(buyer.uid)).toEqual({ score: 0 });
    // This season: the owner's trophy researched this season stays; the buyer's bought one goes.
    expect(await seasonPoints(owner.uid)).toBe(now - 5000 >= startsAt ? points : 0);
    expect(await seasonPoints(buyer.uid)).toBe(0);
    expect(await env.DB.prepare('SELECT count(*) AS n FROM rank_marks').first<{ n: number }>()).toEqual({ n: 0 });
  });
});
