import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { MSG } from '../../game/messages';
import { rankOf, type RankStats } from '../../game/rules/rank';
import type { Activity, IntentResult, Item, Leaderboard, Profile, SalvageResult, TrophyEntry } from '../../game/wire';
import { call, expectError, giveItem, json, newPlayer, setPlayer } from './helpers';

type Player = Awaited<ReturnType<typeof newPlayer>>;
const profileOf = async (p: Player) => json<Profile>(await call(`/api/users/${p.uid}`, { token: p.token }));
const act = (p: Player, path: string, body: unknown = {}) => call(path, { body, token: p.token });
const ok = async (response: Response) => {
  expect(response.status, await response.clone().text()).toBe(200);
  return json<IntentResult>(response);
};
const itemCount = async (uid: string) =>
  (await env.DB.prepare('SELECT count(*) AS n FROM items WHERE uid = ?').bind(uid).first<{ n: number }>())?.n ?? 0;

describe('scavenging', () => {
  it('costs 1 energy, pays 1 gold, finds 6 items and starts the energy countdown', async () => {
    const player = await newPlayer();
    const { profile, loot } = await ok(await act(player, '/api/scavenge'));
    expect(profile.energy).toBe(19);
    expect(profile.gold).toBe(101);
    expect(profile.secondsToNextEnergy).toBe(120);
    expect(loot.map((entry) => entry.slot)).toEqual([0, 1, 2, 3, 4, 5]);
    expect(loot.every((entry) => entry.research === 0 && entry.quality >= 1 && entry.quality <= 10)).toBe(true);
    expect(await json(await call('/api/scavenge', { token: player.token }))).toEqual({ loot });
    const log = await json<Activity[]>(await call(`/api/users/${player.uid}/log`, { token: player.token }));
    expect(log[0]?.kind).toBe('scavenge');
  });

  it('is refused without energy, and changes nothing', async () => {
    const player = await newPlayer();
    await setPlayer(player.uid, { energy: 0, energy_at: Date.now() });
    await expectError(await act(player, '/api/scavenge'), 400, MSG.notEnoughEnergy);
    const profile = await profileOf(player);
    expect(profile.gold).toBe(100);
    expect((await json<{ loot: unknown[] }>(await call('/api/scavenge', { token: player.token }))).loot).toEqual([]);
  });

  it('energy comes back at one point per 120 seconds, up to 20', async () => {
    const player = await newPlayer();
    await setPlayer(player.uid, { energy: 3, energy_at: Date.now() - 250_000 });
    const profile = await profileOf(player);
    expect(profile.energy).toBe(5);
    expect(profile.secondsToNextEnergy).toBeGreaterThan(0);
    expect(profile.secondsToNextEnergy).toBeLessThanOrEqual(120 - 10 + 1);
    await setPlayer(player.uid, { energy: 3, energy_at: Date.now() - 10 * 60 * 60 * 1000 });
    expect(await profileOf(player)).toMatchObject({ energy: 20, secondsToNextEnergy: null });
  });

  it('spends exactly the energy there is when many scavenges race', async () => {
    const player = await newPlayer();
    await setPlayer(player.uid, { energy: 3, energy_at: Date.now() });
    const responses = await Promise.all(Array.from({ length: 8 }, () => act(player, '/api/scavenge')));
    expect(responses.filter((response) => response.status === 200)).toHaveLength(3);
    expect(responses.filter((response) => response.status === 400)).toHaveLength(5);
    // The first salvages nothing; each later one salvages the six finds the one before it left (section 9.1).
    const salvaged = await Promise.all(responses.filter((response) => response.status === 200).map(async (response) => (await json<SalvageResult>(response)).salvaged));
    expect(salvaged.map((entry) => entry.count).sort()).toEqual([0, 6, 6]);
    const profile = await profileOf(player);
    expect(profile.energy).toBe(0);
    expect(profile.gold).toBe(103 + salvaged.reduce((sum, entry) => sum + entry.gold, 0));
  });
});

