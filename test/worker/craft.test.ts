/** Crafting (docs/design.md section 7.3): recipes, every refusal, placement, and a race for the same parts. */
import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { API } from '../../game/api';
import { MSG } from '../../game/messages';
import { CATALOGUE, matchesRecipe, recipeById, RECIPES } from '../../game/rules';
import type { IntentResult, Profile, TrophyEntry } from '../../game/wire';
import { call, expectError, giveItem, json, newPlayer, setPlayer } from './helpers';

type Player = Awaited<ReturnType<typeof newPlayer>>;

const profileOf = async (p: Player) => json<Profile>(await call(`/api/users/${p.uid}`, { token: p.token }));
const craft = (p: Player, recipeId: string, itemIds: string[]) => call('/api/craft', { body: { recipeId, itemIds }, token: p.token });
const itemRows = async (uid: string) =>
  (await env.DB.prepare('SELECT id, catalog_id AS catalogId, location FROM items WHERE uid = ? ORDER BY id').bind(uid).all<{ id: string; catalogId: string; location: string }>())
    .results;

/** The Citadel Walker's parts: the Bunker Door, the Exoskeleton Legs and a Road Flare (all named). */
const WALKER_PARTS = ['bunker-door', 'exoskeleton-legs', 'road-flare'];

async function playerWithParts(qualities = [4, 7, 6], { location = 'inventory' as 'inventory' | 'duffel', gold = 300 } = {}) {
  const player = await newPlayer();
  await setPlayer(player.uid, { gold, duffel_bag_size: 4 });
  const ids: string[] = [];
  for (const [index, catalogId] of WALKER_PARTS.entries()) {
    ids.push(await giveItem(player.uid, { catalogId, quality: qualities[index], location, researched: true }));
  }
  return { player, ids };
}

/** Nothing about the player changed: profile (but the clock-driven fields), items, log. */
async function expectUnchanged(player: Player, before: Profile, rowsBefore: Awaited<ReturnType<typeof itemRows>>) {
  const after = await profileOf(player);
  expect({ ...after, serverTime: 0 }).toEqual({ ...before, serverTime: 0 });
  expect(await itemRows(player.uid)).toEqual(rowsBefore);
}

describe('recipes', () => {
  it('GET /api/recipes is public and gives every Assembled item one recipe', async () => {
    const response = await call('/api/recipes');
    expect(response.status).toBe(200);
    const recipes = API.recipes.response.parse(await response.json());
    const assembled = CATALOGUE.filter((item) => item.rarity === 'assembled').map((item) => item.id);
    expect(recipes.map((recipe) => recipe.result.id).sort()).toEqual([...assembled].sort());
    expect(recipes.every((recipe) => recipe.result.rarity === 'assembled' && recipe.gold > 0 && recipe.inputs.length > 0)).toBe(true);
    const walker = recipes.find((recipe) => recipe.id === 'citadel-walker');
    expect(walker?.inputs).toEqual([
      expect.objectContaining({ kind: 'item', count: 1, item: expect.objectContaining({ id: 'bunker-door', name: 'Bunker Door' }) }),
      expect.objectContaining({ kind: 'item', count: 1, item: expect.objectContaining({ id: 'exoskeleton-legs' }) }),
      expect.objectContaining({ kind: 'item', count: 1, item: expect.objectContaining({ id: 'road-flare', name: 'Road Flare' }) }),
    ]);
  });

  it('matches named parts first, lets a spare named part count for its tier, and wants exact counts', () => {
    const walker = recipeById('citadel-walker');
    const hammer = recipeById('scrapforge-hammer');
    if (!walker || !hammer) throw new Error('no walker or hammer');
    expect(matchesRecipe(walker, WALKER_PARTS)).toBe(true);
    expect(matchesRecipe(walker, [...WALKER_PARTS].reverse())).toBe(true);
    // A named part stands for no other: another Very Rare for the legs, another Common for the flare.
    expect(matchesRecipe(walker, ['bunker-door', 'sniper-rifle', 'road-flare'])).toBe(false);
    expect(matchesRecipe(walker, ['bunker-door', 'exoskeleton-legs', 'garden-shears'])).toBe(false);
    expect(matchesRecipe(walker, ['bunker-door', 'exoskeleton-legs'])).toBe(false);
    expect(matchesRecipe(walker, [...WALKER_PARTS, 'road-flare'])).toBe(false);
    // The Scrapforge Hammer: 2 Sledgehammers, the Chainsaw, 2 Road Flares, any Rare and any Very Rare. A second
    // Chainsaw is a Rare item like any other, but a Katana cannot stand for the named Chainsaw.
    const HAMMER_PARTS = ['sledgehammer', 'sledgehammer', 'chainsaw', 'road-flare', 'road-flare', 'katana', 'plasma-cutter'];
    expect(matchesRecipe(hammer, HAMMER_PARTS)).toBe(true);
    expect(matchesRecipe(hammer, HAMMER_PARTS.map((id) => (id === 'katana' ? 'chainsaw' : id)))).toBe(true);
    expect(matchesRecipe(hammer, HAMMER_PARTS.map((id) => (id === 'chainsaw' ? 'katana' : id)))).toBe(false);
    expect(RECIPES.every((recipe) => !matchesRecipe(recipe, []))).toBe(true);
  });
});

