/**
 * Every route the Worker registers, walked (issue #11): the contract (game/api.ts) and the Worker agree on
 * every path, every route but the public ones refuses a signed-out session before it shows or changes
 * anything, and what the routes answer parses with the contract's schemas.
 */
import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { API, pathOf, type AnyEndpoint } from '../../game/api';
import { app } from '../../worker/app';
import { CHAT_SOCKET_PATH, GUILD_CHAT_SOCKET_PATH } from '../../game/chat-protocol';
import { call, giveItem, json, newPlayer, setPlayer, unprotect } from './helpers';

/** Routes outside the contract because they answer no JSON: a health probe, Google's redirects, the socket. */
const NOT_JSON = ['GET /api/health', 'GET /api/auth/google/start', 'GET /api/auth/google/callback', `GET ${CHAT_SOCKET_PATH}`, `GET ${GUILD_CHAT_SOCKET_PATH}`];

/** Routes anyone may call without a session: signing in and up, and what is public. */
const PUBLIC = new Set([
  'GET /api/health',
  'GET /api/auth/session',
  'POST /api/auth/signup',
  'POST /api/auth/login',
  'POST /api/auth/logout',
  'POST /api/auth/reset',
  'POST /api/auth/reset/confirm',
  'POST /api/auth/verify',
  'GET /api/auth/google/start',
  'GET /api/auth/google/callback',
  'GET /api/catalogue',
  'GET /api/recipes',
]);

/** A well-formed body for every POST route: a body is validated before the session row is read. */
const WELL_FORMED: Record<string, object> = {
  'POST /api/checkUsername': { username: 'someone' },
  'POST /api/setUsername': { username: 'someone' },
  'POST /api/scavenge': {},
  'POST /api/scavenge/swap': { take: [0], drop: [] },
  'POST /api/swap': { toDuffel: ['x'], toInventory: [] },
  'POST /api/trophycase': { itemId: 'x' },
  'POST /api/items/delete': { itemIds: ['x'] },
  'POST /api/duffel/upgrade': {},
  'POST /api/craft': { recipeId: 'citadel-walker', itemIds: ['x'] },
  'POST /api/arena/fights': { defender: 'someone' },
  'POST /api/fairness/client-seed': { clientSeed: 'chosen' },
  'POST /api/fairness/rotate': {},
  'POST /api/auth/verify/resend': {},
  'POST /api/guilds': { name: 'Some Guild', tag: 'SG', open: true },
  'POST /api/guilds/:id/join': {},
  'POST /api/guilds/:id/requests/:username/accept': {},
  'POST /api/guilds/:id/requests/:username/decline': {},
  'POST /api/guilds/:id/leave': {},
  'POST /api/guilds/:id/kick': { username: 'someone' },
  'POST /api/guilds/:id/roles': { username: 'someone', role: 'officer' },
  'POST /api/guilds/:id/donate': { itemIds: ['x'] },
  'POST /api/guilds/:id/drive/claim': {},
  'POST /api/admin/mute': { username: 'someone', minutes: 10 },
  'POST /api/admin/unmute': { username: 'someone' },
  'POST /api/admin/ban': { username: 'someone' },
  'POST /api/admin/unban': { username: 'someone' },
  'POST /api/admin/messages/delete': { id: 1 },
  'POST /api/contracts/bonus/claim': {},
  'POST /api/contracts/:slot/claim': {},
  'POST /api/cash/second-wind': {},
  'POST /api/cash/field-kit': { itemId: 'x' },
  'POST /api/cash/showcase': { itemIds: ['x'] },
  'POST /api/shop/refill': {},
  'POST /api/shop/bench': { itemId: 'x' },
  'POST /api/arena/sparring': {},
  'POST /api/notifications/kinds': { off: ['energy'] },
  'POST /api/notifications/devices': { endpoint: 'https://localhost:1/notify/x', keys: { p256dh: 'BPushKeyOfSixteenPlus', auth: 'AuthSecretSixteen' } },
  'POST /api/notifications/devices/remove': { endpoint: 'https://localhost:1/notify/x' },
  'POST /api/notices/seen': {},
  'POST /api/market/listings': { itemId: 'x', price: 10 },
  'POST /api/market/listings/:id/buy': { price: 10 },
  'POST /api/market/listings/:id/cancel': {},
  'POST /api/market/collect': {},
};

/** Every method and path the app answers under /api (middleware registered with use() is left out). */
function registeredRoutes(): string[] {
  const routes = app.routes.filter((route) => route.method !== 'ALL' && route.path.startsWith('/api/'));
  return [...new Set(routes.map((route) => `${route.method} ${route.path}`))].sort();
}

const endpoints = Object.values(API) as AnyEndpoint[];
const contractRoutes = () => endpoints.map((endpoint) => `${endpoint.method} ${endpoint.path}`);

/** Fills `:param` segments with something the route will reach its checks with. */
const concrete = (path: string, uid: string) => path.replace(/:uid\b/g, uid).replace(/:username\b/g, 'someone').replace(/:slot\b/g, '0').replace(/:[A-Za-z]+/g, 'x');

