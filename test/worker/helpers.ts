/** Test helpers: requests through the real Worker, and players built through the real API. */
import { createExecutionContext, waitOnExecutionContext } from 'cloudflare:test';
import { env, exports } from 'cloudflare:workers';
import { expect, vi } from 'vitest';
import { SignJWT } from 'jose';
import { ISSUER, secretKey, SESSION_TTL_SECONDS, verifySessionToken } from '../../worker/core/session';
import type { SessionClaims } from '../../worker/core/env';
import type { CommitSession, ReadBatch } from '../../worker/core/commit';
import type { BatchItem } from 'drizzle-orm/batch';
import { createDb } from '../../worker/core/db/client';
import { app } from '../../worker/app';
import { recordFight, type StoredFight } from '../../worker/features/arena/records';
import { decodeFights, parseNumbers, type PackedFight } from '../../game/rules/fight-record';
import { oneDatabase } from '../../worker/core/stores';

export const ORIGIN = 'http://localhost';

export interface CallOptions {
  method?: string;
  body?: unknown;
  /** Raw body, sent as-is (for malformed input). */
  raw?: string;
  token?: string;
  /** The browser's Origin header; `null` leaves it out. */
  origin?: string | null;
  headers?: Record<string, string>;
}

/** The request the app's client would send. */
export function apiRequest(path: string, options: CallOptions = {}): Request {
  const headers = new Headers(options.headers);
  const method = options.method ?? (options.body !== undefined || options.raw !== undefined ? 'POST' : 'GET');
  // Like the app's client, a state change without a payload still sends an empty JSON object.
  if (method !== 'GET' && options.body === undefined && options.raw === undefined) options = { ...options, body: {} };
  if (options.origin !== null && method !== 'GET') headers.set('Origin', options.origin ?? ORIGIN);
  if (options.body !== undefined || options.raw !== undefined) headers.set('Content-Type', 'application/json');
  if (options.token) headers.set('Cookie', `__Host-session=${options.token}`);
  // Like the edge, every request names its client's address; each call its own, unless a test picks one.
  if (!headers.has('CF-Connecting-IP')) headers.set('CF-Connecting-IP', randomAddress());
  return new Request(`${ORIGIN}${path}`, {
    method,
    headers,
    body: options.raw ?? (options.body !== undefined ? JSON.stringify(options.body) : undefined),
    redirect: 'manual',
  });
}

/** A random documentation-range IPv4 address (RFC 5737), so per-address throttles see many clients. */
export const randomAddress = () => `198.51.${Math.floor(Math.random() * 256)}.${Math.floor(Math.random() * 256)}`;

/** A request through the real Worker. */
export async function call(path: string, options: CallOptions = {}): Promise<Response> {
  return exports.default.fetch(apiRequest(path, options));
}

/**
 * A request through the Worker that resolves once its after-answer work (`waitUntil`: news, notices, world
 * events, pushes) has finished too. A check that something was NOT told follows such a call, then waits for a
 * marker told by a later one: whatever the first call would have told was sent before the marker.
 */
export async function callSettled(path: string, options: CallOptions = {}): Promise<Response> {
  const ctx = createExecutionContext();
  const response = await app.fetch(apiRequest(path, options), env, ctx);
  await waitOnExecutionContext(ctx);
  return response;
}

export async function json<T = unknown>(response: Response): Promise<T> {
  return (await response.json()) as T;
}

/** The session token set by a response's Set-Cookie. */
export function sessionToken(response: Response): string {
  const cookie = response.headers.getSetCookie().find((value) => value.startsWith('__Host-session='));
  const token = cookie?.split(';')[0]?.slice('__Host-session='.length);
  if (!token) throw new Error(`no session cookie in ${response.status} response`);
  return token;
}

export async function expectError(response: Response, status: number, message?: string) {
  expect(response.status).toBe(status);
  const body = await json<{ error: { code: string; message: string } }>(response);
  expect(body.error.code).toEqual(expect.any(String));
  if (message !== undefined) expect(body.error.message).toBe(message);
  return body.error;
}

