/**
 * The player capability: the one way a route reaches a player's game data. `asPlayer` verifies the session
 * token (401 before any database work) and hands the handler `c.var.player`, whose `read` and `commit` add
 * the check of the session row to their first D1 batch. So a game read costs one round trip and an intent
 * two (test/worker/round-trips.test.ts), and no handler has to remember the check: a route without
 * `asPlayer` has no `c.var.player` to call (a type error), and if a handler answers without touching D1,
 * the middleware checks the row itself before the answer leaves. test/worker/routes.test.ts walks every
 * registered route with a signed-out session to hold this. Reads go to a D1 replica, intents to the primary
 * (docs/scaling.md, "Read replication").
 */
import { and, eq } from 'drizzle-orm';
import type { BatchItem } from 'drizzle-orm/batch';
import type { SQLiteUpdateSetSource } from 'drizzle-orm/sqlite-core';
import { createMiddleware } from 'hono/factory';
import { BOOKMARK_HEADER, ERRORS } from '../../game/api';
import { assertPlayer, callerFrom, presentedClaims, sessionRead } from './session';
import { createDb, type Database } from './db/client';
import type { AppEnv } from './env';
import { refuse } from './errors';
import { players } from './db/schema';
import { callerMayWrite, commitKeyed, NO_CONTEXT, type BatchResponse, type CommitSession, type Context, type Outcome, type ReadBatch } from './commit';
import type { Changes } from './changes';
import type { GameState } from './state';
import { committed } from './commit-watchers';

type Queries = readonly [BatchItem<'sqlite'>, ...BatchItem<'sqlite'>[]];

export interface PlayerOutcome {
  before: GameState;
  after: GameState;
  changes: Changes;
  /** The caller's rank after the change. */
  ranking: number;
  now: number;
}

export interface PlayerScope {
  /** The caller. */
  readonly uid: string;
  /** The caller's reads in one D1 batch (the first call also checks the session in it). */
  read<T extends Queries>(queries: (db: Database, uid: string) => T): Promise<BatchResponse<T>>;
  /**
   * An intent of the caller alone, decided on fresh state and committed atomically. With `answer`, it answers what
   * that builds from the outcome, and a request with an Idempotency-Key keeps it: a repeat answers it again and changes
   * nothing (./intent-keys.ts). Without, a repeated key is 409 `already_done`.
   */
  commit<A = PlayerOutcome>(decide: (state: GameState, now: number) => Changes, answer?: (outcome: PlayerOutcome) => A): Promise<A>;
  /** commit, deciding also on rows the context reads in the same batch as the state, on every attempt. */
  commitOwn<Q extends readonly BatchItem<'sqlite'>[], T, A = PlayerOutcome>(
    context: Context<Q, T>,
    decide: (state: GameState, now: number, context: T) => Changes,
    answer?: (outcome: PlayerOutcome) => A,
  ): Promise<A>;
  /**
   * An intent that changes other players too: `decide` gets the caller's state first, then theirs, and
   * answers one Changes each. All of them are written, or none (./commit.ts). `answer` as for commit.
   */
  commitWith<A = Outcome>(others: readonly string[], decide: (states: GameState[], now: number) => Changes[], answer?: (outcome: Outcome) => A): Promise<A>;
  /** commitWith, deciding also on rows the context reads in the same batch as the states, on every attempt. */
  commitWithContext<Q extends readonly BatchItem<'sqlite'>[], T, A = Outcome>(
    others: readonly string[],
    context: Context<Q, T>,
    decide: (states: GameState[], now: number, context: T) => Changes[],
    answer?: (outcome: Outcome) => A,
  ): Promise<A>;
  /**
   * A write to the caller's own row that is no event (no log line, no claim: the notices seen, say), on the
   * primary, landing only while the caller's session is live and their account not banned, checked in the same
   * statement; 401 when it did not land. One row written.
   */
  updateOwn(set: SQLiteUpdateSetSource<typeof players>): Promise<void>;
}

export type PlayerEnv = AppEnv & { Variables: { player: PlayerScope } };

/** A one-player outcome as the caller's own. */
function ownOutcome(outcome: Outcome): PlayerOutcome {
  const [before, after, changes] = [outcome.before[0], outcome.after[0], outcome.changes[0]];
  if (!before || !after || !changes) throw new Error('a one-player commit answers one state');
  return { before, after, changes, ranking: outcome.ranking, now: outcome.now };
}

/** D1's bookmark format; anything else starts a session unconstrained, as a client without one does. */
const BOOKMARK = /^[0-9a-f]{8}-[0-9a-f]{8}-[0-9a-f]{8}-[0-9a-f]{32}$/;