describe('crafting', () => {
  it('consumes the parts and the gold, and makes a researched Assembled item of the rounded mean quality', async () => {
    const { player, ids } = await playerWithParts([4, 7, 6]);
    const response = await craft(player, 'citadel-walker', ids);
    expect(response.status, await response.clone().text()).toBe(200);
    const { profile } = await json<IntentResult>(response);
    expect(profile.gold).toBe(50);
    expect(profile.xp).toBe(20);
    expect(profile.inventory).toHaveLength(1);
    const [walker] = profile.inventory;
    // (4 + 7 + 6) / 3 = 5.67, rounded to 6.
    expect(walker).toMatchObject({ catalogId: 'citadel-walker', rarity: 'assembled', quality: 6, research: 100 });
    expect((await itemRows(player.uid)).map((row) => row.catalogId)).toEqual(['citadel-walker']);
    const log = await json<{ kind: string; text: string }[]>(await call(`/api/users/${player.uid}/log`, { token: player.token }));
    expect(log[0]?.kind).toBe('craft');
    expect(log[0]?.text).toContain('Citadel Walker');

    // Straight into the trophy case's Assembled tier.
    expect((await call('/api/trophycase', { body: { itemId: walker?.id }, token: player.token })).status).toBe(200);
    const trophies = await json<TrophyEntry[]>(await call(`/api/trophycase/${player.uid}`, { token: player.token }));
    expect(trophies.map((entry) => entry.item.rarity)).toEqual(['assembled']);
  });

  it('rounds the mean down below a half', async () => {
    const { player, ids } = await playerWithParts([1, 1, 2]);
    const { profile } = await json<IntentResult>(await craft(player, 'citadel-walker', ids));
    expect(profile.inventory[0]?.quality).toBe(1);
  });

  it('puts the result in the duffel bag when the inventory is full and every part came from the bag', async () => {
    const { player, ids } = await playerWithParts([8, 8, 8], { location: 'duffel' });
    for (let n = 0; n < 6; n += 1) await giveItem(player.uid, { catalogId: 'feather' });
    const { profile } = await json<IntentResult>(await craft(player, 'citadel-walker', ids));
    expect(profile.inventory).toHaveLength(6);
    expect(profile.duffelBag.map((item) => [item.catalogId, item.quality, item.research])).toEqual([['citadel-walker', 8, 100]]);
  });

  describe('refuses, changing nothing', () => {
    interface Refusal {
      /** Arranges the case and answers the craft to send. */
      arrange: (setup: { player: Player; ids: string[] }) => Promise<{ recipeId?: string; itemIds: string[] }>;
      status: number;
      message: string;
    }
    const withPart = (catalogId: string, location: 'inventory' | 'trophy' = 'inventory', researched = true): Refusal['arrange'] =>
      async ({ player, ids }) => ({ itemIds: [...ids.slice(0, 2), await giveItem(player.uid, { catalogId, location, researched })] });
    // Each case but the last few sends another item in place of the Road Flare.
    const cases: Record<string, Refusal> = {
      'an unresearched part': { arrange: withPart('road-flare', 'inventory', false), status: 400, message: MSG.mustBeResearched },
      "another player's part": {
        arrange: async ({ ids }) => ({ itemIds: [...ids.slice(0, 2), await giveItem((await newPlayer()).uid, { catalogId: 'road-flare', researched: true })] }),
        status: 404,
        message: MSG.itemNotFound,
      },
      'a missing part': { arrange: async ({ ids }) => ({ itemIds: [...ids.slice(0, 2), crypto.randomUUID()] }), status: 404, message: MSG.itemNotFound },
      'a part from the trophy case': { arrange: withPart('road-flare', 'trophy'), status: 404, message: MSG.itemNotFound },
      'parts that do not match': { arrange: withPart('garden-shears'), status: 400, message: MSG.recipeMismatch },
      // The player holds all three parts but sends two.
      'too few parts': { arrange: async ({ ids }) => ({ itemIds: ids.slice(0, 2) }), status: 400, message: MSG.recipeMismatch },
      'the same part twice': { arrange: async ({ ids }) => ({ itemIds: [...ids.slice(0, 2), ids[1] ?? ''] }), status: 400, message: MSG.recipeMismatch },
      "another recipe's parts": { arrange: async ({ ids }) => ({ recipeId: 'junkyard-titan', itemIds: ids }), status: 400, message: MSG.recipeMismatch },
      'an unknown recipe': { arrange: async ({ ids }) => ({ recipeId: 'moon-rocket', itemIds: ids }), status: 404, message: MSG.recipeNotFound },
      'too little gold': {
        arrange: async ({ player, ids }) => {
          await setPlayer(player.uid, { gold: 249 });
          return { itemIds: ids };
        },
        status: 400,
        message: MSG.notEnoughGold,
      },
      'no parts at all': { arrange: async () => ({ itemIds: [] }), status: 400, message: MSG.nothingSelected },
    };
    for (const [name, { arrange, status, message }] of Object.entries(cases)) {
      it(name, async () => {
        const setup = await playerWithParts();
        const { recipeId = 'citadel-walker', itemIds } = await arrange(setup);
        const before = await profileOf(setup.player);
        const rows = await itemRows(setup.player.uid);
        await expectError(await craft(setup.player, recipeId, itemIds), status, message);
        await expectUnchanged(setup.player, before, rows);
      });
    }
  });

  it('two crafts racing for the same parts: exactly one succeeds, and the parts and gold go once', async () => {
    const { player, ids } = await playerWithParts([5, 5, 5], { gold: 1000 });
    const responses = await Promise.all(Array.from({ length: 5 }, () => craft(player, 'citadel-walker', ids)));
    const statuses = responses.map((response) => response.status);
    expect(statuses.filter((status) => status === 200)).toHaveLength(1);
    expect(statuses.filter((status) => status === 404)).toHaveLength(4);
    const profile = await profileOf(player);
    expect(profile.gold).toBe(750);
    expect(profile.xp).toBe(20);
    expect((await itemRows(player.uid)).map((row) => row.catalogId)).toEqual(['citadel-walker']);
  });
});
