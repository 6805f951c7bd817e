/**
 * Salvage and the one-tap Take/Swap on the server (docs/design.md sections 9.1 and 9.2): the finds a scavenge
 * replaces, the items a Take/Swap drops, the finds `salvageRest` leaves and the items a delete destroys each pay
 * their salvage once, in the intent's one log line, and every answer says what it salvaged.
 */
import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { API } from '../../game/api';
import { MSG } from '../../game/messages';
import { catalogueById, itemsOfRarity, salvageGold } from '../../game/rules';
import type { Item, Profile, SalvageResult } from '../../game/wire';
import { call, expectError, giveItem, json, newPlayer } from './helpers';

type Player = Awaited<ReturnType<typeof newPlayer>>;

const act = (p: Player, path: string, body: unknown = {}) => call(path, { body, token: p.token });
const ok = async (response: Response) => {
  expect(response.status, await response.clone().text()).toBe(200);
  return json<SalvageResult>(response);
};
const goldOf = async (p: Player) => (await json<Profile>(await call(`/api/users/${p.uid}`, { token: p.token }))).gold;
const worth = (finds: readonly Item[]) => finds.reduce((sum, find) => sum + find.salvage, 0);
/** What the rules say an item salvages for, so a test does not trust the wire's own `salvage`. */
const ruled = (catalogId: string, quality: number) => salvageGold({ catalogId, rarity: catalogueById(catalogId)!.rarity, quality });

/** The player's whole log, oldest first (the API shows the newest 50 only). */
async function logOf(uid: string) {
  const { results } = await env.DB.prepare('SELECT kind, text FROM activity WHERE num = (SELECT num FROM players WHERE uid = ?) ORDER BY id').bind(uid).all<{ kind: string; text: string }>();
  return results;
}

/** What the game stores about a player: a refused request leaves it as it was. */
async function stored(uid: string) {
  const [player, items, loot, log] = await env.DB.batch([
    env.DB.prepare('SELECT gold, energy, write_token FROM players WHERE uid = ?').bind(uid),
    env.DB.prepare('SELECT id, location FROM items WHERE uid = ? ORDER BY id').bind(uid),
    env.DB.prepare('SELECT finds FROM players WHERE uid = ?').bind(uid),
    env.DB.prepare('SELECT count(*) AS n FROM activity WHERE num = (SELECT num FROM players WHERE uid = ?)').bind(uid),
  ]);
  return [player, items, loot, log].map((result) => result?.results);
}

/** What a log line says it salvaged: the items and the finds it counts, and the gold. */
function salvageIn(text: string): { items: number; finds: number; gold: number } {
  const match = /; salvaged (.+) for ([\d,]+) gold\.$/.exec(text);
  if (!match) return { items: 0, finds: 0, gold: 0 };
  const counted = (noun: string) => Number(new RegExp(`(\\d+) ${noun}s?\\b`).exec(match[1]!)?.[1] ?? 0);
  return { items: counted('item'), finds: counted('find'), gold: Number(match[2]!.replaceAll(',', '')) };
}

const HEIRLOOM = itemsOfRarity('heirloom')[0]!.id;

