/**
 * Notifications (docs/design.md section 8.7, ADR 018) against a real push service on 127.0.0.1
 * (test/push-service/stand-in.ts: web-push-testing checks each push's VAPID signature and decrypts it). The
 * Web Push library is not mocked; the player's Notifier is a real Durable Object whose real alarm fires.
 */
import { runDurableObjectAlarm } from 'cloudflare:test';
import { env } from 'cloudflare:workers';
import { describe, expect, it, vi } from 'vitest';
import { API, pathOf } from '../../game/api';
import { MSG } from '../../game/messages';
import { ENERGY_CYCLE_MS } from '../../game/rules/energy';
import { xpForLevel } from '../../game/rules/level';
import { MARKET_LEVEL, proceedsOf } from '../../game/rules/market';
import { catalogueById } from '../../game/rules/catalogue';
import { researchDurationMs } from '../../game/rules/rarity';
import type { PushNotice } from '../../game/rules/notices';
import type { NewListingResult, Notices, PushSettings } from '../../game/wire';
import { notifierOf } from '../../worker/features/notifications';
import { isPushEndpoint } from '../../worker/features/notifications/push';
import { runJob } from '../../worker/scheduled';
import { call, callSettled, expectError, giveItem, json, mintPlayer, setPlayer } from './helpers';

type Player = Awaited<ReturnType<typeof mintPlayer>>;

interface Device {
  endpoint: string;
  keys: { p256dh: string; auth: string };
  clientHash: string;
}

/** A browser's subscription, made at the push service with the server's public key, as pushManager.subscribe does. */
async function newDevice(): Promise<Device> {
  const response = await fetch(`${env.PUSH_SERVICE}/subscribe`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ applicationServerKey: env.VAPID_PUBLIC_KEY, userVisibleOnly: 'true' }),
  });
  expect(response.status, await response.clone().text()).toBe(200);
  return ((await response.json()) as { data: Device }).data;
}

/** What the push service decrypted for a device, oldest first. */
async function received(device: Device): Promise<PushNotice[]> {
  const response = await fetch(`${env.PUSH_SERVICE}/get-notifications`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ clientHash: device.clientHash }),
  });
  expect(response.status).toBe(200);
  return ((await response.json()) as { data: { messages: string[] } }).data.messages.map((message) => JSON.parse(message) as PushNotice);
}

/** Waits until the device has received at least `count` pushes; answers all it has. */
const receivedAtLeast = (device: Device, count = 1): Promise<PushNotice[]> =>
  vi.waitFor(
    async () => {
      const messages = await received(device);
      if (messages.length < count) throw new Error(`${messages.length} of ${count} pushes`);
      return messages;
    },
    { timeout: 20_000, interval: 100 },
  );

async function turnOn(player: Player, device: Device): Promise<PushSettings> {
  const response = await call(API.addPushDevice.path, { token: player.token, body: { endpoint: device.endpoint, keys: device.keys } });
  expect(response.status, await response.clone().text()).toBe(200);
  return API.addPushDevice.response.parse(await response.json());
}

/** The player's Notifier's alarm once it is `wanted` (the Notifier is told after the answer has left). */
const alarmOf = (player: Player, wanted: (alarm: number | null) => boolean): Promise<number | null> =>
  vi.waitFor(
    async () => {
      const { alarm } = await notifierOf(env, player.uid).pending();
      if (!wanted(alarm)) throw new Error(`alarm ${alarm}`);
      return alarm;
    },
    { timeout: 15_000, interval: 20 },
  );

/** Energy one point short of full, the point arriving in `ms`. */
const energyFullIn = (player: Player, ms: number) => setPlayer(player.uid, { energy: 19, energy_at: Date.now() - ENERGY_CYCLE_MS + ms });