describe('taking loot (Take/Swap)', () => {
  it('needs at least one find selected', async () => {
    const player = await newPlayer();
    await act(player, '/api/scavenge');
    await expectError(await act(player, '/api/scavenge/swap', { take: [], drop: [] }), 400, MSG.noLootSelected);
  });

  it('moves the chosen finds into the inventory, where research starts', async () => {
    const player = await newPlayer();
    const { loot } = await ok(await act(player, '/api/scavenge'));
    const { profile, loot: left } = await ok(await act(player, '/api/scavenge/swap', { take: [1, 4], drop: [] }));
    expect(profile.inventory).toHaveLength(2);
    expect(profile.inventory.map((item) => item.catalogId).sort()).toEqual([loot[1]!.catalogId, loot[4]!.catalogId].sort());
    expect(profile.inventory.every((item) => item.equippedAt !== null && item.research === 0)).toBe(true);
    expect(left.map((entry) => entry.slot)).toEqual([0, 2, 3, 5]);
    // Each new item gets its own 16-character id (worker/core/ids.ts newItemId).
    const ids = profile.inventory.map((item) => item.id);
    expect(ids.every((id) => /^[A-Za-z0-9_-]{16}$/.test(id))).toBe(true);
    expect(new Set(ids).size).toBe(2);
  });

  it('never lets the inventory exceed 6 items, but swapping one out makes room', async () => {
    const player = await newPlayer();
    const ids = await Promise.all(Array.from({ length: 6 }, () => giveItem(player.uid)));
    await act(player, '/api/scavenge');
    await expectError(await act(player, '/api/scavenge/swap', { take: [0], drop: [] }), 400, MSG.inventoryFull);
    const { profile } = await ok(await act(player, '/api/scavenge/swap', { take: [0], drop: [ids[0]] }));
    expect(profile.inventory).toHaveLength(6);
    expect(profile.inventory.some((item) => item.id === ids[0])).toBe(false);
  });

  it('takes one find once, even when two tabs take it together', async () => {
    const player = await newPlayer();
    await act(player, '/api/scavenge');
    const responses = await Promise.all([0, 1, 2].map(() => act(player, '/api/scavenge/swap', { take: [2], drop: [] })));
    expect(responses.map((response) => response.status).sort()).toEqual([200, 409, 409]);
    expect(await itemCount(player.uid)).toBe(1);
  });

  it('fills the inventory to exactly 6 when several takes race', async () => {
    const player = await newPlayer();
    await Promise.all(Array.from({ length: 4 }, () => giveItem(player.uid)));
    await act(player, '/api/scavenge');
    await Promise.all([0, 1, 2, 3, 4, 5].map((slot) => act(player, '/api/scavenge/swap', { take: [slot], drop: [] })));
    expect((await profileOf(player)).inventory).toHaveLength(6);
  });

  it("refuses another player's item as the one to drop, and changes nothing", async () => {
    const player = await newPlayer();
    const other = await newPlayer();
    const theirs = await giveItem(other.uid);
    await act(player, '/api/scavenge');
    await expectError(await act(player, '/api/scavenge/swap', { take: [0], drop: [theirs] }), 404, MSG.itemNotFound);
    expect(await itemCount(player.uid)).toBe(0);
    expect(await itemCount(other.uid)).toBe(1);
  });
});