let counter = 0;
/** A unique, valid username for this test run. */
export function uniqueName(prefix = 'p'): string {
  counter += 1;
  return `${prefix}${Date.now().toString(36).slice(-6)}${counter}`.slice(0, 15);
}

export const PASSWORD = 'correct horse battery';

export async function signUp(email = `${uniqueName('u')}@example.com`, password = PASSWORD) {
  const response = await call('/api/auth/signup', { body: { email, password, confirmPassword: password } });
  expect(response.status).toBe(201);
  const { uid } = await json<{ uid: string }>(response);
  return { uid, email, token: sessionToken(response) };
}

/** What a session token says (for calling the worker's functions directly). */
export async function tokenClaims(token: string): Promise<SessionClaims> {
  const claims = await verifySessionToken(env, token);
  if (!claims) throw new Error('not a valid session token');
  return claims;
}

/** A signed-up account with a username: a player. */
export async function newPlayer(username = uniqueName()) {
  const account = await signUp();
  const response = await call('/api/setUsername', { body: { username }, token: account.token });
  expect(response.status).toBe(201);
  return { ...account, username };
}

/**
 * Ends these players' new-player protection through the development fixture, as a first attack would, so a test
 * can fight them at once (docs/design.md section 9.10).
 */
export async function unprotect(...players: { token: string }[]) {
  const statuses = await Promise.all(players.map(async ({ token }) => (await call('/dev/fixtures/unprotect', { body: {}, token })).status));
  expect(statuses.every((status) => status === 200)).toBe(true);
}

export interface GivenItem {
  catalogId?: string;
  quality?: number;
  location?: 'inventory' | 'duffel' | 'trophy';
  /** Fully researched, by the player given it now unless `researchedBy` names another uid (as the dev fixtures do). */
  researched?: boolean;
  researchedBy?: string | null;
}