describe('timed pushes', () => {
  it('a subscribed player receives "energy full" from the push service when their alarm fires', async () => {
    const player = await mintPlayer();
    const device = await newDevice();
    await energyFullIn(player, 1500);
    const settings = await turnOn(player, device);
    expect(settings).toMatchObject({ devices: 1, thisDevice: true, publicKey: env.VAPID_PUBLIC_KEY });
    expect(await alarmOf(player, (alarm) => alarm !== null)).toBeGreaterThan(Date.now() - 1000);

    const [notice, ...more] = await receivedAtLeast(device);
    expect(notice).toEqual({ kind: 'energy', title: 'Energy full', body: 'Your energy is full: time to scavenge.', url: '/scavenge' });
    expect(more).toEqual([]);
    expect(await alarmOf(player, (alarm) => alarm === null)).toBeNull();
  });

  it('a second intent moves the alarm instead of adding one', async () => {
    const player = await mintPlayer();
    const device = await newDevice();
    await energyFullIn(player, 2000);
    await turnOn(player, device);
    const first = await alarmOf(player, (alarm) => alarm !== null);
    expect(first).not.toBeNull();

    // Spending a point moves energy full a whole cycle later.
    expect((await call(API.scavenge.path, { token: player.token, body: {} })).status).toBe(200);
    const moved = await alarmOf(player, (alarm) => alarm !== null && alarm > first! + 60_000);
    expect(moved).toBeGreaterThan(first! + 60_000);
    // Moved, not added: the schedule holds only the later time, so once the first time has passed the alarm
    // (run now, the test's clock) pushes nothing and waits for the later one.
    expect((await notifierOf(env, player.uid).pending()).schedule?.energyFullAt).toBe(moved);
    await vi.waitFor(() => expect(Date.now()).toBeGreaterThan(first!), { timeout: 10_000 });
    expect(await runDurableObjectAlarm(notifierOf(env, player.uid))).toBe(true);
    expect(await received(device)).toEqual([]);
    expect((await notifierOf(env, player.uid).pending()).alarm).toBe(moved);
  });

  it('turning the kind off stops its push; the others still come', async () => {
    const player = await mintPlayer();
    const device = await newDevice();
    const off = await call(API.setPushKinds.path, { token: player.token, body: { off: ['energy'] } });
    expect(off.status).toBe(200);
    expect(API.setPushKinds.response.parse(await off.json()).kinds).toContainEqual({ kind: 'energy', on: false });
    await energyFullIn(player, 1000);
    await turnOn(player, device);
    await alarmOf(player, (alarm) => alarm !== null);
    expect(await alarmOf(player, (alarm) => alarm === null)).toBeNull();
    expect(await received(device)).toEqual([]);
  });

  it('"research done" names the item when its research finishes', async () => {
    const player = await mintPlayer();
    const device = await newDevice();
    // An equipped Feather one and a half seconds from fully researched.
    const now = Date.now();
    await env.DB.prepare("INSERT INTO items (id, uid, catalog_id, quality, location, research_ms, equipped_at, created_at) VALUES (?, ?, 'feather', 1, 'inventory', ?, ?, ?)")
      .bind(crypto.randomUUID(), player.uid, researchDurationMs(catalogueById('feather')!.rarity) - 1500, now, now)
      .run();
    await turnOn(player, device);
    const [notice] = await receivedAtLeast(device);
    expect(notice).toEqual({ kind: 'research', title: 'Research done', body: 'Feather is fully researched: add to your trophy case.', url: '/profile' });
  });

  it('a player who never turned push on costs no alarm', async () => {
    const [player, subscribed] = [await mintPlayer(), await mintPlayer()];
    await turnOn(subscribed, await newDevice());
    // Settled: each Notifier has been told whatever the scavenge tells it. The same scavenge arms a subscriber's.
    for (const p of [player, subscribed]) expect((await callSettled(API.scavenge.path, { token: p.token, body: {} })).status).toBe(200);
    expect((await notifierOf(env, subscribed.uid).pending()).alarm).not.toBeNull();
    expect(await notifierOf(env, player.uid).pending()).toEqual({ schedule: undefined, alarm: null });
  });

  it('a player whose last device went costs no alarm', async () => {
    const player = await mintPlayer();
    const device = await newDevice();
    await turnOn(player, device);
    expect((await callSettled(API.removePushDevice.path, { token: player.token, body: { endpoint: device.endpoint } })).status).toBe(200);
    expect((await callSettled(API.scavenge.path, { token: player.token, body: {} })).status).toBe(200);
    expect((await notifierOf(env, player.uid).pending()).alarm).toBeNull();
  });
});

