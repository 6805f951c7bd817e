/**
 * The API's D1 budget (issue: performance): an intent is two round trips (its first read, which also checks
 * the session, and its write batch); a read (own state, log, leaderboard) is one. And the session check that
 * rides in those reads refuses exactly what requirePlayer refuses, before anything is read out or written.
 */
import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { IDEMPOTENCY_HEADER } from '../../game/api';
import { MSG } from '../../game/messages';
import { contractsFor } from '../../game/rules/contracts';
import { utcDay } from '../../game/rules/fight';
import { xpForLevel } from '../../game/rules/level';
import { MARKET_LEVEL } from '../../game/rules/market';
import { weekStart } from '../../game/rules/drive';
import { itemsOfRarity } from '../../game/rules/catalogue';
import { app } from '../../worker/app';
import { notifierOf } from '../../worker/features/notifications';
import { countingD1, newD1Count } from './d1-counter';
import { apiRequest, call, expectError, giveItem, newPlayer, setPlayer, signUp, unprotect, type CallOptions } from './helpers';

type Player = Awaited<ReturnType<typeof newPlayer>>;

/** A request through the app with a D1 binding that counts; the answer and the count. */
async function counted(path: string, options: CallOptions) {
  const count = newD1Count();
  const response = await app.fetch(apiRequest(path, options), { ...env, DB: countingD1(env.DB, count) });
  return { response, count };
}

/**
 * Each intent with a well-formed body (the body is validated before the session row is read, so a refusal
 * test needs one) and with what it needs to succeed, set up through the API or straight in D1.
 */
const INTENTS: { path: string; wellFormed: object; body: (p: Player) => Promise<object> }[] = [
  { path: '/api/scavenge', wellFormed: {}, body: async () => ({}) },
  {
    path: '/api/scavenge/swap',
    wellFormed: { take: [0], drop: [] },
    body: async (p) => {
      expect((await call('/api/scavenge', { body: {}, token: p.token })).status).toBe(200);
      return { take: [0], drop: [] };
    },
  },
  {
    path: '/api/swap',
    wellFormed: { toDuffel: ['x'], toInventory: [] },
    body: async (p) => {
      await setPlayer(p.uid, { duffel_bag_size: 1 });
      return { toDuffel: [await giveItem(p.uid, { researched: true })], toInventory: [] };
    },
  },
  { path: '/api/trophycase', wellFormed: { itemId: 'x' }, body: async (p) => ({ itemId: await giveItem(p.uid, { researched: true }) }) },
  { path: '/api/items/delete', wellFormed: { itemIds: ['x'] }, body: async (p) => ({ itemIds: [await giveItem(p.uid)] }) },
  { path: '/api/fairness/rotate', wellFormed: {}, body: async () => ({}) },
  { path: '/api/arena/sparring', wellFormed: {}, body: async () => ({}) },
  { path: '/api/fairness/client-seed', wellFormed: { clientSeed: 'x' }, body: async () => ({ clientSeed: 'chosen' }) },
  {
    path: '/api/contracts/0/claim',
    wellFormed: {},
    body: async (p) => {
      const { target } = contractsFor(p.uid, utcDay(Date.now()))[0]!;
      await env.DB.prepare('INSERT INTO contract_progress (uid, day, slot, progress) VALUES (?, ?, 0, ?)').bind(p.uid, utcDay(Date.now()), target).run();
      return {};
    },
  },
  {
    path: '/api/cash/second-wind',
    wellFormed: {},
    body: async (p) => {
      await env.DB.prepare('UPDATE players SET cash = 10, energy = 0 WHERE uid = ?').bind(p.uid).run();
      return {};
    },
  },
  {
    path: '/api/cash/field-kit',
    wellFormed: { itemId: 'x' },
    body: async (p) => {
      await env.DB.prepare('UPDATE players SET cash = 100 WHERE uid = ?').bind(p.uid).run();
      return { itemId: await giveItem(p.uid) };
    },
  },
  {
    path: '/api/cash/showcase',
    wellFormed: { itemIds: ['x'] },
    body: async (p) => {
      await env.DB.prepare('UPDATE players SET cash = 100 WHERE uid = ?').bind(p.uid).run();
      return { itemIds: [await giveItem(p.uid, { location: 'trophy' })] };
    },
  },
  {
    path: '/api/shop/refill',
    wellFormed: {},
    body: async (p) => {
      await setPlayer(p.uid, { gold: 1000, energy: 0, energy_at: Date.now() });
      return {};
    },
  },
  {
    path: '/api/duffel/upgrade',
    wellFormed: {},
    body: async (p) => {
      await setPlayer(p.uid, { gold: 1_000_000 });
      return {};
    },
  },
];

const READS = (uid: string) => [
  `/api/users/${uid}`,
  `/api/users/${uid}/items`,
  `/api/users/${uid}/duffel`,
  `/api/users/${uid}/log`,
  `/api/trophycase/${uid}`,
  '/api/scavenge',
  '/api/leaderboard',
  '/api/leaderboard?board=season',
  '/api/arena',
  '/api/arena/fights',
  '/api/arena/sparring',
  '/api/fairness',
  '/api/fairness/rolls',
  '/api/contracts',
  '/api/shop',
];