describe('swapping with the duffel bag', () => {
  it('checks energy, then a selection, then research, then both capacities, with the spec messages', async () => {
    const player = await newPlayer();
    const fresh = await giveItem(player.uid);
    const done = await giveItem(player.uid, { researched: true });
    await expectError(await act(player, '/api/swap', { toDuffel: [], toInventory: [] }), 400, MSG.nothingToSwap);
    await expectError(await act(player, '/api/swap', { toDuffel: [fresh], toInventory: [] }), 400, MSG.mustBeResearched);
    await expectError(await act(player, '/api/swap', { toDuffel: [done], toInventory: [] }), 400, MSG.duffelFull(0));
    await setPlayer(player.uid, { energy: 1, energy_at: Date.now() });
    await expectError(await act(player, '/api/swap', { toDuffel: [done], toInventory: [] }), 400, MSG.notEnoughEnergy);
  });

  it('moves researched items both ways for 2 energy, banking research in the bag', async () => {
    const player = await newPlayer();
    await setPlayer(player.uid, { duffel_bag_size: 1 });
    const done = await giveItem(player.uid, { researched: true, catalogId: 'bottle-cap' });
    const inBag = await giveItem(player.uid, { location: 'duffel', researched: true });
    const { profile } = await ok(await act(player, '/api/swap', { toDuffel: [done], toInventory: [inBag] }));
    expect(profile.energy).toBe(18);
    expect(profile.duffelBag.map((item) => item.id)).toEqual([done]);
    expect(profile.duffelBag[0]).toMatchObject({ equippedAt: null, research: 100 });
    expect(profile.inventory.map((item) => item.id)).toEqual([inBag]);
    expect(profile.inventory[0]?.equippedAt).not.toBeNull();
    // The log names what moved where.
    const [entry] = await json<Activity[]>(await call(`/api/users/${player.uid}/log`, { token: player.token }));
    expect(entry?.text).toBe('Moved Bottle Cap (Very Common, quality 1) to the duffel bag, and Feather (Very Common, quality 1) to the inventory.');
  });

  it('refuses to overfill the inventory from the bag', async () => {
    const player = await newPlayer();
    await Promise.all(Array.from({ length: 6 }, () => giveItem(player.uid)));
    const inBag = await giveItem(player.uid, { location: 'duffel', researched: true });
    await expectError(await act(player, '/api/swap', { toDuffel: [], toInventory: [inBag] }), 400, MSG.inventoryFull);
  });

  it('keeps the bag within its size when swaps race', async () => {
    const player = await newPlayer();
    await setPlayer(player.uid, { duffel_bag_size: 1 });
    const ids = await Promise.all(Array.from({ length: 3 }, () => giveItem(player.uid, { researched: true })));
    const statuses = await Promise.all(ids.map(async (id) => (await act(player, '/api/swap', { toDuffel: [id], toInventory: [] })).status));
    expect(statuses.sort()).toEqual([200, 400, 400]);
    const profile = await profileOf(player);
    expect(profile.duffelBag).toHaveLength(1);
    expect(profile.energy).toBe(18);
  });
});

