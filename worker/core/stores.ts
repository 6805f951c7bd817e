/**
 * What a feature's writes are built on, bound to no engine (docs/decisions/032-writes-bound-to-no-engine.md).
 * A decision's effects (./changes.ts) and the commit hooks (./commit-hooks.ts) build drizzle statements on the SQLite
 * dialect and say which store each is for; the engine decides how and where they run. The D1 engine hands its one
 * database as both stores and runs every write in the intent's batch. A player's Durable Object (issue #56) hands
 * its own storage (`drizzle-orm/durable-sqlite`) as `own`, runs those writes in its storage transaction, and carries
 * the `shared` ones to D1 after its commit: the same hooks, unchanged.
 */
import type { BatchItem } from 'drizzle-orm/batch';
import type { BaseSQLiteDatabase } from 'drizzle-orm/sqlite-core';
import type * as schema from './db/schema';

/** SQLite as drizzle builds it, whichever engine runs it: D1's `async` database or a Durable Object's `sync` one. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- each engine runs results of its own kind
export type SqlStore = BaseSQLiteDatabase<'sync' | 'async', any, typeof schema>;

/** A statement built on a store, for the engine to run: in D1's batch, or in an object's storage transaction. */
export type Write = BatchItem<'sqlite'>;

/**
 * The two places a write can be for. `own`: rows of this player that only their own intents write (their contract
 * progress, seeds in use, scavenge rolls, their day of fights); what others see of them can be a copy fed after the
 * commit. `shared`: rows other players' intents write too, or that are read across players in one query (boards,
 * leagues, guilds, the drive, listings, a defender's inbox, revealed seeds, push subscriptions, server firsts).
 */
export interface Stores {
  own: SqlStore;
  shared: SqlStore;
}

/** One database holding every row (D1 today): both stores are it, so every write rides in the one batch. */
export const oneDatabase = (db: SqlStore): Stores => ({ own: db, shared: db });

/** The player a write is for, and the commit's clock. */
export interface WriteAt {
  uid: string;
  now: number;
}
