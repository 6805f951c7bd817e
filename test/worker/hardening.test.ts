/**
 * Hardening (issue: concurrency, faults, abuse and bad input). Every test states the figure it proves.
 */
import { env } from 'cloudflare:workers';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { INVENTORY_SIZE, MAX_ENERGY } from '../../game/constants';
import { API, type AnyEndpoint } from '../../game/api';
import { MSG } from '../../game/messages';
import { catalogueById, displayStat, tierPoints } from '../../game/rules';
import { xpForLevel } from '../../game/rules/level';
import type { Profile, SalvageResult } from '../../game/wire';
import { app } from '../../worker/app';
import { createDb } from '../../worker/core/db/client';
import { commitPlayers } from '../../worker/core/commit';
import type { Changes } from '../../worker/core/changes';
import type { GameState } from '../../worker/core/state';
import { call, commitSessionOf, expectError, giveItem, json, newPlayer, setPlayer, signUp } from './helpers';

type Player = Awaited<ReturnType<typeof newPlayer>>;

/** The game engine's commit, called directly (with the first player's session: these tests are about the batch). */
const db = createDb(env.DB);
const commitFor = async (uids: string[], decide: (states: GameState[], now: number) => Changes[]) => commitPlayers(db, await commitSessionOf(uids[0]!), uids, decide);

/** Everything the game stores about a player, to prove a refused request changed nothing. */
async function snapshot(uid: string) {
  const [player, items, loot] = await env.DB.batch([
    env.DB.prepare('SELECT gold, energy, energy_at, duffel_bag_size, total_attack, total_defense, trophy_case_score, write_token FROM players WHERE uid = ?').bind(uid),
    env.DB.prepare('SELECT id, catalog_id, quality, location, research_ms, equipped_at FROM items WHERE uid = ? ORDER BY id').bind(uid),
    env.DB.prepare('SELECT finds FROM players WHERE uid = ?').bind(uid),
  ]);
  return { player: player?.results, items: items?.results, loot: loot?.results };
}

const profileOf = async (p: Player) => json<Profile>(await call(`/api/users/${p.uid}`, { token: p.token }));

/** The invariants of section 5 and 9 of the spec, checked on the stored state and the profile. */
async function expectInvariants(p: Player) {
  const profile = await profileOf(p);
  const rows = await env.DB.prepare('SELECT id, catalog_id AS catalogId, quality, location FROM items WHERE uid = ?')
    .bind(p.uid)
    .all<{ id: string; catalogId: string; quality: number; location: string }>();
  const items = rows.results;
  const inventory = items.filter((item) => item.location === 'inventory');
  const trophies = items.filter((item) => item.location === 'trophy');
  expect(inventory.length).toBeLessThanOrEqual(INVENTORY_SIZE);
  expect(items.filter((item) => item.location === 'duffel').length).toBeLessThanOrEqual(profile.duffelBagSize);
  expect(profile.energy).toBeGreaterThanOrEqual(0);
  expect(profile.energy).toBeLessThanOrEqual(MAX_ENERGY);
  expect(profile.gold).toBeGreaterThanOrEqual(0);
  expect(new Set(items.map((item) => item.id)).size).toBe(items.length);
  // Stored totals always match the items they summarise.
  const stat = (key: 'attack' | 'defense') =>
    inventory.reduce((sum, item) => sum + Number(displayStat(catalogueById(item.catalogId)![key], item.quality)), 0);
  expect(profile.totalAttack).toBe(stat('attack'));
  expect(profile.totalDefense).toBe(stat('defense'));
  expect(profile.trophyCaseScore).toBe(trophies.reduce((sum, item) => sum + tierPoints(catalogueById(item.catalogId)!.rarity) * item.quality, 0));
  return { profile, items };
}

/**
 * Every state-changing route: each POST of the contract (game/api.ts, walked, so a new endpoint is covered
 * without editing this list; `:params` filled with a placeholder) and the development fixtures.
 */
