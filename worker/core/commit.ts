/**
 * Applies an intent atomically, for one player or several at once (docs/decisions/004-game-intents.md).
 *
 * D1 has no interactive transactions, so each attempt reads the players' states, decides in plain TypeScript,
 * then sends one batch (D1 runs a batch as one transaction). The batch opens with one claim per player, which
 * swaps the player's write token for a fresh one only if it still holds the token that was read (writing the
 * player's own columns in the same UPDATE), and the write guard (worker/core/db/schema.ts `writeClaims`), which aborts the whole batch unless every player was
 * claimed. If anyone changed any of the players in between, nothing is written for anyone, and the intent is
 * decided again on fresh state. So a double click never spends twice, and two players acting on each other
 * at the same moment never lose or duplicate gold or items.
 *
 * The guard also counts a player only while their account is not banned, and only while the caller's session
 * is live. D1 runs one batch at a time, so a ban, a sign-out or a password reset that commits first aborts
 * every intent still in flight: none of them writes after it, on any attempt (hardening 4, docs/security.md).
 */
import { ERRORS } from '../../game/api';
import { and, eq, exists, gt, inArray, isNull, notExists, sql, type SQL } from 'drizzle-orm';
import type { BatchItem } from 'drizzle-orm/batch';
import { levelFor } from '../../game/rules/level';
import type { Database } from './db/client';
import { items, LOG_LINES, players, sessions, writeClaims } from './db/schema';
import { logLineWrites } from './log-lines';
import type { SessionClaims } from './env';
import { refuse } from './errors';
import type { Changes, IntentEvent } from './changes';
import { foundBy, hooked, type Finding } from './commit-hooks';
import { findKey, keptAnswer, NEWEST_AHEAD, ringOf, withKey, withRanking, type IntentKey } from './intent-keys';
import { aheadAfter, parseRanking, rankingRead } from './ranking';
import { bannedAccount, derivedTotals, encodeFinds, parseStates, statesRead, type GameState } from './state';
import { oneDatabase } from './stores';

/** Enough for every request of a burst to get its turn (each round lets at least one through). */
const MAX_ATTEMPTS = 25;
/** The message the write guard's trigger aborts with. */
export const CLAIM_LOST = 'write_claim_lost';

/** Runs reads in one D1 batch; a commit's version also checks the caller's session in it. */
export type ReadBatch = <T extends readonly [BatchItem<'sqlite'>, ...BatchItem<'sqlite'>[]]>(queries: T) => Promise<BatchResponse<T>>;
/** What drizzle answers for a batch of queries: each query's own row type, in order. */
export type BatchResponse<T extends readonly BatchItem<'sqlite'>[]> = { [K in keyof T]: T[K]['_']['result'] };

/** The state after the changes: what the batch writes, and what the answer shows. */
export function applyChanges(state: GameState, changes: Changes, fresh: string): GameState {
  const deleted = new Set(changes.deleteItems);
  const put = new Map(changes.putItems.map((row) => [row.id, row]));
  const owned = [...state.items.filter((row) => !deleted.has(row.id) && !put.has(row.id)), ...put.values()];
  const taken = new Set(changes.takeLoot);
  return {
    player: { ...state.player, ...changes.player, ...derivedTotals(owned), level: levelFor(changes.player.xp ?? state.player.xp), writeToken: fresh },
    items: owned,
    loot: (changes.newLoot ?? state.loot).filter((row) => !taken.has(row.slot)),
  };
}

/** The derived columns, written only when they moved: D1 bills an index row for every indexed column an UPDATE sets. */
const DERIVED = ['totalAttack', 'totalDefense', 'trophyCaseScore', 'trophyCaseAvgQuality', 'trophies', 'level'] as const;

/** The player's columns an intent writes: what the decision set, the derived ones that changed, the finds if they did, and the log's count (every intent logs a line). */
function playerColumns(before: GameState, after: GameState, changes: Changes) {
  const moved = DERIVED.filter((key) => after.player[key] !== before.player[key]).map((key) => [key, after.player[key]]);
  const finds = changes.newLoot || changes.takeLoot.length > 0 ? { finds: encodeFinds(after.loot) } : {};
  return { ...changes.player, ...Object.fromEntries(moved), ...finds, logSeq: before.player.logSeq + 1 };
}