/** What the game stores about a player: a refused request must leave it as it was. */
async function stored(uid: string) {
  const [player, items, loot, log] = await env.DB.batch([
    env.DB.prepare('SELECT gold, energy, duffel_bag_size, write_token FROM players WHERE uid = ?').bind(uid),
    env.DB.prepare('SELECT id, location FROM items WHERE uid = ? ORDER BY id').bind(uid),
    env.DB.prepare('SELECT finds FROM players WHERE uid = ?').bind(uid),
    env.DB.prepare('SELECT count(*) AS n FROM activity WHERE num = (SELECT num FROM players WHERE uid = ?)').bind(uid),
  ]);
  return [player, items, loot, log].map((result) => result?.results);
}

describe('D1 round trips', () => {
  /**
   * An intent through `counted`, held to `trips` round trips. `keyed`: sent with an Idempotency-Key, it takes as many,
   * and the same request again (its key read with the state) answers the first answer in one round trip fewer.
   */
  async function countedIntent(path: string, options: CallOptions, keyed: boolean, trips = 2) {
    const headers = keyed ? { [IDEMPOTENCY_HEADER]: crypto.randomUUID() } : undefined;
    const { response, count } = await counted(path, { ...options, headers });
    expect(response.status, await response.clone().text()).toBe(200);
    expect(count, path).toMatchObject({ calls: trips, batches: trips });
    if (headers) {
      const repeat = await counted(path, { ...options, headers });
      expect(await repeat.response.json(), path).toEqual(await response.clone().json());
      expect(repeat.count, `${path} repeated`).toMatchObject({ calls: trips - 1, batches: trips - 1 });
    }
    return response;
  }
  const withKeys = (keyed: boolean) => (keyed ? ', with an Idempotency-Key too, and each repeat one fewer' : '');

  for (const intent of INTENTS) {
    for (const keyed of [false, true]) {
      it(`POST ${intent.path} takes 2: the first read with the session check, then the write batch${withKeys(keyed)}`, async () => {
        const player = await newPlayer();
        await countedIntent(intent.path, { body: await intent.body(player), token: player.token }, keyed);
      });
    }
  }

  it('salvage rides in the claim: a scavenge that salvages, a salvageRest Take/Swap that drops, a delete take 2 each', async () => {
    const player = await newPlayer();
    const [drop, doomed] = [await giveItem(player.uid), await giveItem(player.uid, { location: 'duffel', researched: true })];
    expect((await call('/api/scavenge', { body: {}, token: player.token })).status).toBe(200);
    const steps: [string, object][] = [
      ['/api/scavenge', {}],
      ['/api/scavenge/swap', { take: [0], drop: [drop], salvageRest: true }],
      ['/api/items/delete', { itemIds: [doomed] }],
    ];
    for (const [path, body] of steps) {
      const { response, count } = await counted(path, { body, token: player.token });
      expect(response.status, await response.clone().text()).toBe(200);
      expect(((await response.json()) as { salvaged: { count: number } }).salvaged.count, path).toBeGreaterThan(0);
      expect(count, path).toMatchObject({ calls: 2, batches: 2 });
    }
  });

  it('with push on, a scavenge still takes 2: its Notifier is told after the answer, in no D1 round trip', async () => {
    const player = await newPlayer();
    await env.DB.prepare("INSERT INTO push_subscriptions (endpoint, uid, p256dh, auth, created_at) VALUES (?, ?, 'k', 'a', 0)").bind(`https://localhost:1/${player.uid}`, player.uid).run();
    await notifierOf(env, player.uid).devicesChanged(player.uid, 1, { energyFullAt: null, research: [] });
    const { response, count } = await counted('/api/scavenge', { body: {}, token: player.token });
    expect(response.status, await response.clone().text()).toBe(200);
    expect(count).toMatchObject({ calls: 2, batches: 2 });
    // The Notifier heard: energy full is now its alarm.
    await expect.poll(async () => (await notifierOf(env, player.uid).pending()).alarm, { timeout: 5000 }).not.toBeNull();
  });


  for (const keyed of [false, true]) {
    it(`the market: listing, buying, cancelling and collecting take 2 each (the listing rides in the first read)${withKeys(keyed)}`, async () => {
      const [seller, buyer] = [await newPlayer(), await newPlayer()];
      for (const player of [seller, buyer]) {
        await setPlayer(player.uid, { xp: xpForLevel(MARKET_LEVEL), level: MARKET_LEVEL, gold: 1000, duffel_bag_size: 2 });
        await env.DB.prepare('UPDATE users SET email_verified_at = ? WHERE id = ?').bind(Date.now(), player.uid).run();
      }
      const listAndCount = async () => {
        const itemId = await giveItem(seller.uid, { location: 'duffel', researched: true });
        const response = await countedIntent('/api/market/listings', { body: { itemId, price: 20 }, token: seller.token }, keyed);
        return ((await response.json()) as { listing: { id: string } }).listing.id;
      };
      const sold = await listAndCount();
      await countedIntent(`/api/market/listings/${sold}/buy`, { body: { price: 20 }, token: buyer.token }, keyed);
      await countedIntent(`/api/market/listings/${await listAndCount()}/cancel`, { body: {}, token: seller.token }, keyed);
      await countedIntent('/api/market/collect', { body: {}, token: seller.token }, keyed);
    });

    it(`the Salvage Drive: a donation and a claim take 2 each (the drive rows ride in the first read)${withKeys(keyed)}`, async () => {
      const player = await newPlayer();
      const guildId = crypto.randomUUID();
      await env.DB.prepare('INSERT INTO guilds (id, name, tag, open, created_at) VALUES (?, ?, ?, 1, ?)').bind(guildId, `Trips ${guildId.slice(0, 8)}`, guildId.slice(0, 4), Date.now()).run();
      await env.DB.prepare("INSERT INTO guild_members (uid, guild_id, role, joined_at) VALUES (?, ?, 'leader', ?)").bind(player.uid, guildId, weekStart(Date.now()) - 1).run();
      const itemId = await giveItem(player.uid, { catalogId: itemsOfRarity('heirloom')[0]!.id, quality: 10, location: 'duffel', researched: true });
      await countedIntent(`/api/guilds/${guildId}/donate`, { body: { itemIds: [itemId] }, token: player.token }, keyed);
      await countedIntent(`/api/guilds/${guildId}/drive/claim`, { body: {}, token: player.token }, keyed);
    });

    it(`POST /api/arena/fights takes 3: the defender looked up with the session check, both states, the write batch${withKeys(keyed)}`, async () => {
      const [attacker, defender] = await Promise.all([newPlayer(), newPlayer()]);
      await unprotect(defender);
      await countedIntent('/api/arena/fights', { body: { defender: defender.username }, token: attacker.token }, keyed, 3);
    });
  }

  it('a read takes 1: the session check rides in it', async () => {
    const player = await newPlayer();
    for (const path of READS(player.uid)) {
      const { response, count } = await counted(path, { token: player.token });
      expect(response.status, path).toBe(200);
      expect(count, path).toMatchObject({ calls: 1, batches: 1 });
    }
  });

  it('a profile read carries the rank; an item list does not pay for it', async () => {
    const player = await newPlayer();
    const profile = await counted(`/api/users/${player.uid}`, { token: player.token });
    const items = await counted(`/api/users/${player.uid}/items`, { token: player.token });
    expect(await profile.response.json()).toMatchObject({ ranking: expect.any(Number) });
    expect(profile.count.statements - items.count.statements).toBe(1);
  });
});