const DEV_FIXTURES = [
  '/dev/fixtures/research',
  '/dev/fixtures/energy',
  '/dev/fixtures/gold',
  '/dev/fixtures/cash',
  '/dev/fixtures/xp',
  '/dev/fixtures/contract',
  '/dev/fixtures/medal',
  '/dev/fixtures/loot',
  '/dev/fixtures/verified',
  '/dev/fixtures/unprotect',
  '/dev/fixtures/chat-restart',
  '/dev/fixtures/alter-roll',
  '/dev/fixtures/account',
];
const POST_ROUTES = [...(Object.values(API) as AnyEndpoint[]).filter((endpoint) => endpoint.method === 'POST').map((endpoint) => endpoint.path.replace(/:[A-Za-z]+/g, 'x')), ...DEV_FIXTURES];

describe('concurrency and integrity', () => {
  it('of 12 parallel scavenges with 5 energy, exactly min(5, 12) = 5 succeed and energy and gold agree', async () => {
    const player = await newPlayer();
    await setPlayer(player.uid, { energy: 5, energy_at: Date.now() });
    const responses = await Promise.all(Array.from({ length: 12 }, () => call('/api/scavenge', { body: {}, token: player.token })));
    const done = responses.filter((response) => response.status === 200);
    expect(done).toHaveLength(5);
    // Each scavenge after the first salvages the six finds left before it: 1 gold each plus that salvage.
    const salvaged = await Promise.all(done.map(async (response) => (await json<SalvageResult>(response)).salvaged));
    expect(salvaged.map((entry) => entry.count).sort()).toEqual([0, 6, 6, 6, 6]);
    expect(await profileOf(player)).toMatchObject({ energy: 0, gold: 105 + salvaged.reduce((sum, entry) => sum + entry.gold, 0) });
  });

  it('a burst of every intent at once on the same items keeps all limits, loses and duplicates nothing', async () => {
    const player = await newPlayer();
    await setPlayer(player.uid, { duffel_bag_size: 1, gold: 50 });
    const done = await Promise.all(Array.from({ length: 3 }, () => giveItem(player.uid, { researched: true })));
    const fresh = await Promise.all(Array.from({ length: 2 }, () => giveItem(player.uid)));
    await call('/api/scavenge', { body: {}, token: player.token });
    const burst: [string, unknown][] = [
      ...[0, 1, 2, 3].map((slot): [string, unknown] => ['/api/scavenge/swap', { take: [slot], drop: [] }]),
      ['/api/scavenge/swap', { take: [4, 5], drop: [fresh[0]] }],
      ...done.map((id): [string, unknown] => ['/api/swap', { toDuffel: [id], toInventory: [] }]),
      ...done.map((id): [string, unknown] => ['/api/trophycase', { itemId: id }]),
      ['/api/items/delete', { itemIds: [fresh[1], done[0]] }],
      ['/api/duffel/upgrade', {}],
      ['/api/duffel/upgrade', {}],
      ['/api/duffel/upgrade', {}],
    ];
    const statuses = await Promise.all(burst.map(async ([path, body]) => (await call(path, { body, token: player.token })).status));
    expect(statuses.every((status) => [200, 400, 404, 409].includes(status))).toBe(true);
    await expectInvariants(player);
  });

  it('a property: random sequences of intents keep every invariant after each step (10 runs × up to 12 steps)', async () => {
    const step = fc.oneof(
      fc.constant({ kind: 'scavenge' as const }),
      fc.record({ kind: fc.constant('take' as const), slots: fc.uniqueArray(fc.integer({ min: 0, max: 5 }), { maxLength: 3 }), drop: fc.nat(7) }),
      fc.record({ kind: fc.constant('swap' as const), out: fc.nat(7), back: fc.nat(7) }),
      fc.record({ kind: fc.constant('trophy' as const), pick: fc.nat(7) }),
      fc.record({ kind: fc.constant('delete' as const), pick: fc.nat(7) }),
      fc.constant({ kind: 'upgrade' as const }),
      fc.record({ kind: fc.constant('research' as const), pick: fc.nat(7) }),
    );
    await fc.assert(
      fc.asyncProperty(fc.array(step, { minLength: 1, maxLength: 12 }), async (steps) => {
        const player = await newPlayer();
        for (const s of steps) {
          const { items } = await expectInvariants(player);
          const loot = await json<{ loot: { slot: number }[] }>(await call('/api/scavenge', { token: player.token }));
          const inventory = items.filter((item) => item.location === 'inventory');
          const duffel = items.filter((item) => item.location === 'duffel');
          const owned = items.filter((item) => item.location !== 'trophy');
          const nth = <T>(list: T[], n: number) => (list.length ? list[n % list.length] : undefined);
          const countBefore = items.length;
          let response: Response | null = null;
          let expectedCount = countBefore;
          switch (s.kind) {
            case 'scavenge':
              response = await call('/api/scavenge', { body: {}, token: player.token });
              break;
            case 'take': {
              const drop = nth(inventory, s.drop);
              const take = s.slots.filter((slot) => loot.loot.some((entry) => entry.slot === slot));
              response = await call('/api/scavenge/swap', { body: { take, drop: drop ? [drop.id] : [] }, token: player.token });
              if (response.status === 200) expectedCount = countBefore + take.length - (drop ? 1 : 0);
              break;
            }
            case 'swap': {
              const out = nth(inventory, s.out);
              const back = nth(duffel, s.back);
              response = await call('/api/swap', { body: { toDuffel: out ? [out.id] : [], toInventory: back ? [back.id] : [] }, token: player.token });
              break;
            }
            case 'trophy': {
              const item = nth(owned, s.pick);
              if (item) response = await call('/api/trophycase', { body: { itemId: item.id }, token: player.token });
              break;
            }
            case 'delete': {
              const item = nth(owned, s.pick);
              if (item) response = await call('/api/items/delete', { body: { itemIds: [item.id] }, token: player.token });
              if (response?.status === 200) expectedCount = countBefore - 1;
              break;
            }
            case 'upgrade':
              response = await call('/api/duffel/upgrade', { body: {}, token: player.token });
              break;
            case 'research': {
              const item = nth(owned, s.pick);
              if (item) response = await call('/dev/fixtures/research', { body: { itemId: item.id }, token: player.token });
              break;
            }
          }
          if (response) expect([200, 400, 404, 409]).toContain(response.status);
          // Item conservation: only a take adds items and only a take's drop or a delete removes them.
          expect((await expectInvariants(player)).items.length).toBe(expectedCount);
        }
      }),
      { numRuns: 10 },
    );
    // Up to 120 intents through the Worker, each checked against D1: it passed 30 s at a load of 10 (issue #50).
  }, 120_000);
});

