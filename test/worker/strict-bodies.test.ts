/**
 * Every request body is parsed strictly (hardening 4): a key the body schema does not name, at the top or in
 * a nested object, is a 400 from the body check that changes nothing. The walk takes every POST endpoint of
 * the contract (game/api.ts); `EXAMPLES` must have a well-formed body for each, or the file does not compile.
 */
import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { API, pathOf, type AnyEndpoint, type Api, type BodyOf } from '../../game/api';
import { PushDeviceSchema } from '../../game/schemas';
import { looseObjectIn, validate } from '../../worker/core/validate';
import { adminPlayer, call, json, PASSWORD } from './helpers';

type PostName = { [K in keyof Api]: Api[K]['method'] extends 'POST' ? K : never }[keyof Api];

/** A subscription the route would store: an endpoint on a known push service, keys of the right shape. */
const device = { endpoint: 'https://fcm.googleapis.com/fcm/send/strict-bodies', keys: { p256dh: 'BPushKeyOfSixteenPlus', auth: 'AuthSecretSixteen' } };

/** A body each endpoint's schema accepts as it is, so the unknown key added to it is the only thing wrong. */
const EXAMPLES: { [K in PostName]: BodyOf<Api[K]> } = {
  signup: { email: 'strict@example.com', password: PASSWORD, confirmPassword: PASSWORD },
  login: { identifier: 'strict@example.com', password: PASSWORD },
  logout: {},
  requestReset: { email: 'strict@example.com' },
  confirmReset: { token: 'token', password: PASSWORD, confirmPassword: PASSWORD },
  verifyEmail: { token: 'token' },
  resendVerification: {},
  checkUsername: { username: 'someone' },
  setUsername: { username: 'someone' },
  scavenge: { zone: 'streets' },
  takeLoot: { take: [0], drop: [] },
  swap: { toDuffel: ['x'], toInventory: [] },
  addTrophy: { itemId: 'x' },
  deleteItems: { itemIds: ['x'] },
  upgradeDuffel: {},
  craft: { recipeId: 'citadel-walker', itemIds: ['x'] },
  claimContractBonus: {},
  claimContract: {},
  secondWind: {},
  fieldKit: { itemId: 'x' },
  bench: { itemId: 'x' },
  showcase: { itemIds: ['x'] },
  refill: {},
  fight: { defender: 'someone' },
  spar: {},
  setClientSeed: { clientSeed: 'chosen' },
  rotateSeed: {},
  createGuild: { name: 'Some Guild', tag: 'SG', open: true },
  joinGuild: {},
  acceptRequest: {},
  declineRequest: {},
  leaveGuild: {},
  kick: { username: 'someone' },
  setRole: { username: 'someone', role: 'officer' },
  donate: { itemIds: ['x'] },
  claimDrive: {},
  mute: { username: 'someone', minutes: 10 },
  unmute: { username: 'someone' },
  ban: { username: 'someone' },
  unban: { username: 'someone' },
  deleteMessage: { id: 1 },
  listItem: { itemId: 'x', price: 10 },
  buyListing: { price: 10 },
  cancelListing: {},
  collectMarket: {},
  setPushKinds: { off: ['energy'] },
  addPushDevice: device,
  removePushDevice: { endpoint: device.endpoint },
  seenNotices: {},
};

/** Keys no body names, among them the two that reach an object's prototype when assigned. */
const UNKNOWN_KEYS = ['unknownField', '__proto__', 'constructor'];

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

/** The paths of every object in `value` (the body itself at `[]`), through objects and arrays. */
function objectPaths(value: unknown, path: (string | number)[] = []): (string | number)[][] {
  if (Array.isArray(value)) return value.flatMap((entry, index) => objectPaths(entry, [...path, index]));
  if (value === null || typeof value !== 'object') return [];
  return [path, ...Object.entries(value).flatMap(([key, entry]) => objectPaths(entry, [...path, key]))];
}

/** A copy of `body` with `key` as an own property of the object at `path` (`__proto__` included, as JSON.parse makes it). */
function withKey(body: unknown, path: (string | number)[], key: string): Json {
  const copy = JSON.parse(JSON.stringify(body)) as Json;
  let target = copy as Record<string | number, Json>;
  for (const step of path) target = target[step] as Record<string | number, Json>;
  Object.defineProperty(target, key, { value: { polluted: true }, enumerable: true, configurable: true, writable: true });
  return copy;
}

/** Every row of every table, so a refused request can be shown to have changed nothing at all. */
async function database() {
  const { results: tables } = await env.DB.prepare("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' AND name NOT LIKE '_cf_%' AND name NOT LIKE 'd1_%' ORDER BY name").all<{ name: string }>();
  const rows = await env.DB.batch(tables.map(({ name }) => env.DB.prepare(`SELECT * FROM "${name}"`)));
  return Object.fromEntries(tables.map(({ name }, index) => [name, (rows[index]?.results ?? []).map((row) => JSON.stringify(row)).sort()]));
}

describe('every POST body', () => {
  it('with an unknown key at the top or in a nested object is a 400 from the body check, and changes nothing', async () => {
    // The admin passes every guard (a player's, and the admin area's), so each request reaches its body check.
    const admin = await adminPlayer();
    const posts = (Object.entries(API) as [string, AnyEndpoint][]).filter(([, endpoint]) => endpoint.method === 'POST');
    expect(posts.map(([name]) => name).sort()).toEqual(Object.keys(EXAMPLES).sort());
    const params = { uid: admin.uid, id: 'x', username: 'someone', slot: '0' };
    const before = await database();
    const answers: string[] = [];
    let nested = 0;
    for (const [name, endpoint] of posts) {
      const example = EXAMPLES[name as PostName];
      const paths = objectPaths(example);
      nested += paths.length - 1;
      for (const path of paths) {
        for (const key of UNKNOWN_KEYS) {
          const response = await call(pathOf(endpoint, params), { body: withKey(example, path, key), token: admin.token });
          const answer = response.headers.get('Content-Type')?.includes('json') ? await json<{ error?: { code: string; message: string } }>(response) : {};
          answers.push(`${name} ${['body', ...path].join('.')}.${key}: ${response.status} ${answer.error?.code} ${answer.error?.message}`);
        }
      }
    }
    expect.soft(answers.filter((answer) => !/: 400 invalid Unrecognized key: "[\w]+"$/.test(answer))).toEqual([]);
    // The walk reached a nested object (the push device's keys), not only top levels.
    expect(nested).toBeGreaterThan(0);
    expect(await database()).toEqual(before);
  });
});

describe('validate', () => {
  it('refuses, when a route is registered, a body schema with an object that would take unknown keys', () => {
    expect(() => validate('json', z.object({ a: z.string() }))).toThrow(/body/);
    expect(() => validate('json', z.strictObject({ keys: z.looseObject({ a: z.string() }) }))).toThrow(/body\.keys/);
    expect(() => validate('json', z.strictObject({ list: z.array(z.strictObject({}).catchall(z.string())) }))).toThrow(/body\.list\[\]/);
    expect(() => validate('json', z.strictObject({ a: z.string().optional() }).refine(() => true))).not.toThrow();
    expect(looseObjectIn(PushDeviceSchema)).toBeUndefined();
  });
});