/**
 * The player's other rows (the player's own columns and finds ride in the claim: claimAndGuard), the hooks' writes among
 * them, and the hooks' findings, which go after every player's writes.
 */
function playerWrites(db: Database, before: GameState, changes: Changes, events: readonly IntentEvent[], ownerOf: ReadonlyMap<string, string>, now: number): { writes: BatchItem<'sqlite'>[]; findings: Finding[] } {
  const { uid } = before.player;
  const writes: BatchItem<'sqlite'>[] = [];
  const stores = oneDatabase(db);
  for (const effect of changes.effects ?? []) writes.push(...effect(stores, { uid, now }));
  const hooks = hooked(events, stores, { uid, now });
  writes.push(...hooks.writes);
  if (changes.deleteItems.length > 0) writes.push(db.delete(items).where(and(eq(items.uid, uid), inArray(items.id, changes.deleteItems))));
  const created = changes.putItems.filter((row) => !ownerOf.has(row.id));
  if (created.length > 0) writes.push(db.insert(items).values(created));
  for (const row of changes.putItems) {
    const owner = ownerOf.get(row.id);
    if (owner === undefined) continue;
    writes.push(
      db
        .update(items)
        // The owner only when it changes: setting a key column moves the row (a delete and an insert) even to the same value.
        .set({ ...(row.uid === owner ? {} : { uid: row.uid }), location: row.location, researchMs: row.researchMs, equippedAt: row.equippedAt, trophyAt: row.trophyAt, researchedBy: row.researchedBy, researchedAt: row.researchedAt })
        .where(and(eq(items.uid, owner), eq(items.id, row.id))),
    );
  }
  // The line takes the next number, which the claim writes (playerColumns), and overwrites the ring's oldest line.
  const id = before.player.logSeq + 1;
  writes.push(
    ...logLineWrites(db, { num: before.player.num, slot: id % LOG_LINES, id, kind: changes.log.kind, text: changes.log.text, rollId: changes.log.rollId ?? null, createdAt: now }),
  );
  return { writes, findings: hooks.findings };
}

/**
 * The condition every write of a caller's carries, read inside the write's own statement or batch: their session is
 * live and their account not banned. A revocation or ban that committed before the write is seen, so a revoked or
 * banned session writes nothing (docs/security.md), whatever a replica said when the request began.
 */
export function callerMayWrite(db: Database, caller: SessionClaims, now: number) {
  const liveSession = db
    .select({ id: sessions.id })
    .from(sessions)
    .where(and(eq(sessions.id, caller.sessionId), eq(sessions.uid, caller.uid), isNull(sessions.revokedAt), gt(sessions.expiresAt, now)));
  return and(exists(liveSession), notExists(bannedAccount(db)));
}

/**
 * Each player's claim, which also writes the player's own columns (one row written, not two), and the guard
 * that aborts the batch unless every player was claimed.
 */
function claimAndGuard(
  db: Database,
  caller: SessionClaims,
  parts: readonly { state: GameState; after: GameState; changes: Changes }[],
  fresh: string,
  now: number,
  keys: { intentKeys: SQL } | Record<string, never>,
): [BatchItem<'sqlite'>, ...BatchItem<'sqlite'>[]] {
  const uids = parts.map((part) => part.state.player.uid);
  // Read inside the batch's transaction: a revocation or ban that committed before it is seen, so nobody counts.
  const holders = db
    .select({ n: sql`count(*)` })
    .from(players)
    .where(and(inArray(players.uid, uids), eq(players.writeToken, fresh), callerMayWrite(db, caller, now)));
  const [first, ...others] = parts.map(({ state, after, changes }, index) =>
    db
      .update(players)
      .set({ ...playerColumns(state, after, changes), ...(index === 0 ? keys : {}), writeToken: fresh })
      .where(and(eq(players.uid, state.player.uid), eq(players.writeToken, state.player.writeToken))),
  );
  if (!first) throw new Error('a commit claims at least one player');
  return [first, ...others, db.insert(writeClaims).values({ claimed: sql`(${holders})`, expected: uids.length })];
}