describe('bad input', () => {
  const garbage = fc.oneof(
    fc.anything({ withObjectString: true, withNullPrototype: false }).map((value) => JSON.stringify(value) ?? 'null'),
    fc.string({ maxLength: 200 }),
    fc.constantFrom(
      '{"__proto__": {"admin": true}}',
      '{"constructor": {"prototype": {"admin": true}}}',
      `{"username": "x'); DROP TABLE players; --"}`,
      '{"itemIds": ["1 OR 1=1"]}',
      '{"take": [-1, 0.5, 1e308], "drop": []}',
      '{"take": [0], "drop": ' + JSON.stringify(Array.from({ length: 5000 }, (_, i) => String(i))) + '}',
      '{"itemId": {"$gt": ""}}',
      '{"energy": -5}',
      '{"gold": 1.5}',
      '[[[[[[[[[[[[[[[[[[[[[[]]]]]]]]]]]]]]]]]]]]]',
      '{"a":',
      '',
    ),
  );

  it(`sends generated garbage to all ${POST_ROUTES.length} state-changing routes: always a 4xx in the error shape, never a change`, async () => {
    const player = await newPlayer();
    await call('/api/scavenge', { body: {}, token: player.token });
    await giveItem(player.uid, { researched: true });
    const before = await snapshot(player.uid);
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...POST_ROUTES), garbage, async (path, raw) => {
        // A few bodies are valid requests by chance ({} for the body-less intents): those may succeed.
        if (raw === '{}' || raw === 'null') return;
        const response = await call(path, { raw, token: player.token });
        expect(response.status, `${path} ${raw.slice(0, 80)}`).toBeGreaterThanOrEqual(400);
        expect(response.status, `${path} ${raw.slice(0, 80)}`).toBeLessThan(500);
        await expectError(response, response.status);
      }),
      { numRuns: 300 },
    );
    const after = await snapshot(player.uid);
    expect(after).toEqual(before);
  });

  it('answers GETs with bad parameters with a 4xx, never a 500', async () => {
    const player = await newPlayer();
    for (const path of ['/api/users/%00', "/api/users/' OR 1=1 --", `/api/users/${'x'.repeat(3000)}`, '/api/trophycase/..%2F..%2F', '/api/messages?before=-1', '/api/messages?before=1e400', '/api/nope']) {
      const response = await call(path, { token: player.token });
      expect(response.status, path).toBeGreaterThanOrEqual(400);
      expect(response.status, path).toBeLessThan(500);
    }
  });

  it('refuses a body over 16 KiB on every state-changing route with a 413', async () => {
    const player = await newPlayer();
    const big = JSON.stringify({ padding: 'x'.repeat(17 * 1024) });
    for (const path of POST_ROUTES) await expectError(await call(path, { raw: big, token: player.token }), 413);
  });
});

