/**
 * What an intent changes, as a pure decision describes it (docs/decisions/004-game-intents.md). The commit
 * engine (./commit.ts) writes the player's own rows; anything else a feature keeps (a fight, a guild
 * membership) rides in the same batch as an `Effect`, so a feature adds writes without editing the engine.
 */
import { sql } from 'drizzle-orm';
import type { ActivityKind } from '../../game/wire';
import { writeClaims } from './db/schema';
import type { ItemRow, LootRow, PlayerRow } from './state';
import type { Stores, Write, WriteAt } from './stores';

/** Columns the engine derives from the items and xp on every commit; a decision never sets them. */
type Derived = 'totalAttack' | 'totalDefense' | 'trophyCaseScore' | 'trophyCaseAvgQuality' | 'trophies' | 'level';

/**
 * The player's columns a decision may set: everything but who they are, the write token, the derived ones and the
 * stored finds (the engine writes those from `newLoot` and `takeLoot`).
 */
export type PlayerChanges = Partial<Omit<PlayerRow, 'uid' | 'username' | 'createdAt' | 'writeToken' | 'finds' | Derived>>;

/**
 * A feature's own statements for one player of the intent, run after the player's claim and the write guard,
 * so they commit only with the player's changes. Built by the decision (pure: it only describes the writes), each
 * on the store it is for (./stores.ts), so any engine can run them.
 */
export type Effect = (stores: Stores, at: WriteAt) => Write[];

/**
 * What can happen in an intent, by kind: said once by its decision, for the features that follow every intent
 * (daily contracts, the season's score, the news, pushes), each subscribing with a commit hook (./commit-hooks.ts),
 * to write in the same batch, or a commit watcher (./commit-watchers.ts), to act once the answer has left, so no
 * decision or route names them. The core declares only what its own rows show; each feature adds the kinds it says
 * from its own folder (its feature.ts) by module augmentation, as Hono's `ContextVariableMap`:
 * `declare module '../../core/changes' { interface IntentEvents { crafted: object } }`.
 */
export interface IntentEvents {
  /** New items the player now owns, taken from the finds or crafted (an item passed between players is not new). */
  gained: { items: readonly { catalogId: string; quality: number }[] };
  /** The player's level moved (levels follow from xp, game/rules/level.ts). Said by the commit engine, never by a decision. */
  levelled: { level: number };
}

/** One event: its kind and that kind's fields. */
export type IntentEvent = { [K in keyof IntentEvents]: { kind: K } & IntentEvents[K] }[keyof IntentEvents];

/** What an intent changes for one player. Player fields not named stay as they are. */
export interface Changes {
  player: PlayerChanges;
  /** Rows to insert or overwrite (by id): new items, or items of the players in the intent. */
  putItems: ItemRow[];
  deleteItems: string[];
  /** Replaces the whole pending loot when set. */
  newLoot?: LootRow[];
  takeLoot: number[];
  /** The activity entry; `rollId` links it to the stored roll it came from (a scavenge). */
  log: { kind: ActivityKind; text: string; rollId?: string };
  /** A feature's writes in the same batch (see `Effect`). */
  effects?: Effect[];
  /** What happened, for the features that subscribe to intents (see `IntentEvent`). */
  events?: IntentEvent[];
}

export const noChanges = (): Omit<Changes, 'log'> => ({ player: {}, putItems: [], deleteItems: [], takeLoot: [] });

/**
 * Aborts the batch unless the shared write before it changed exactly `rows` rows: the write guard's trigger
 * (worker/core/db/schema.ts `writeClaims`) refuses the row, the engine decides again on fresh rows.
 */
export const changed =
  (rows: number): Effect =>
  ({ shared }) => [shared.insert(writeClaims).values({ claimed: sql`changes()`, expected: rows })];