describe('the trophy case', () => {
  it('refuses an item that is not fully researched', async () => {
    const player = await newPlayer();
    const id = await giveItem(player.uid);
    await expectError(await act(player, '/api/trophycase', { itemId: id }), 400, MSG.trophyNeedsResearch);
  });

  it('takes a researched item, scores it and lifts the rank', async () => {
    const player = await newPlayer();
    const id = await giveItem(player.uid, { catalogId: 'bottle-cap', quality: 7, researched: true });
    const before = (await profileOf(player)).ranking;
    const { profile } = await ok(await act(player, '/api/trophycase', { itemId: id }));
    expect(profile.inventory).toEqual([]);
    expect(profile.trophyCaseScore).toBe(7);
    expect(profile.trophyCaseAvgQuality).toBe(7);
    expect(profile.ranking).toBeLessThanOrEqual(before);
    const entries = await json<TrophyEntry[]>(await call(`/api/trophycase/${player.uid}`, { token: player.token }));
    expect(entries.map((entry) => entry.item.id)).toEqual([id]);
    const board = await json<Leaderboard>(await call('/api/leaderboard', { token: player.token }));
    expect(board.me).toMatchObject({ username: player.username, trophyCaseScore: 7, trophies: 1, rank: profile.ranking });
  });

  it("counts each player's own trophies on the leaderboard", async () => {
    const one = await newPlayer();
    const two = await newPlayer();
    await giveItem(one.uid, { location: 'trophy', researched: true });
    await giveItem(two.uid, { location: 'trophy', researched: true });
    await giveItem(two.uid, { location: 'trophy', researched: true });
    for (const [player, trophies] of [[one, 1], [two, 2]] as const) {
      const board = await json<Leaderboard>(await call('/api/leaderboard', { token: player.token }));
      expect(board.me.trophies).toBe(trophies);
    }
  });

  it('ranks every player as the rule does: score first, then power, ties sharing the better rank', async () => {
    const players = await Promise.all([0, 1, 2, 3, 4].map(() => newPlayer()));
    // Ties on both keys, a tie on score broken by power, and a higher score with less power.
    const stats = [[9, 5, 5], [9, 5, 5], [9, 3, 2], [12, 0, 0], [0, 50, 50]];
    for (const [i, [score, attack, defense]] of stats.entries()) {
      await setPlayer(players[i]!.uid, { trophy_case_score: score, total_attack: attack, total_defense: defense });
    }
    // Other tests' players count too: the expected rank is the rule applied to everyone stored.
    const { results: everyone } = await env.DB.prepare(
      'SELECT trophy_case_score AS trophyCaseScore, total_attack AS totalAttack, total_defense AS totalDefense FROM players',
    ).all<RankStats>();
    const ranks = await Promise.all(players.map(async (p) => (await profileOf(p)).ranking));
    const boards = await Promise.all(players.map(async (p) => json<Leaderboard>(await call('/api/leaderboard', { token: p.token }))));
    expect(boards.map((board) => board.me.rank)).toEqual(ranks);
    // Level on both keys: each is told the rank is shared, wherever it is listed; a tie on score alone is not one.
    expect(boards.map((board) => board.meTied).slice(0, 3)).toEqual([true, true, false]);
    expect(ranks).toEqual(stats.map(([trophyCaseScore, totalAttack, totalDefense]) => rankOf({ trophyCaseScore: trophyCaseScore!, totalAttack: totalAttack!, totalDefense: totalDefense! }, everyone)));
    expect(ranks[0]).toBe(ranks[1]);
    expect(ranks[2]).toBeGreaterThan(ranks[0]!);
    expect(ranks[3]).toBeLessThan(ranks[0]!);
  });

  it('lists the top players in rank order, ties sharing a rank and listed by name', async () => {
    // Scores far above any other test's, so these four are the top of the board.
    const top = [[2e9, 0, 0], [1e9, 5, 5], [1e9, 5, 5], [1e9, 3, 2]] as const;
    const players = await Promise.all(top.map(() => newPlayer()));
    for (const [i, [score, attack, defense]] of top.entries()) {
      await setPlayer(players[i]!.uid, { trophy_case_score: score, total_attack: attack, total_defense: defense });
    }
    const board = await json<Leaderboard>(await call('/api/leaderboard', { token: players[3]!.token }));
    const tied = [players[1]!.username, players[2]!.username].sort();
    expect(board.top.slice(0, 4).map(({ username, rank, totalPower }) => ({ username, rank, totalPower }))).toEqual([
      { username: players[0]!.username, rank: 1, totalPower: 0 },
      { username: tied[0], rank: 2, totalPower: 10 },
      { username: tied[1], rank: 2, totalPower: 10 },
      { username: players[3]!.username, rank: 4, totalPower: 5 },
    ]);
    expect(board.me).toMatchObject({ username: players[3]!.username, rank: 4, trophyCaseScore: 1e9, trophies: 0 });
    expect(board.meTied).toBe(false);
    expect((await json<Leaderboard>(await call('/api/leaderboard', { token: players[1]!.token }))).meTied).toBe(true);
  });

  it('adds an item once when two requests race', async () => {
    const player = await newPlayer();
    const id = await giveItem(player.uid, { researched: true });
    const statuses = await Promise.all([0, 1].map(async () => (await act(player, '/api/trophycase', { itemId: id })).status));
    expect(statuses.sort()).toEqual([200, 404]);
    expect(await itemCount(player.uid)).toBe(1);
    expect((await profileOf(player)).trophyCaseScore).toBe(1);
  });
});

