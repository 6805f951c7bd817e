/**
 * What an intent changes, as a pure decision describes it (docs/decisions/004-game-intents.md). The commit
 * engine (./commit.ts) writes the player's own rows; anything else a feature keeps (a fight, a guild
 * membership) rides in the same batch as an `Effect`, so a feature adds writes without editing the engine.
 */
import { sql } from 'drizzle-orm';
import type { BatchItem } from 'drizzle-orm/batch';
import type { Rarity } from '../../game/rules/rarity';
import type { ActivityKind } from '../../game/wire';
import type { Database } from './db/client';
import { writeClaims } from './db/schema';
import type { ItemRow, LootRow, PlayerRow } from './state';

/** Columns the engine derives from the items and xp on every commit; a decision never sets them. */
type Derived = 'totalAttack' | 'totalDefense' | 'trophyCaseScore' | 'trophyCaseAvgQuality' | 'level';

/** The player's columns a decision may set: everything but who they are, the write token and the derived ones. */
export type PlayerChanges = Partial<Omit<PlayerRow, 'uid' | 'username' | 'createdAt' | 'writeToken' | Derived>>;

/**
 * A feature's own statements for one player of the intent, run after the player's claim and the write guard,
 * so they commit only with the player's changes. Built by the decision (pure: it only describes the writes).
 */
export type Effect = (db: Database, at: { uid: string; now: number }) => BatchItem<'sqlite'>[];

/**
 * Statements whose answers the intent needs once its batch has committed (a row inserted only if nobody had
 * one yet, say): run in the batch after the effects, and `seen` gets their results, in order, only when the
 * batch commits, never on an attempt that lost its claim.
 */
export interface Watch {
  statements: Effect;
  seen: (results: readonly unknown[]) => void;
}

/**
 * What happened in an intent, said once by its decision, for the features that follow every intent (daily
 * contracts, the season's score): each subscribes with `hookCommits` (./commit-hooks.ts) and turns these into
 * its own writes in the same batch, so no decision or route names them.
 */
export type IntentEvent =
  | { kind: 'scavenged' }
  /** Finds taken into the inventory, by quality. */
  | { kind: 'took'; qualities: readonly number[] }
  /** A trophy added: its tier, quality, and when its research finished (game/rules researchFinishedAt). */
  | { kind: 'trophy'; rarity: Rarity; quality: number; finishedAt: number }
  /** A fight the attacker won, against a defender this far from their rating. */
  | { kind: 'fight-won'; ratingGap: number }
  | { kind: 'crafted' };

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
  /** A feature's statements whose answers it reads after the commit (see `Watch`). */
  watches?: Watch[];
  /** What happened, for the features that subscribe to intents (see `IntentEvent`). */
  events?: IntentEvent[];
}

export const noChanges = (): Omit<Changes, 'log'> => ({ player: {}, putItems: [], deleteItems: [], takeLoot: [] });

/**
 * Aborts the batch unless the statement before it changed exactly `rows` rows: the write guard's trigger
 * (worker/core/db/schema.ts `writeClaims`) refuses the row, the engine decides again on fresh rows.
 */
export const changed = (rows: number): Effect => (db) => [db.insert(writeClaims).values({ claimed: sql`changes()`, expected: rows })];