describe('salvage (section 9.1)', () => {
  it('a scavenge pays +1 gold and the salvage of each find still pending, in its one log line', async () => {
    const player = await newPlayer();
    const first = await ok(await act(player, API.scavenge.path));
    expect(first.salvaged).toEqual({ count: 0, gold: 0 });
    expect(first.profile.gold).toBe(101);
    // The wire's salvage is the rules' own, for every find.
    for (const find of first.loot) expect(find.salvage).toBe(ruled(find.catalogId, find.quality));

    const took = await ok(await act(player, API.takeLoot.path, { take: [0, 1], drop: [] }));
    expect(took.salvaged).toEqual({ count: 0, gold: 0 });
    expect(took.loot.map((find) => find.slot)).toEqual([2, 3, 4, 5]);

    const second = await ok(await act(player, API.scavenge.path));
    const left = worth(first.loot.slice(2));
    expect(second.salvaged).toEqual({ count: 4, gold: left });
    expect(second.profile.gold).toBe(102 + left);
    expect(await goldOf(player)).toBe(102 + left);
    const log = await logOf(player.uid);
    expect(log.map((entry) => entry.kind)).toEqual(['scavenge', 'take', 'scavenge']);
    expect(log[0]!.text).not.toContain('salvaged');
    expect(log[2]!.text).toMatch(new RegExp(`^Scavenged 6 finds; the best was .+; salvaged 4 finds for ${left.toLocaleString('en-US')} gold\\.$`));
  });

  it('Take/Swap pays for the item it drops; without salvageRest the other finds wait for the next scavenge', async () => {
    const player = await newPlayer();
    const heirloom = await giveItem(player.uid, { catalogId: HEIRLOOM, quality: 10 });
    await Promise.all(Array.from({ length: 5 }, () => giveItem(player.uid)));
    const { profile } = await ok(await act(player, API.scavenge.path));
    const result = await ok(await act(player, API.takeLoot.path, { take: [0], drop: [heirloom] }));
    const paid = ruled(HEIRLOOM, 10);
    expect(result.salvaged).toEqual({ count: 1, gold: paid });
    expect(result.profile.gold).toBe(profile.gold + paid);
    expect(result.loot.map((find) => find.slot)).toEqual([1, 2, 3, 4, 5]);
    expect((await logOf(player.uid)).at(-1)?.text).toMatch(new RegExp(`^Took .+; dropped .+; salvaged 1 item for ${paid.toLocaleString('en-US')} gold\\.$`));
  });

  it('salvageRest takes, drops and salvages every find not taken in one intent, leaving nothing pending', async () => {
    const player = await newPlayer();
    const dropped = await giveItem(player.uid, { catalogId: HEIRLOOM, quality: 4 });
    await Promise.all(Array.from({ length: 5 }, () => giveItem(player.uid)));
    const { profile, loot } = await ok(await act(player, API.scavenge.path));
    const result = await ok(await act(player, API.takeLoot.path, { take: [2], drop: [dropped], salvageRest: true }));
    const gold = ruled(HEIRLOOM, 4) + worth(loot.filter((find) => find.slot !== 2));
    expect(result.salvaged).toEqual({ count: 6, gold });
    expect(result.loot).toEqual([]);
    expect(result.profile.gold).toBe(profile.gold + gold);
    expect(result.profile.inventory.map((item) => item.catalogId)).toContain(loot[2]!.catalogId);
    expect(result.profile.inventory.map((item) => item.id)).not.toContain(dropped);
    expect((await json<{ loot: unknown[] }>(await call(API.pendingLoot.path, { token: player.token }))).loot).toEqual([]);
    const log = await logOf(player.uid);
    expect(log).toHaveLength(2);
    expect(log[1]!.text).toMatch(new RegExp(`^Took .+; dropped .+; salvaged 1 item and 5 finds for ${gold.toLocaleString('en-US')} gold\\.$`));
    // Nothing was left for the next scavenge to salvage.
    expect((await ok(await act(player, API.scavenge.path))).salvaged).toEqual({ count: 0, gold: 0 });
  });

  it('salvageRest after taking every find salvages nothing and answers {0, 0}', async () => {
    const player = await newPlayer();
    await ok(await act(player, API.scavenge.path));
    const result = await ok(await act(player, API.takeLoot.path, { take: [0, 1, 2, 3, 4, 5], drop: [], salvageRest: true }));
    expect(result.salvaged).toEqual({ count: 0, gold: 0 });
    expect(result.profile.gold).toBe(101);
    expect((await logOf(player.uid)).at(-1)?.text).not.toContain('salvaged');
  });

  it('a refused Take/Swap with salvageRest salvages nothing and changes nothing', async () => {
    const player = await newPlayer();
    const other = await newPlayer();
    const theirs = await giveItem(other.uid);
    await Promise.all(Array.from({ length: 6 }, () => giveItem(player.uid)));
    await ok(await act(player, API.scavenge.path));
    const before = await stored(player.uid);
    await expectError(await act(player, API.takeLoot.path, { take: [], drop: [], salvageRest: true }), 400, MSG.noLootSelected);
    await expectError(await act(player, API.takeLoot.path, { take: [0], drop: [], salvageRest: true }), 400, MSG.inventoryFull);
    await expectError(await act(player, API.takeLoot.path, { take: [0], drop: [theirs], salvageRest: true }), 404, MSG.itemNotFound);
    await env.DB.prepare("UPDATE players SET finds = (SELECT json_group_array(json(value)) FROM json_each(finds) WHERE json_extract(value, '$[0]') <> 3) WHERE uid = ?").bind(player.uid).run();
    const withoutSlot3 = await stored(player.uid);
    await expectError(await act(player, API.takeLoot.path, { take: [3], drop: [], salvageRest: true }), 409, MSG.lootGone);
    expect(await stored(player.uid)).toEqual(withoutSlot3);
    expect(withoutSlot3[0]).toEqual(before[0]);
  });

  it('a delete pays each item’s salvage, in its one log line', async () => {
    const player = await newPlayer();
    const heirloom = await giveItem(player.uid, { catalogId: HEIRLOOM, quality: 7, location: 'duffel', researched: true });
    const feather = await giveItem(player.uid, { quality: 3 });
    await giveItem(player.uid);
    const gold = ruled(HEIRLOOM, 7) + ruled('feather', 3);
    const result = await ok(await act(player, API.deleteItems.path, { itemIds: [heirloom, feather] }));
    expect(result.salvaged).toEqual({ count: 2, gold });
    expect(result.profile.gold).toBe(100 + gold);
    expect(result.profile.inventory).toHaveLength(1);
    // The details' "Salvage: {n} gold" reads the wire's figure: the rules' own.
    expect(result.profile.inventory[0]!.salvage).toBe(ruled('feather', 1));
    const log = await logOf(player.uid);
    expect(log).toHaveLength(1);
    expect(log[0]).toEqual({ kind: 'delete', text: expect.stringMatching(new RegExp(`^Deleted .+; salvaged 2 items for ${gold.toLocaleString('en-US')} gold\\.$`)) });
  });
});