describe('deleting items', () => {
  it('deletes the selected inventory and duffel items, and only those', async () => {
    const player = await newPlayer();
    const a = await giveItem(player.uid);
    const b = await giveItem(player.uid, { location: 'duffel', researched: true });
    const c = await giveItem(player.uid);
    const { profile } = await ok(await act(player, '/api/items/delete', { itemIds: [a, b] }));
    expect(profile.inventory.map((item) => item.id)).toEqual([c]);
    expect(profile.duffelBag).toEqual([]);
  });

  it("refuses trophies and other players' items", async () => {
    const player = await newPlayer();
    const other = await newPlayer();
    const trophy = await giveItem(player.uid, { location: 'trophy', researched: true });
    const theirs = await giveItem(other.uid);
    await expectError(await act(player, '/api/items/delete', { itemIds: [trophy] }), 404, MSG.itemNotFound);
    await expectError(await act(player, '/api/items/delete', { itemIds: [theirs] }), 404, MSG.itemNotFound);
    await expectError(await act(player, '/api/items/delete', { itemIds: [] }), 400, MSG.nothingSelected);
    expect(await itemCount(other.uid)).toBe(1);
  });
});

describe('upgrading the duffel bag', () => {
  it('costs 20 × (size + 1) gold per slot and refuses without the gold', async () => {
    const player = await newPlayer();
    expect((await ok(await act(player, '/api/duffel/upgrade'))).profile).toMatchObject({ gold: 80, duffelBagSize: 1, duffelUpgradeCost: 40 });
    expect((await ok(await act(player, '/api/duffel/upgrade'))).profile).toMatchObject({ gold: 40, duffelBagSize: 2, duffelUpgradeCost: 60 });
    await expectError(await act(player, '/api/duffel/upgrade'), 400, MSG.notEnoughGold);
  });

  it('never spends gold it does not have when upgrades race', async () => {
    const player = await newPlayer();
    await setPlayer(player.uid, { gold: 30 });
    const statuses = await Promise.all(Array.from({ length: 5 }, async () => (await act(player, '/api/duffel/upgrade')).status));
    expect(statuses.filter((status) => status === 200)).toHaveLength(1);
    expect(await profileOf(player)).toMatchObject({ gold: 10, duffelBagSize: 1 });
  });
});

describe('research and reads', () => {
  it('grows only while equipped: 10 minutes to 100 for a very common item', async () => {
    const player = await newPlayer();
    const id = await giveItem(player.uid);
    await env.DB.prepare('UPDATE items SET equipped_at = ? WHERE id = ?').bind(Date.now() - 5 * 60 * 1000, id).run();
    const [half] = await json<Item[]>(await call(`/api/users/${player.uid}/items`, { token: player.token }));
    expect(half?.research).toBe(50);
    await env.DB.prepare('UPDATE items SET equipped_at = NULL, research_ms = 300000, location = ? WHERE id = ?').bind('duffel', id).run();
    const [banked] = await json<Item[]>(await call(`/api/users/${player.uid}/duffel`, { token: player.token }));
    expect(banked?.research).toBe(50);
  });

  it("answers 403 for another player's private data", async () => {
    const player = await newPlayer();
    const other = await newPlayer();
    for (const path of [`/api/users/${other.uid}`, `/api/users/${other.uid}/items`, `/api/users/${other.uid}/duffel`, `/api/users/${other.uid}/log`, `/api/trophycase/${other.uid}`]) {
      await expectError(await call(path, { token: player.token }), 403);
    }
  });

  it('lists items best first with the displayed totals', async () => {
    const player = await newPlayer();
    await giveItem(player.uid, { catalogId: 'feather' });
    await giveItem(player.uid, { catalogId: 'bottle-cap', quality: 10 });
    const scavenge = await ok(await act(player, '/api/scavenge'));
    const inventory = scavenge.profile.inventory;
    expect(inventory.map((item) => item.catalogId)).toEqual(['bottle-cap', 'feather']);
  });
});

describe('the catalogue', () => {
  it('is served for the trophy case with every tier the modal lists, and the season medals (Limited)', async () => {
    const catalogue = await json<{ id: string; rarity: string; value: number }[]>(await call('/api/catalogue'));
    expect(catalogue.length).toBeGreaterThanOrEqual(100);
    expect(new Set(catalogue.map((item) => item.rarity))).toEqual(
      new Set(['verycommon', 'common', 'uncommon', 'rare', 'veryrare', 'epic', 'legendary', 'artifact', 'heirloom', 'assembled', 'limited']),
    );
    expect(catalogue.every((item) => item.value === 100)).toBe(true);
  });
});