describe('the routes and the contract', () => {
  it('register exactly the contract, plus the routes that answer no JSON', () => {
    expect(registeredRoutes()).toEqual([...contractRoutes(), ...NOT_JSON].sort());
  });

  it('every route that takes a body has a well-formed example here, so the walk below reaches it', () => {
    const posts = registeredRoutes().filter((route) => route.startsWith('POST ') && !PUBLIC.has(route));
    expect(posts.filter((route) => !(route in WELL_FORMED))).toEqual([]);
  });
});

describe('every non-public route', () => {
  it('refuses a signed-out session (its token still signed) with 401, and changes nothing', async () => {
    const player = await newPlayer();
    await giveItem(player.uid);
    expect((await call('/api/auth/logout', { method: 'POST', token: player.token })).status).toBe(204);
    const stored = () =>
      env.DB.batch([
        env.DB.prepare('SELECT gold, energy, write_token FROM players WHERE uid = ?').bind(player.uid),
        env.DB.prepare('SELECT id, location FROM items WHERE uid = ? ORDER BY id').bind(player.uid),
        env.DB.prepare('SELECT count(*) AS n FROM activity WHERE num = (SELECT num FROM players WHERE uid = ?)').bind(player.uid),
      ]).then((results) => results.map((result) => result.results));
    const before = await stored();
    const answers: Record<string, number> = {};
    for (const route of registeredRoutes().filter((entry) => !PUBLIC.has(entry))) {
      const [method = '', path = ''] = route.split(' ');
      const response = await call(concrete(path, player.uid), { method, body: WELL_FORMED[route], token: player.token });
      await response.body?.cancel();
      answers[route] = response.status;
    }
    // The admin area hides itself from everyone but the admin: 404, never 200.
    const expected = Object.fromEntries(Object.keys(answers).map((route) => [route, route.includes(' /api/admin') ? 404 : 401]));
    expect(answers).toEqual(expected);
    expect(await stored()).toEqual(before);
  });
});

describe('what the routes answer', () => {
  it('parses with the contract schema, for every read a player makes', async () => {
    const player = await newPlayer();
    await setPlayer(player.uid, { duffel_bag_size: 2 });
    await giveItem(player.uid);
    await giveItem(player.uid, { location: 'duffel', researched: true });
    await giveItem(player.uid, { location: 'trophy', researched: true });
    expect((await call(API.scavenge.path, { body: {}, token: player.token })).status).toBe(200);
    const other = await newPlayer();
    await unprotect(other);
    const fight = await call(API.fight.path, { body: { defender: other.username }, token: player.token });
    const { fight: { id } } = await json<{ fight: { id: string } }>(fight);
    await setPlayer(player.uid, { gold: 1000 });
    const founded = await call(API.createGuild.path, { body: { name: `Read ${player.username}`, tag: player.username.slice(-4), open: true }, token: player.token });
    const { guild } = await json<{ guild: { id: string } }>(founded);
    // The admin's reads are walked by test/worker/moderation.test.ts.
    const reads = endpoints.filter((endpoint) => endpoint.method === 'GET' && !endpoint.path.startsWith('/api/admin'));
    for (const endpoint of reads) {
      const params = { uid: player.uid, id: endpoint === API.guild || endpoint === API.drive ? guild.id : id, username: other.username };
      const response = await call(pathOf(endpoint, params), { token: player.token });
      expect(response.status, endpoint.path).toBe(200);
      const parsed = endpoint.response.safeParse(await json(response));
      expect(parsed.success ? 'ok' : parsed.error.message, endpoint.path).toBe('ok');
    }
  });

  it('parses with the contract schema, for every intent', async () => {
    const player = await newPlayer();
    await setPlayer(player.uid, { duffel_bag_size: 1, gold: 1000 });
    const researched = await giveItem(player.uid, { researched: true });
    const spare = await giveItem(player.uid);
    const trophy = await giveItem(player.uid, { researched: true });
    const rival = await newPlayer();
    await unprotect(rival);
    const bodies: [AnyEndpoint, object][] = [
      [API.scavenge, {}],
      [API.takeLoot, { take: [0], drop: [] }],
      [API.swap, { toDuffel: [researched], toInventory: [] }],
      [API.addTrophy, { itemId: trophy }],
      [API.deleteItems, { itemIds: [spare] }],
      [API.upgradeDuffel, {}],
      [API.fight, { defender: rival.username }],
      [API.createGuild, { name: `Guild ${player.username}`, tag: player.username.slice(-4), open: false }],
    ];
    for (const [endpoint, body] of bodies) {
      const response = await call(endpoint.path, { body, token: player.token });
      expect(response.status, endpoint.path).toBe(200);
      const parsed = endpoint.response.safeParse(await json(response));
      expect(parsed.success ? 'ok' : parsed.error.message, endpoint.path).toBe('ok');
    }
  });
});