function isLostClaim(error: unknown): boolean {
  for (let cause: unknown = error; cause instanceof Error; cause = cause.cause) {
    if (cause.message.includes(CLAIM_LOST)) return true;
  }
  return false;
}

export interface Outcome {
  before: GameState[];
  after: GameState[];
  changes: Changes[];
  /** What happened to each player: their decision's events, then what the hooks found (./commit-hooks.ts). */
  events: IntentEvent[][];
  /** The first player's rank after the change, for the answer's profile. */
  ranking: number;
  now: number;
}

/**
 * Decides and commits an intent over `uids` (the caller first). `decide` gets their states in that order and
 * answers one Changes per player, or throws a refusal (`refuse`, ./errors.ts). Two D1 round trips when nobody races: the
 * first read (`session.read`, which checks the caller's session too) and the write batch, which
 * ends with the first player's new rank. A lost race costs one more of each.
 */
export async function commitPlayers(
  db: Database,
  session: CommitSession,
  uids: readonly string[],
  decide: (states: GameState[], now: number) => Changes[],
): Promise<Outcome> {
  return commitPlayersWith(db, session, uids, NO_CONTEXT, (states, now) => decide(states, now));
}

/**
 * Rows an intent decides on besides the players' states (a guild and its members, say): read in the same
 * batch as the states on every attempt, so a retry decides on fresh rows too.
 */
export interface Context<Q extends readonly BatchItem<'sqlite'>[], T> {
  queries: (db: Database) => Q;
  parse: (results: BatchResponse<Q>) => T;
}
/** No rows besides the states. */
export const NO_CONTEXT: Context<[], undefined> = { queries: () => [], parse: () => undefined };

/**
 * Whose intent it is: the caller's verified claims, and the reads that check their session row in the same
 * batch (every attempt, so a retry after a sign-out answers 401 instead of deciding again).
 */
export interface CommitSession {
  claims: SessionClaims;
  read: ReadBatch;
}

/**
 * An intent the request named with an Idempotency-Key (./intent-keys.ts): its key, and how to build its answer from
 * the outcome, so the claim keeps the answer with the key. Built before the batch, so from the decision (not from what
 * the hooks find); its rank is counted in the claim. A route without one keeps the key alone: a repeat is 409.
 */
export interface Keyed {
  key: IntentKey;
  answer?: (outcome: Outcome) => unknown;
}

/** What a commit did: committed, with the answer it kept (if any), or nothing at all, answering a repeated key. */
export type Committed = { outcome: Outcome; answer?: unknown } | { replayed: unknown };

/** commitPlayers with a context read alongside the states. */
export async function commitPlayersWith<Q extends readonly BatchItem<'sqlite'>[], T>(
  db: Database,
  session: CommitSession,
  uids: readonly string[],
  context: Context<Q, T>,
  decide: (states: GameState[], now: number, context: T) => Changes[],
): Promise<Outcome> {
  const committed = await commitKeyed(db, session, uids, context, decide);
  if (!('outcome' in committed)) throw new Error('an intent without a key commits');
  return committed.outcome;
}

/**
 * commitPlayersWith, for a request that may carry an idempotency key. A kept key (the caller's ring, read with their
 * state on every attempt) answers its kept answer and changes nothing; the same key with another request is 422. So of
 * two requests with one key, the claim lets one commit and the other, decided again on fresh state, reads the key.
 */
