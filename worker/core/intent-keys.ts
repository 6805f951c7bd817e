/**
 * Idempotency keys (docs/decisions/031-idempotency-keys.md): a client names each intent with an `Idempotency-Key`
 * and sends it again when the answer was lost; the Worker does it once and answers the repeat with the first answer.
 *
 * The keys live where the intent already writes: a ring on the caller's row (`players.intent_keys`), newest first,
 * written by the claim of the keyed intent itself (./commit.ts). So a keyed intent keeps its two round trips and its
 * rows written, and two requests with one key can never both commit: the claim lets one through, and the other,
 * decided again on fresh state, reads the key. A key is scoped to the caller (their row) and the route (hashed with
 * the contract's path); it is kept 24 hours, among the player's newest KEYS_KEPT keys.
 */
import type { Context } from 'hono';
import { refuse } from './errors';
import { ERRORS, IDEMPOTENCY_HEADER } from '../../game/api';
import { catalogueById, type CatalogueItem } from '../../game/rules';

/** How long a key and its answer are kept. */
export const KEY_TTL_MS = 24 * 60 * 60 * 1000;
/** How many keys a player's ring holds: a client retries an intent for seconds, and a few keys cover the taps meanwhile, from two tabs too. */
export const KEYS_KEPT = 4;
/** 1 to 255 visible ASCII characters: a UUID, or whatever the client's own scheme is. */
const KEY_FORMAT = /^[\x21-\x7e]{1,255}$/;

/**
 * One kept key: its digest (the route and the key), the request's digest (the path and the body), when it was
 * committed, how many stood ahead of the player on the board after it (the answer's rank, counted in the claim), and
 * whether its answer is kept (0 for an intent whose route keeps none).
 */
export type KeptKey = [key: string, request: string, at: number, ahead: number, answered: 0 | 1];

/**
 * The ring as stored: the keys, newest first, and their answers (null where none is kept), deflated together, since an
 * intent's answer repeats the one before it (the same items), and without the catalogue's words (`WORDS`). An answer of
 * a player with a full inventory, bag and finds is about 8,500 bytes as JSON; a ring of KEYS_KEPT of them about 2,300
 * (test/worker/idempotency.test.ts holds it under 3,000; docs/decisions/031).
 */
export interface Ring {
  keys: KeptKey[];
  answers: string | null;
}

/** What a request says about its key, when it sends one: set by `route` (./route.ts), read by the commit engine. */
export interface IntentKey {
  /** The digest of the route and the key. */
  key: string;
  /** The digest of the concrete path and the body: the same key with another request is refused (422). */
  request: string;
}

/** Where the newest key's rank sits in the stored ring, for the claim to set and the batch to read back. */
export const NEWEST_AHEAD = '$.keys[0][3]';

/**
 * The request's key, when it sends one (400 when it is malformed): the digest of the route (the contract's path) and
 * the key, and the digest of the concrete path and the body as validated. `route` (./route.ts) reads it for every POST.
 */
export async function intentKeyOf(c: Context, route: string, body: unknown): Promise<IntentKey | undefined> {
  const value = c.req.header(IDEMPOTENCY_HEADER);
  if (value === undefined) return undefined;
  if (!KEY_FORMAT.test(value)) throw refuse(ERRORS.idempotencyKeyInvalid);
  return { key: await digest(`${route}\n${value}`, 16), request: await digest(`${c.req.path}\n${JSON.stringify(body ?? null)}`, 12) };
}

async function digest(text: string, bytes: number): Promise<string> {
  const hash = new Uint8Array(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text)));
  return toBase64(hash.subarray(0, bytes));
}

/** The ring as stored; null (no keyed intent yet) is an empty ring. */
export function ringOf(stored: string | null): Ring {
  return stored ? (JSON.parse(stored) as Ring) : { keys: [], answers: null };
}

/** The kept entry for this key, if it is younger than a day, and its place in the ring. */
export function findKey(ring: Ring, key: string, now: number): { kept: KeptKey; index: number } | undefined {
  const index = ring.keys.findIndex(([kept, , at]) => kept === key && now - at < KEY_TTL_MS);
  const kept = ring.keys[index];
  return kept && { kept, index };
}