export const asPlayer = createMiddleware<PlayerEnv>(async (c, next) => {
  const claims = await presentedClaims(c);
  if (!claims) throw refuse(ERRORS.signedOut);
  // Reads run in a Sessions API session at the client's bookmark: any replica that has caught up with what the
  // player was shown may answer, so a player reads their own writes without waiting on the primary. Intents,
  // and the session check that admits them, go to the primary (docs/security.md: what a revoked session can
  // still read meanwhile).
  const carried = c.req.header(BOOKMARK_HEADER);
  const replicaSession = c.env.DB.withSession(carried && BOOKMARK.test(carried) ? carried : 'first-unconstrained');
  const primarySession = c.env.DB.withSession('first-primary');
  const replica = createDb(replicaSession);
  const primary = createDb(primarySession);
  // Where the session row was checked: a check on the primary admits everything; one on a replica, reads only.
  let checked: 'replica' | 'primary' | null = null;
  const withSessionCheck = async <T extends Queries>(db: Database, side: 'replica' | 'primary', queries: T) => {
    const [session, ...results] = await db.batch([sessionRead(db, claims), ...queries]);
    assertPlayer(callerFrom(claims, session[0]));
    checked = checked === 'primary' ? 'primary' : side;
    return results as BatchResponse<T>;
  };
  const read: ReadBatch = (queries) => (checked ? replica.batch(queries) : withSessionCheck(replica, 'replica', queries));
  // An intent checks the session on every attempt, not once: a retry after a sign-out or a ban answers 401
  // (and the write batch's guard refuses one that lands after it: ./commit.ts).
  const intent: CommitSession = { claims, read: (queries) => withSessionCheck(primary, 'primary', queries) };
  // Every commit goes through here: the request's key (./route.ts) with the answer to keep, the watchers once it committed.
  const commitAs = async <Q extends readonly BatchItem<'sqlite'>[], T, A>(
    uids: readonly string[],
    context: Context<Q, T>,
    decide: (states: GameState[], now: number, context: T) => Changes[],
    answer: ((outcome: Outcome) => A) | undefined,
  ): Promise<A | Outcome> => {
    const key = c.get('intentKey');
    const result = await commitKeyed(primary, intent, uids, context, decide, key && { key, answer });
    // A repeated key: nothing was decided or written, so no watcher hears of it.
    if (!('outcome' in result)) return result.replayed as A;
    committed(c, result.outcome);
    if (!answer) return result.outcome;
    return key ? (result.answer as A) : answer(result.outcome);
  };
  const own = <A>(answer: ((outcome: PlayerOutcome) => A) | undefined) => answer && ((outcome: Outcome) => answer(ownOutcome(outcome)));
  const commitOwn: PlayerScope['commitOwn'] = async <Q extends readonly BatchItem<'sqlite'>[], T, A>(
    context: Context<Q, T>,
    decide: (state: GameState, now: number, context: T) => Changes,
    answer?: (outcome: PlayerOutcome) => A,
  ) => {
    const result = await commitAs([claims.uid], context, ([state], now, rows) => (state ? [decide(state, now, rows)] : []), own(answer));
    return (answer ? result : ownOutcome(result as Outcome)) as A;
  };
  c.set('player', {
    uid: claims.uid,
    read: (queries) => read(queries(replica, claims.uid)),
    commitWith: async <A>(others: readonly string[], decide: (states: GameState[], now: number) => Changes[], answer?: (outcome: Outcome) => A) =>
      (await commitAs([claims.uid, ...others], NO_CONTEXT, (states, now) => decide(states, now), answer)) as A,
    commitWithContext: async <Q extends readonly BatchItem<'sqlite'>[], T, A>(
      others: readonly string[],
      context: Context<Q, T>,
      decide: (states: GameState[], now: number, context: T) => Changes[],
      answer?: (outcome: Outcome) => A,
    ) => (await commitAs([claims.uid, ...others], context, decide, answer)) as A,
    commit: (decide, answer) => commitOwn(NO_CONTEXT, (state, now) => decide(state, now), answer),
    commitOwn,
    updateOwn: async (set) => {
      const { meta } = await primary.update(players).set(set).where(and(eq(players.uid, claims.uid), callerMayWrite(primary, claims, Date.now()))).run();
      if (meta.changes !== 1) throw refuse(ERRORS.signedOut);
      checked = 'primary';
    },
  });
  await next();
  // The one guard: no answer leaves without the session row checked, even from a handler that read nothing.
  // (A refusal, such as a malformed body, shows nothing and may go out unchecked: docs/decisions/004.)
  if (!checked && c.res.status < 400) assertPlayer(callerFrom(claims, await sessionRead(primary, claims).get()));
  // The newest state this answer showed: the primary's after an intent, else the replica's.
  const bookmark = (checked === 'primary' ? primarySession : replicaSession).getBookmark();
  if (bookmark) c.header(BOOKMARK_HEADER, bookmark);
});