describe('salvage gold is paid exactly once', () => {
  it('a double click: two deletes of one item pay once, two salvageRest swaps of one find pay once', async () => {
    const player = await newPlayer();
    const item = await giveItem(player.uid, { catalogId: HEIRLOOM, quality: 10 });
    const deletes = await Promise.all([0, 1].map(() => act(player, API.deleteItems.path, { itemIds: [item] })));
    expect(deletes.map((response) => response.status).sort()).toEqual([200, 404]);
    expect(await goldOf(player)).toBe(100 + ruled(HEIRLOOM, 10));

    const { profile, loot } = await ok(await act(player, API.scavenge.path));
    const swaps = await Promise.all([0, 1, 2].map(() => act(player, API.takeLoot.path, { take: [0], drop: [], salvageRest: true })));
    expect(swaps.map((response) => response.status).sort()).toEqual([200, 409, 409]);
    expect(await goldOf(player)).toBe(profile.gold + worth(loot.slice(1)));
  });

  it('bursts of scavenges, swaps (with and without salvageRest) and deletes: gold, the log, the items and the finds agree (3 rounds)', async () => {
    for (let round = 0; round < 3; round += 1) {
      const player = await newPlayer();
      const owned = await Promise.all(
        [HEIRLOOM, 'feather', HEIRLOOM, 'feather'].map((catalogId, index) => giveItem(player.uid, { catalogId, quality: 1 + index * 3 })),
      );
      const initialItems = owned.length;
      const [a, b, c, d] = owned as [string, string, string, string];
      await ok(await act(player, API.scavenge.path));
      const start = await goldOf(player);
      const burst: [string, unknown][] = [
        ...Array.from({ length: 5 }, (): [string, unknown] => [API.scavenge.path, {}]),
        [API.takeLoot.path, { take: [0], drop: [], salvageRest: true }],
        [API.takeLoot.path, { take: [1], drop: [a] }],
        [API.takeLoot.path, { take: [2, 3], drop: [b], salvageRest: true }],
        [API.takeLoot.path, { take: [4], drop: [] }],
        [API.takeLoot.path, { take: [5], drop: [], salvageRest: true }],
        [API.deleteItems.path, { itemIds: [c] }],
        [API.deleteItems.path, { itemIds: [c] }],
        [API.deleteItems.path, { itemIds: [d, a] }],
      ];
      const responses = await Promise.all(burst.map(([path, body]) => act(player, path, body)));
      for (const response of responses) expect([200, 400, 404, 409], await response.clone().text()).toContain(response.status);
      const answered = await Promise.all(
        responses.map(async (response, index) => (response.status === 200 ? { path: burst[index]![0], body: burst[index]![1], result: await json<SalvageResult>(response) } : null)),
      );
      const done = answered.filter((entry) => entry !== null);
      const scavenges = done.filter((entry) => entry.path === API.scavenge.path).length;
      const taken = done.filter((entry) => entry.path === API.takeLoot.path).reduce((sum, entry) => sum + (entry.body as { take: number[] }).take.length, 0);
      const salvaged = done.reduce((sum, entry) => ({ count: sum.count + entry.result.salvaged.count, gold: sum.gold + entry.result.salvaged.gold }), { count: 0, gold: 0 });

      // Gold: +1 a scavenge, plus every salvage answered, and nothing else.
      expect(await goldOf(player)).toBe(start + scavenges + salvaged.gold);
      // The log: one line per intent that happened (none for a refusal), saying the same salvage.
      const log = (await logOf(player.uid)).slice(1);
      expect(log).toHaveLength(done.length);
      const logged = log
        .map((entry) => salvageIn(entry.text))
        .reduce((sum, line) => ({ items: sum.items + line.items, finds: sum.finds + line.finds, gold: sum.gold + line.gold }), { items: 0, finds: 0, gold: 0 });
      expect({ count: logged.items + logged.finds, gold: logged.gold }).toEqual(salvaged);
      // Each find (six a scavenge, the first one's too) was taken, salvaged or is still pending; each item salvaged is gone.
      const count = async (what: 'items' | 'pending finds') =>
        (await env.DB.prepare(what === 'items' ? 'SELECT count(*) AS n FROM items WHERE uid = ?' : 'SELECT json_array_length(finds) AS n FROM players WHERE uid = ?').bind(player.uid).first<{ n: number }>())!.n;
      expect(taken + logged.finds + (await count('pending finds'))).toBe(6 * (scavenges + 1));
      expect(await count('items')).toBe(initialItems + taken - logged.items);
      // The burst met salvage of each kind.
      expect(logged.items).toBeGreaterThan(0);
      expect(logged.finds).toBeGreaterThan(0);
    }
  });
});