describe('pushes at once', () => {
  it('being attacked pushes "X took N gold: revenge?", opening the arena on them, at most once an hour', async () => {
    const [attacker, defender] = [await mintPlayer(), await mintPlayer()];
    const device = await newDevice();
    await turnOn(defender, device);
    for (let fight = 0; fight < 2; fight += 1) {
      await setPlayer(defender.uid, { recovering_until: 0 });
      // Settled: the fight's push, or its refusal within the hour, is done when the call resolves.
      const response = await callSettled(API.fight.path, { token: attacker.token, body: { defender: defender.username } });
      expect(response.status, await response.clone().text()).toBe(200);
    }
    const [notice] = await receivedAtLeast(device);
    expect(notice?.kind).toBe('attacked');
    expect(notice?.url).toBe(`/arena?q=${attacker.username}`);
    expect(notice?.body).toMatch(new RegExp(`^${attacker.username} (took \\d+ gold: revenge\\?|attacked you and lost\\.)$`));
    expect(await received(device)).toHaveLength(1);
  });

  it('a sale pushes "sold" to the seller at once, a kind of its own, opening the market (docs/design.md section 9.7)', async () => {
    const [seller, buyer] = [await mintPlayer(), await mintPlayer()];
    for (const trader of [seller, buyer]) {
      await setPlayer(trader.uid, { xp: xpForLevel(MARKET_LEVEL), level: MARKET_LEVEL, gold: 1000, duffel_bag_size: 1 });
      await env.DB.prepare('UPDATE users SET email_verified_at = ? WHERE id = ?').bind(Date.now(), trader.uid).run();
    }
    const device = await newDevice();
    // A kind the player can turn off on its own.
    expect((await turnOn(seller, device)).kinds).toContainEqual({ kind: 'sold', on: true });
    const itemId = await giveItem(seller.uid, { location: 'duffel', researched: true });
    const listed = await call(API.listItem.path, { token: seller.token, body: { itemId, price: 250 } });
    expect(listed.status, await listed.clone().text()).toBe(200);
    const { listing } = await json<NewListingResult>(listed);
    expect(await received(device)).toEqual([]);
    expect((await call(pathOf(API.buyListing, { id: listing.id }), { token: buyer.token, body: { price: 250 } })).status).toBe(200);

    const [notice, ...more] = await receivedAtLeast(device);
    expect(notice).toEqual({ kind: 'sold', title: 'Sold on the market', body: `Feather sold for 250 gold: collect ${proceedsOf(250)} gold at the market.`, url: '/market' });
    expect(more).toEqual([]);
  });

  it('a subscription the push service says is gone is forgotten', async () => {
    const [attacker, defender] = [await mintPlayer(), await mintPlayer()];
    const device = await newDevice();
    await turnOn(defender, device);
    await fetch(`${env.PUSH_SERVICE}/expire-subscription/${device.clientHash}`, { method: 'POST' });
    expect((await call(API.fight.path, { token: attacker.token, body: { defender: defender.username } })).status).toBe(200);
    const left = () => env.DB.prepare('SELECT count(*) AS n FROM push_subscriptions WHERE uid = ?').bind(defender.uid).first<{ n: number }>();
    await vi.waitFor(async () => expect((await left())!.n).toBe(0), { timeout: 15_000, interval: 100 });
  });
});

describe('season results', () => {
  it('the payout on the 1st pushes each paid player with a device their result, once however often the Cron runs', async () => {
    const [winner, unsubscribed] = [await mintPlayer(), await mintPlayer()];
    const device = await newDevice();
    await turnOn(winner, device);
    const season = '1981-03';
    await env.DB.batch([
      env.DB.prepare('INSERT INTO season_scores (season, uid, points, trophies) VALUES (?, ?, 500, 3)').bind(season, winner.uid),
      // Second of two: no rank prize, but 30 trophies earn one.
      env.DB.prepare('INSERT INTO season_scores (season, uid, points, trophies) VALUES (?, ?, 100, 30)').bind(season, unsubscribed.uid),
    ]);
    const first = Date.UTC(1981, 3, 1, 4, 23);
    expect(await runJob('season paid', env, first)).toEqual({ season, paid: 2, pushed: 1 });
    expect(await runJob('season paid', env, first + 60_000)).toEqual({ season, paid: 0, pushed: 0 });
    const [notice, ...more] = await receivedAtLeast(device);
    expect(notice).toEqual({ kind: 'season', title: 'March 1981 is over', body: 'You finished #1 and won 40 cash.', url: '/leaderboard' });
    expect(more).toEqual([]);
  });
});

