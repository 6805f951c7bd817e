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
type Derived = 'totalAttack' | 'totalDefense' | 'trophyCaseScore' | 'trophyCaseAvgQuality' | 'trophies' | 'level';

/**
 * The player's columns a decision may set: everything but who they are, the write token, the derived ones and the
 * stored finds (the engine writes those from `newLoot` and `takeLoot`).
 */
export type PlayerChanges = Partial<Omit<PlayerRow, 'uid' | 'username' | 'createdAt' | 'writeToken' | 'finds' | Derived>>;

/**
 * A feature's own statements for one player of the intent, run after the player's claim and the write guard,
 * so they commit only with the player's changes. Built by the decision (pure: it only describes the writes).
 */
export type Effect = (db: Database, at: { uid: string; now: number }) => BatchItem<'sqlite'>[];

/**
 * What happened in an intent, said once by its decision, for the features that follow every intent (daily
 * contracts, the season's score, the news, pushes): each subscribes with `hookCommits` (./commit-hooks.ts), to
 * write in the same batch, or `watchCommits` (./commit-watchers.ts), to act once the answer has left, so no
 * decision or route names them.
 */
export type IntentEvent =
  /** A scavenge, and the energy it spent (its zone's), for the contract that counts energy (docs/design.md section 9.8). */
  | { kind: 'scavenged'; energy: number }
  /** Finds taken into the inventory, by quality. */
  | { kind: 'took'; qualities: readonly number[] }
  /** New items the player now owns, taken from the finds or crafted (an item passed between players is not new). */
  | { kind: 'gained'; items: readonly { catalogId: string; quality: number }[] }
  /**
   * A trophy added: its item, tier and quality, when its research finished (game/rules researchRecord), and
   * whether the player adding it researched it, the only way it scores (docs/design.md section 9.4).
   */
  | { kind: 'trophy'; catalogId: string; rarity: Rarity; quality: number; researchedAt: number; scores: boolean }
  /** A fight the attacker won, against a defender this far from their rating. */
  | { kind: 'fight-won'; ratingGap: number }
  /**
   * The defender's side of a fight: who attacked, whether they won, the gold they took and their rating change
   * (as the fight's record has them), and whether the winner had half the loser's power or less (game/rules isUpset).
   */
  | { kind: 'attacked'; fightId: string; attacker: string; attackerWon: boolean; goldTaken: number; attackerRatingChange: number; upset: boolean }
  | { kind: 'crafted' }
  /** A purchase of another player's listing: which, whose it was, what and for how much, and what they collect (their sale). */
  | { kind: 'bought'; listingId: string; sellerUid: string; catalogId: string; price: number; proceeds: number }
  /** A listing opened, as anyone browsing the market sees it (docs/design.md section 9.11). */
  | { kind: 'listed'; listingId: string; catalogId: string }
  /** A listing the seller closed: taken off the market, or collected after it ran out. */
  | { kind: 'unlisted'; listingId: string; reason: 'cancelled' | 'expired' }
  /** A donation to a guild's Salvage Drive of the week `week` (docs/design.md section 8.6). */
  | { kind: 'donated'; guildId: string; week: number }
  /**
   * The drive's week after a donation, read in the donation's batch (worker/features/drive/progress.ts): the
   * points given and the target, as the drive's read shows them. Found by a commit hook, never said by a decision.
   */
  | { kind: 'drive-moved'; guildId: string; points: number; target: number }
  /** Finds and items broken down for gold (game/rules salvageGold): how many, and the gold they paid together. */
  | { kind: 'salvaged'; count: number; gold: number }
  /**
   * The player was the first ever to own this catalogue item (docs/design.md section 8.1), at this quality. Found
   * by a commit hook in its statements' results once the batch has committed, never said by a decision.
   */
  | { kind: 'first'; catalogId: string; quality: number }
  /** The player's level moved (levels follow from xp, game/rules/level.ts). Said by the commit engine, never by a decision. */
  | { kind: 'levelled'; level: number };

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
 * Aborts the batch unless the statement before it changed exactly `rows` rows: the write guard's trigger
 * (worker/core/db/schema.ts `writeClaims`) refuses the row, the engine decides again on fresh rows.
 */
export const changed = (rows: number): Effect => (db) => [db.insert(writeClaims).values({ claimed: sql`changes()`, expected: rows })];