describe('authentication and authorization', () => {
  it(`refuses a foreign Origin on all ${POST_ROUTES.length} state-changing routes, before anything happens`, async () => {
    const player = await newPlayer();
    const before = await snapshot(player.uid);
    for (const path of POST_ROUTES) {
      await expectError(await call(path, { body: {}, token: player.token, origin: 'https://evil.example' }), 403, MSG.badOrigin);
    }
    expect(await snapshot(player.uid)).toEqual(before);
  });

  it("no answer of any read reveals another player's email", async () => {
    const me = await newPlayer();
    const other = await newPlayer();
    await giveItem(other.uid, { researched: true, location: 'trophy' });
    const reads = ['/api/auth/session', `/api/users/${me.uid}`, `/api/users/${me.uid}/items`, `/api/users/${me.uid}/duffel`, `/api/users/${me.uid}/log`, `/api/trophycase/${me.uid}`, '/api/leaderboard', '/api/messages', '/api/scavenge', '/api/catalogue', `/api/users/${other.uid}`];
    for (const path of reads) {
      const text = await (await call(path, { token: me.token })).text();
      expect(text, path).not.toContain(other.email);
    }
    const checked = await call('/api/checkUsername', { body: { username: other.username }, token: me.token });
    expect(await checked.text()).not.toContain(other.email);
  });

  it('the dev fixtures and mailbox are a 404 outside development', async () => {
    const player = await newPlayer();
    const production = { ...env, ENVIRONMENT: 'production' };
    for (const [path, body] of [['/dev/mailbox', undefined], ['/dev/fixtures/gold', '{"gold":999999}'], ['/dev/fixtures/cash', '{"cash":999}'], ['/dev/fixtures/xp', '{"xp":99999}'], ['/dev/fixtures/contract', '{"slot":0,"progress":40}'], ['/dev/fixtures/medal', '{"season":"2026-01","rank":1}'], ['/dev/fixtures/loot', '{"catalogId":"katana","quality":10,"slot":0}'], ['/dev/fixtures/alter-roll', '{}'], ['/dev/fixtures/verified', '{}'], ['/dev/fixtures/account', '{"email":"fixture@example.com","password":"correct horse battery"}']] as const) {
      const response = await app.request(path, { method: body ? 'POST' : 'GET', headers: { Cookie: `__Host-session=${player.token}`, Origin: 'http://localhost', 'Content-Type': 'application/json' }, body }, production);
      expect(response.status, path).toBe(404);
    }
    expect(await profileOf(player)).toMatchObject({ gold: 100, cash: 0, xp: 0, level: 1 });
  });

  it('the cash and xp fixtures set them in development, the level following the xp', async () => {
    const player = await newPlayer();
    for (const [path, body] of [['/dev/fixtures/cash', { cash: 37 }], ['/dev/fixtures/xp', { xp: xpForLevel(5) }]] as const) {
      expect((await call(path, { body, token: player.token })).status, path).toBe(200);
    }
    expect(await profileOf(player)).toMatchObject({ cash: 37, xp: xpForLevel(5), level: 5 });
    expect((await call('/dev/fixtures/cash', { body: { cash: -1 }, token: player.token })).status).toBe(400);
  });

  it('sets the security headers on API answers, errors and the dev mailbox', async () => {
    const account = await signUp();
    for (const response of [await call('/api/health'), await call('/api/nope'), await call(`/api/users/${account.uid}`, { token: account.token }), await call('/dev/mailbox')]) {
      expect(response.headers.get('X-Content-Type-Options')).toBe('nosniff');
      expect(response.headers.get('Referrer-Policy')).toBe('strict-origin-when-cross-origin');
      expect(response.headers.get('X-Frame-Options')).toBe('DENY');
      expect(response.headers.get('X-XSS-Protection')).toBe('0');
      const csp = response.headers.get('Content-Security-Policy') ?? '';
      expect(csp).toContain("frame-ancestors 'none'");
      expect(csp).not.toContain('script-src');
      expect(csp).toContain("default-src 'none'");
    }
  });
});