/** The kept answer at `index`, with the rank the claim counted in its profile (every answer that shows the rank shows it there). */
export async function keptAnswer(ring: Ring, index: number, ahead: number): Promise<unknown> {
  const answers = ring.answers ? ((await inflate(ring.answers)) as unknown[]) : [];
  return withRanking(answers[index] ?? null, 1 + ahead);
}

/**
 * The ring to store with a new key first, and its answer (undefined when the route keeps none): keys older than a
 * day go, and the oldest beyond KEYS_KEPT. The new key's rank is 0 here: the claim sets it (NEWEST_AHEAD).
 */
export async function withKey(ring: Ring, { key, request }: IntentKey, now: number, answer: unknown): Promise<string> {
  const answers = ring.answers ? ((await inflate(ring.answers)) as unknown[]) : [];
  const kept = ring.keys.flatMap((entry, index) => (entry[0] !== key && now - entry[2] < KEY_TTL_MS ? [{ entry, answer: answers[index] ?? null }] : []));
  const entries = [{ entry: [key, request, now, 0, answer === undefined ? 0 : 1] as KeptKey, answer: answer ?? null }, ...kept].slice(0, KEYS_KEPT);
  const stored: Ring = { keys: entries.map(({ entry }) => entry), answers: await deflate(entries.map((entry) => entry.answer)) };
  return JSON.stringify(stored);
}

/** The answer with `profile.ranking` set, when it has a profile. */
export function withRanking(answer: unknown, ranking: number): unknown {
  if (typeof answer !== 'object' || answer === null || !('profile' in answer)) return answer;
  const { profile } = answer;
  if (typeof profile !== 'object' || profile === null || !('ranking' in profile)) return answer;
  return { ...answer, profile: { ...profile, ranking } };
}

/** JSON, deflated, in base64 (the ring is JSON text). */
async function deflate(value: unknown): Promise<string> {
  const stream = new Blob([JSON.stringify(value, (_key, field: unknown) => (isItem(field) ? withoutWords(field) : field))]).stream().pipeThrough(new CompressionStream('deflate-raw'));
  return toBase64(new Uint8Array(await new Response(stream).arrayBuffer()));
}

async function inflate(packed: string): Promise<unknown> {
  const bytes = Uint8Array.from(atob(packed), (char) => char.charCodeAt(0));
  const stream = new Blob([bytes]).stream().pipeThrough(new DecompressionStream('deflate-raw'));
  return JSON.parse(await new Response(stream).text(), (_key, field: unknown) => (isWordless(field) ? withWords(field) : field));
}

/**
 * An item's words (its name, description and history) are the catalogue's, by its catalogId: the ring keeps an
 * answer's items without them and puts them back, in their places, when it answers again. Half an answer's bytes.
 */
const WORDS = ['itemName', 'description', 'history'] as const;
type Words = Pick<CatalogueItem, 'name' | 'description' | 'history'>;

/** Marks an item kept without its words, so only those get them back. */
const WORDLESS = '~';

function isItem(value: unknown): value is Record<string, unknown> & { catalogId: string } {
  return typeof value === 'object' && value !== null && 'catalogId' in value && WORDS.every((word) => word in value);
}
function isWordless(value: unknown): value is Record<string, unknown> & { catalogId: string } {
  return typeof value === 'object' && value !== null && WORDLESS in value && 'catalogId' in value;
}
function withoutWords(item: Record<string, unknown>): Record<string, unknown> {
  return { [WORDLESS]: 1, ...Object.fromEntries(Object.entries(item).filter(([key]) => !(WORDS as readonly string[]).includes(key))) };
}
/** The item with its words back where the API puts them (./state.ts catalogueFields): the name after the id, the texts after the stats. */
function withWords(item: Record<string, unknown> & { catalogId: string }): Record<string, unknown> {
  const words: Words | undefined = catalogueById(item.catalogId);
  if (!words) return item;
  const rebuilt: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(item)) {
    if (key === WORDLESS) continue;
    rebuilt[key] = value;
    if (key === 'catalogId') rebuilt.itemName = words.name;
    if (key === 'defense') Object.assign(rebuilt, { description: words.description, history: words.history });
  }
  return rebuilt;
}

function toBase64(bytes: Uint8Array): string {
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary);
}