export async function commitKeyed<Q extends readonly BatchItem<'sqlite'>[], T>(
  db: Database,
  { claims, read }: CommitSession,
  uids: readonly string[],
  context: Context<Q, T>,
  decide: (states: GameState[], now: number, context: T) => Changes[],
  keyed?: Keyed,
): Promise<Committed> {
  const [first] = uids;
  if (first === undefined || new Set(uids).size !== uids.length) throw new Error('commitPlayers needs distinct players');
  for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt += 1) {
    const reads = [...statesRead(db, uids), ...context.queries(db)] as const;
    const [playerRows, owned, ...rest] = await read(reads);
    // The caller exists (the session read said so): a missing one is another player, gone or banned.
    const before = parseStates(uids, [playerRows, owned]);
    if (!before) throw refuse(ERRORS.playerNotFound);
    const now = Date.now();
    const ring = ringOf(keyed ? (before[0]?.player.intentKeys ?? null) : null);
    const found = keyed && findKey(ring, keyed.key.key, now);
    if (found) {
      const [, request, , ahead, answered] = found.kept;
      if (request !== keyed.key.request) throw refuse(ERRORS.idempotencyKeyReused);
      if (!answered) throw refuse(ERRORS.alreadyDone);
      return { replayed: await keptAnswer(ring, found.index, ahead) };
    }
    // The rest of the batch is the context's queries, in order: their own results.
    const changes = decide(before, now, context.parse(rest as BatchResponse<Q>));
    const fresh = crypto.randomUUID();
    const parts = before.map((state, index) => {
      const part = changes[index];
      if (!part || changes.length !== before.length) throw new Error('decide must answer one Changes per player');
      return { state, changes: part, after: applyChanges(state, part, fresh) };
    });
    // Who owns each item now: an item passed between the players is found under its old owner (items are keyed by both).
    const ownerOf = new Map(before.flatMap((state) => state.items.map((row) => [row.id, row.uid] as const)));
    // What each player's decision said happened, and a level the xp moved, which the engine derives.
    const said = parts.map(({ state, after, changes: part }): IntentEvent[] => [
      ...(part.events ?? []),
      ...(after.player.level === state.player.level ? [] : [{ kind: 'levelled', level: after.player.level } as const]),
    ]);
    const perPlayer = parts.map((part, index) => playerWrites(db, part.state, part.changes, said[index] ?? [], ownerOf, now));
    const writes = perPlayer.flatMap((player) => player.writes);
    const findings = perPlayer.flatMap((player, index) => player.findings.map((finding) => ({ index, ...finding })));
    // A keyed intent keeps its key, and its answer, in the caller's claim; the batch reads back the rank counted there.
    let answer: unknown;
    let keys: { intentKeys: SQL } | Record<string, never> = {};
    if (keyed) {
      const [caller] = parts;
      if (!caller) throw new Error('a commit claims at least one player');
      answer = keyed.answer?.({ before, after: parts.map((part) => part.after), changes, events: said, ranking: 0, now });
      const stored = await withKey(ring, keyed.key, now, answer);
      const { trophyCaseScore, totalAttack, totalDefense } = caller.after.player;
      keys = { intentKeys: sql`json_set(${stored}, ${NEWEST_AHEAD}, ${aheadAfter(first, trophyCaseScore, totalAttack + totalDefense)})` };
    }
    const guarded = claimAndGuard(db, claims, parts, fresh, now, keys);
    const rank = keyed ? db.select({ ahead: sql<number>`json_extract(${players.intentKeys}, ${NEWEST_AHEAD})` }).from(players).where(eq(players.uid, first)) : rankingRead(db, first);
    try {
      const results = await db.batch([...guarded, ...writes, ...findings.flatMap((finding) => finding.statements), rank]);
      // Each finding's results, where its statements sat in the batch: after the claims and the writes.
      const events = said.map((happened) => [...happened]);
      for (const { finding, events: found } of foundBy(findings, results.slice(guarded.length + writes.length))) events[finding.index]?.push(...found);
      const ranking = parseRanking(results[results.length - 1] as { ahead: number }[]);
      const outcome = { before, after: parts.map((part) => part.after), changes, events, ranking, now };
      return keyed?.answer ? { outcome, answer: withRanking(JSON.parse(JSON.stringify(answer)), ranking) } : { outcome };
    } catch (error) {
      if (!isLostClaim(error)) throw error;
    }
  }
  throw refuse(ERRORS.busy);
}