describe('the session check in the first read', () => {
  const routes = (p: Player) => [
    ...INTENTS.map((intent) => ({ path: intent.path, body: intent.wellFormed as object | undefined })),
    ...READS(p.uid).map((path) => ({ path, body: undefined })),
  ];

  it('refuses a signed-out session (revoked row, token still signed) with 401 on every route, changing nothing', async () => {
    const player = await newPlayer();
    await giveItem(player.uid);
    expect((await call('/api/auth/logout', { method: 'POST', token: player.token })).status).toBe(204);
    const before = await stored(player.uid);
    for (const { path, body } of routes(player)) await expectError(await call(path, { body, token: player.token }), 401, MSG.signedOut);
    expect(await stored(player.uid)).toEqual(before);
  });

  it('refuses an expired session row with 401, changing nothing', async () => {
    const player = await newPlayer();
    await env.DB.prepare('UPDATE sessions SET expires_at = ? WHERE uid = ?').bind(Date.now() - 1, player.uid).run();
    const before = await stored(player.uid);
    for (const { path, body } of routes(player)) await expectError(await call(path, { body, token: player.token }), 401, MSG.signedOut);
    expect(await stored(player.uid)).toEqual(before);
  });

  it('refuses an account without a username with 403 and the spec message', async () => {
    const account = await signUp();
    for (const { path, body } of routes({ ...account, username: '' })) {
      await expectError(await call(path, { body, token: account.token }), 403, MSG.usernameRequired);
    }
  });

  it('refuses a request without a token with 401 before reading the database', async () => {
    const player = await newPlayer();
    for (const { path, body } of routes(player)) {
      const { response, count } = await counted(path, { body });
      await expectError(response, 401, MSG.signedOut);
      expect(count.calls, path).toBe(0);
    }
  });

  it("answers 403 for another player's state only to a live session; a dead one gets 401", async () => {
    const player = await newPlayer();
    const other = await newPlayer();
    await expectError(await call(`/api/users/${other.uid}/items`, { token: player.token }), 403, MSG.forbidden);
    expect((await call('/api/auth/logout', { method: 'POST', token: player.token })).status).toBe(204);
    await expectError(await call(`/api/users/${other.uid}/items`, { token: player.token }), 401, MSG.signedOut);
  });
});