/** Puts an item straight into a player's storage (test setup only), returning its id. */
export async function giveItem(uid: string, { catalogId = 'feather', quality = 1, location = 'inventory', researched = false, researchedBy = uid }: GivenItem = {}) {
  const id = crypto.randomUUID();
  const now = Date.now();
  await env.DB.prepare(
    `INSERT INTO items (id, uid, catalog_id, quality, location, research_ms, equipped_at, created_at, trophy_at, researched_by, researched_at)
      VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  )
    .bind(
      id,
      uid,
      catalogId,
      quality,
      location,
      researched ? 1e12 : 0,
      location === 'inventory' ? now : null,
      now,
      location === 'trophy' ? now : null,
      researched ? researchedBy : null,
      researched ? now : null,
    )
    .run();
  // The trophy count the boards show (players.trophies), as the trophy intent keeps it.
  if (location === 'trophy') await env.DB.prepare('UPDATE players SET trophies = trophies + 1 WHERE uid = ?').bind(uid).run();
  return id;
}

type PlayerField =
  | 'energy'
  | 'energy_at'
  | 'gold'
  | 'duffel_bag_size'
  | 'trophy_case_score'
  | 'total_attack'
  | 'total_defense'
  | 'rating'
  | 'recovering_until'
  | 'protected_until'
  | 'xp'
  | 'level'
  | 'defences_lost_day'
  | 'defences_lost'
  | 'defences_gold_lost'
  | 'first_week_gold_lost'
  | 'created_at';

export async function setPlayer(uid: string, fields: Partial<Record<PlayerField, number>>) {
  const entries = Object.entries(fields);
  await env.DB.prepare(`UPDATE players SET ${entries.map(([key]) => `${key} = ?`).join(', ')} WHERE uid = ?`)
    .bind(...entries.map(([, value]) => value), uid)
    .run();
}

/** The admin (docs/design.md section 7.5): the verified ADMIN_EMAIL account named ADMIN_USERNAME, made once per test file's storage. */
export async function adminPlayer() {
  const login = await call('/api/auth/login', { body: { identifier: env.ADMIN_EMAIL, password: PASSWORD } });
  if (login.status === 200) return { uid: (await json<{ uid: string }>(login)).uid, token: sessionToken(login), username: env.ADMIN_USERNAME };
  const account = await signUp(env.ADMIN_EMAIL);
  await env.DB.prepare('UPDATE users SET email_verified_at = ? WHERE id = ?').bind(Date.now(), account.uid).run();
  expect((await call('/api/setUsername', { body: { username: env.ADMIN_USERNAME }, token: account.token })).status).toBe(201);
  return { uid: account.uid, token: account.token, username: env.ADMIN_USERNAME };
}

/**
 * The dev outbox's mails to `email` whose subject starts with `subject`, oldest first, once there are at least
 * `count` (or, if they never come, whatever is there for the test to fail on): a password reset mails after its
 * answer (hardening 3), so a test reading the outbox right after the call waits for it.
 */
export async function mailsTo(email: string, subject: string, count = 1): Promise<{ body: string }[]> {
  const read = async () =>
    (
      await env.DB.prepare(`SELECT body FROM dev_outbox WHERE "to" = ? AND subject LIKE ? ORDER BY id`)
        .bind(email, `${subject}%`)
        .all<{ body: string }>()
    ).results;
  // Waits for the mails (sent after the answer); a test expecting none reads what there is after that wait.
  return vi.waitFor(async () => {
    const results = await read();
    if (results.length < count) throw new Error(`${results.length} of ${count} mails to ${email}`);
    return results;
  }, { timeout: 15_000, interval: 20 }).catch(read);
}

/** A fresh session of `uid`, as signing in makes one, without hashing a password (for tests of many rounds). */
export async function mintSession(uid: string): Promise<string> {
  const sessionId = crypto.randomUUID();
  const now = Date.now();
  await env.DB.prepare('INSERT INTO sessions (id, uid, created_at, expires_at) VALUES (?, ?, ?, ?)').bind(sessionId, uid, now, now + SESSION_TTL_SECONDS * 1000).run();
  return new SignJWT({ sid: sessionId }).setProtectedHeader({ alg: 'HS256' }).setSubject(uid).setIssuer(ISSUER).setIssuedAt().setExpirationTime('1h').sign(secretKey(env));
}

/** A player with the starting values and a session, written straight to D1: no password, fast in bulk. */
export async function mintPlayer(): Promise<{ uid: string; username: string; token: string }> {
  const uid = crypto.randomUUID();
  const username = uniqueName('m');
  const now = Date.now();
  await env.DB.batch([
    env.DB.prepare('INSERT INTO users (id, email, created_at) VALUES (?, ?, ?)').bind(uid, `${uid}@example.com`, now),
    env.DB.prepare(
      `INSERT INTO players (uid, username, level, gold, energy, energy_at, cash, duffel_bag_size, trophy_case_score,
        trophy_case_avg_quality, guild, created_at) VALUES (?, ?, 1, 100, 20, ?, 0, 0, 0, 0, '', ?)`,
    ).bind(uid, username, now, now),
    seedsRow(uid),
  ]);
  return { uid, username, token: await mintSession(uid) };
}

/** The seeds every player gets with their row (worker/features/fairness), for players written straight to D1. */
const seedsRow = (uid: string) =>
  env.DB.prepare("INSERT INTO fair_seeds (uid, server_seed, client_seed) VALUES (?, lower(hex(randomblob(32))), 'minted')").bind(uid);

/**
 * The commit engine's session for `uid`, for tests that call it directly: the player's live session row, with
 * plain batch reads unless the test brings its own (the write batch's guard still checks the session).
 */
export async function commitSessionOf(uid: string, read?: ReadBatch): Promise<CommitSession> {
  const row = await env.DB.prepare('SELECT id FROM sessions WHERE uid = ? AND revoked_at IS NULL ORDER BY created_at DESC LIMIT 1').bind(uid).first<{ id: string }>();
  if (!row) throw new Error(`no live session for ${uid}`);
  const db = createDb(env.DB);
  return { claims: { uid, sessionId: row.id }, read: read ?? ((queries) => db.batch(queries)) };
}

/** A stored fight as the test reads it back: its entry (game/rules/fight-record.ts) with both players' uids. */
export interface StoredFightRow extends PackedFight {
  attackerUid: string;
  defenderUid: string;
  createdAt: number;
  hashPrefix: string;
  clientSeed: string;
}

/** Every stored fight, oldest first, read straight from `fight_days` (each row's entries with their defenders). */
export async function storedFights(): Promise<StoredFightRow[]> {
  const [rows, players] = await env.DB.batch<Record<string, unknown>>([
    env.DB.prepare("SELECT num, day, lower(hex(seed_hash_prefix)) AS prefix, iif(typeof(client_seed) = 'blob', lower(hex(client_seed)), client_seed) AS client_seed, defenders, packed FROM fight_days"),
    env.DB.prepare('SELECT uid, num FROM players'),
  ]);
  const uidOf = new Map(players!.results.map((row) => [row.num as number, row.uid as string]));
  return rows!.results
    .flatMap((row) => {
      const defenders = parseNumbers(row.defenders as string);
      return decodeFights(new Uint8Array(row.packed as ArrayBuffer)).map((fight, index) => ({
        ...fight,
        attackerUid: uidOf.get(row.num as number) ?? '',
        defenderUid: uidOf.get(defenders[index]!) ?? '',
        createdAt: (row.day as number) * 86_400_000 + fight.at,
        hashPrefix: row.prefix as string,
        clientSeed: row.client_seed as string,
      }));
    })
    .sort((a, b) => a.createdAt - b.createdAt);
}

/** The stored fights `attacker` started against `defender` (either may be left out). */
export const fightsBetween = async ({ attacker, defender }: { attacker?: string; defender?: string }) =>
  (await storedFights()).filter((fight) => (attacker === undefined || fight.attackerUid === attacker) && (defender === undefined || fight.defenderUid === defender));

/** Stores a fight of `attacker` on `defender` at `createdAt`, as the fight intent records it (worker/features/arena/records.ts). */
export async function storeFight(attacker: string, defender: string, createdAt: number, fight: Partial<PackedFight> & { hashPrefix?: string; clientSeed?: string } = {}) {
  const nums = await env.DB.prepare('SELECT uid, num, username FROM players WHERE uid IN (?, ?)').bind(attacker, defender).all<{ uid: string; num: number; username: string }>();
  const [a, d] = [attacker, defender].map((uid) => nums.results.find((row) => row.uid === uid)!);
  const nonce = fight.nonce ?? 0;
  const stored: StoredFight = {
    nonce,
    at: createdAt % 86_400_000,
    rules: 2,
    winner: 'attacker',
    rematch: false,
    attacker: { attack: 0, defense: 0 },
    defender: { attack: 0, defense: 0 },
    goldTaken: 0,
    goldMinted: 0,
    ratingChange: 0,
    attackerXp: 0,
    defenderXp: 0,
    rounds: [],
    hashPrefix: '00000000',
    clientSeed: 'test',
    ...fight,
    id: '',
    createdAt,
    attackerNum: a!.num,
    defenderNum: d!.num,
    attackerName: a!.username,
    defenderName: d!.username,
  };
  const db = createDb(env.DB);
  await db.batch(recordFight(stored)(oneDatabase(db), { uid: attacker, now: createdAt }) as [BatchItem<'sqlite'>, ...BatchItem<'sqlite'>[]]);
}

/**
 * The statement of migration `file` (the start of its name, `0024_`) that starts with `prefix`, comments dropped, with
 * each backquoted table of `renames` renamed: to run a migration's data statement on tables shaped as before it.
 */
export function migrationStatement(file: string, prefix: string, renames: Record<string, string>): string {
  const migration = env.TEST_MIGRATIONS.find((entry) => entry.name.startsWith(file));
  const found = migration?.queries.map((query) => query.replace(/^\s*--.*$/gm, '').trim()).find((query) => query.startsWith(prefix));
  if (found === undefined) throw new Error(`migration ${file}… has no statement starting ${prefix}`);
  return Object.entries(renames).reduce((query, [table, renamed]) => query.replaceAll(`\`${table}\``, `\`${renamed}\``), found);
}