describe('faults', () => {
  it('a D1 failure in the middle of an intent leaves no partial state (batch atomicity)', async () => {
    const player = await newPlayer();
    await call('/api/scavenge', { body: {}, token: player.token });
    const before = await snapshot(player.uid);
    // The claim, the player's numbers and the loot replacement come first; an item row that breaks NOT NULL
    // fails the batch after them.
    const decide = (): Changes => ({
      player: { gold: 0, energy: 0 },
      putItems: [
        {
          id: crypto.randomUUID(),
          uid: player.uid,
          catalogId: null as unknown as string,
          quality: 1,
          location: 'inventory',
          researchMs: 0,
          equippedAt: null,
          createdAt: Date.now(),
          trophyAt: null,
          researchSpeed: 0,
          researchedBy: null,
          researchedAt: null,
        },
      ],
      deleteItems: [],
      newLoot: [{ slot: 0, catalogId: 'feather', quality: 1 }],
      takeLoot: [],
      log: { kind: 'scavenge', text: 'never written' },
    });
    await expect(commitFor([player.uid], () => [decide()])).rejects.toThrow();
    expect(await snapshot(player.uid)).toEqual(before);
    const log = await env.DB.prepare("SELECT count(*) AS n FROM activity WHERE num = (SELECT num FROM players WHERE uid = ?) AND text = 'never written'").bind(player.uid).first<{ n: number }>();
    expect(log?.n).toBe(0);
  });

  it('an intent decided on state another request changed is decided again, never applied twice', async () => {
    const player = await newPlayer();
    await setPlayer(player.uid, { gold: 20 });
    let decisions = 0;
    const results = await Promise.allSettled(
      [0, 1].map(() =>
        commitFor([player.uid], ([state]) => {
          decisions += 1;
          if (!state || state.player.gold < 20) throw new Error('refused on fresh state');
          return [{ player: { gold: state.player.gold - 20 }, putItems: [], deleteItems: [], takeLoot: [], log: { kind: 'upgrade', text: 'test' } }];
        }),
      ),
    );
    expect(results.map((result) => result.status).sort()).toEqual(['fulfilled', 'rejected']);
    expect(decisions).toBeGreaterThanOrEqual(2);
    expect((await profileOf(player)).gold).toBe(0);
  });
});