describe('devices', () => {
  it('only https endpoints of known push services; this machine only in development', () => {
    const development = { ...env, ENVIRONMENT: 'development' };
    const production = { ...env, ENVIRONMENT: 'production' };
    expect(isPushEndpoint('https://fcm.googleapis.com/fcm/send/abc', production)).toBe(true);
    expect(isPushEndpoint('https://web.push.apple.com/QGx', production)).toBe(true);
    expect(isPushEndpoint('https://updates.push.services.mozilla.com/wpush/v2/x', production)).toBe(true);
    expect(isPushEndpoint('http://fcm.googleapis.com/fcm/send/abc', production)).toBe(false);
    expect(isPushEndpoint('https://fcm.googleapis.com:8443/fcm/send/abc', production)).toBe(false);
    expect(isPushEndpoint('https://evil.example/collect', production)).toBe(false);
    expect(isPushEndpoint('https://fcm.googleapis.com.evil.example/x', production)).toBe(false);
    expect(isPushEndpoint('https://user:pw@fcm.googleapis.com/x', production)).toBe(false);
    expect(isPushEndpoint('https://localhost:8443/notify/x', production)).toBe(false);
    expect(isPushEndpoint('https://localhost:8443/notify/x', development)).toBe(true);
    expect(isPushEndpoint('not a url', development)).toBe(false);
  });

  it('refuses an endpoint elsewhere and malformed keys with a 400 that stores nothing', async () => {
    const player = await mintPlayer();
    const device = await newDevice();
    await expectError(await call(API.addPushDevice.path, { token: player.token, body: { endpoint: 'https://evil.example/x', keys: device.keys } }), 400, MSG.pushEndpointInvalid);
    await expectError(await call(API.addPushDevice.path, { token: player.token, body: { endpoint: device.endpoint, keys: { p256dh: 'x', auth: device.keys.auth } } }), 400, MSG.pushEndpointInvalid);
    await expectError(await call(API.addPushDevice.path, { token: player.token, body: { endpoint: 42 } }), 400);
    await expectError(await call(API.setPushKinds.path, { token: player.token, body: { off: ['everything'] } }), 400);
    const settings = API.pushSettings.response.parse(await (await call(`${API.pushSettings.path}?endpoint=${encodeURIComponent(device.endpoint)}`, { token: player.token })).json());
    expect(settings).toMatchObject({ devices: 0, thisDevice: false });
    expect(settings.kinds.every((kind) => kind.on)).toBe(true);
  });

  it('ten devices added at once keep the cap of 5', async () => {
    const player = await mintPlayer();
    const devices = await Promise.all(Array.from({ length: 10 }, () => newDevice()));
    const answers = await Promise.all(devices.map((device) => call(API.addPushDevice.path, { token: player.token, body: { endpoint: device.endpoint, keys: device.keys } })));
    const statuses = answers.map((answer) => answer.status).sort();
    expect(statuses).toEqual([200, 200, 200, 200, 200, 409, 409, 409, 409, 409]);
    await expectError(answers.find((answer) => answer.status === 409)!, 409, MSG.pushDevicesFull);
    const { n } = (await env.DB.prepare('SELECT count(*) AS n FROM push_subscriptions WHERE uid = ?').bind(player.uid).first<{ n: number }>())!;
    expect(n).toBe(5);
  });

  it('changing the kinds answers whether the browser that asked is one of the devices', async () => {
    const player = await mintPlayer();
    const device = await newDevice();
    await turnOn(player, device);
    const answer = API.setPushKinds.response.parse(await (await call(API.setPushKinds.path, { token: player.token, body: { off: ['season'], endpoint: device.endpoint } })).json());
    expect(answer).toMatchObject({ devices: 1, thisDevice: true });
    expect(answer.kinds).toContainEqual({ kind: 'season', on: false });
  });

  it('a browser turned on by a second account moves to it', async () => {
    const [first, second] = [await mintPlayer(), await mintPlayer()];
    const device = await newDevice();
    await turnOn(first, device);
    await turnOn(second, device);
    const owner = await env.DB.prepare('SELECT uid FROM push_subscriptions WHERE endpoint = ?').bind(device.endpoint).first<{ uid: string }>();
    expect(owner?.uid).toBe(second.uid);
  });
});

describe('notices while away (the badge)', () => {
  it('being attacked shows at the next visit until opened; research done shows too', async () => {
    const [attacker, defender] = [await mintPlayer(), await mintPlayer()];
    expect((await call(API.fight.path, { token: attacker.token, body: { defender: defender.username } })).status).toBe(200);
    const now = Date.now();
    const itemId = crypto.randomUUID();
    // An equipped Feather whose research finished a minute ago.
    await env.DB.prepare(
      "INSERT INTO items (id, uid, catalog_id, quality, location, research_ms, equipped_at, created_at) VALUES (?, ?, 'feather', 1, 'inventory', 0, ?, ?)",
    )
      .bind(itemId, defender.uid, now - 60 * 60_000, now)
      .run();

    const before = await json<Notices>(await call(API.notices.path, { token: defender.token }));
    expect(before.unseen).toBe(2);
    expect(before.notices.map((notice) => notice.kind).sort()).toEqual(['attacked', 'research']);
    expect(before.notices.find((notice) => notice.kind === 'attacked')?.url).toBe(`/arena?q=${attacker.username}`);

    const seen = await call(API.seenNotices.path, { token: defender.token, body: {} });
    expect(seen.status).toBe(200);
    expect((await json<Notices>(seen)).unseen).toBe(0);
    const after = await json<Notices>(await call(API.notices.path, { token: defender.token }));
    expect(after).toMatchObject({ unseen: 0 });
    expect(after.notices).toHaveLength(2);
    // The attacker was attacked by nobody.
    expect(await json<Notices>(await call(API.notices.path, { token: attacker.token }))).toMatchObject({ unseen: 0, notices: [] });
  });

  it('a signed-out caller hears 401 and nothing is written', async () => {
    await expectError(await call(API.notices.path), 401);
    await expectError(await call(API.seenNotices.path, { body: {} }), 401);
    await expectError(await call(API.setPushKinds.path, { body: { off: [] } }), 401);
  });
});
