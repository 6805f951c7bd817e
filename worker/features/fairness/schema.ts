/**
 * Verifiable rolls' tables (docs/decisions/013-verifiable-rolls.md).
 * drizzle-kit collects every feature's schema.ts with the core's (drizzle.config.ts). Times are unix milliseconds.
 */
import { index, integer, primaryKey, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import type { StoredOutcome } from '../../../game/rules/fair';
import { bytes } from '../../core/db/columns';
import { players } from '../../core/db/schema';

/**
 * Verifiable rolls (docs/design.md section 8.8, docs/decisions/013-verifiable-rolls.md): each player's seeds
 * in use. The server seed is secret until rotated; the nonce the next roll uses is the player's `rollNonce`. Created
 * with the player (worker/features/fairness), and written only by intents, behind the player's claim, so two rolls
 * never share a nonce and a rotation never overlaps a roll.
 */
export const fairSeeds = sqliteTable('fair_seeds', {
  uid: text('uid')
    .primaryKey()
    .references(() => players.uid, { onDelete: 'cascade' }),
  serverSeed: text('server_seed').notNull(),
  clientSeed: text('client_seed').notNull(),
});

/** Server seeds revealed by a rotation, by their hash, kept ROLLS_KEPT_DAYS after the reveal. */
export const revealedSeeds = sqliteTable(
  'revealed_seeds',
  {
    hash: text('hash').primaryKey(),
    uid: text('uid')
      .notNull()
      .references(() => players.uid, { onDelete: 'cascade' }),
    seed: text('seed').notNull(),
    revealedAt: integer('revealed_at').notNull(),
  },
  (t) => [index('revealed_seeds_age').on(t.revealedAt)],
);

export const ROLL_KINDS = ['scavenge', 'fight'] as const;

/**
 * Every scavenge and fight until rolls in bytes (migrations/0023): the seeds it drew from (the server seed by its
 * hash) and the outcome with the inputs it depended on. No longer written: read until the daily prune, which
 * drops rows older than ROLLS_KEPT_DAYS, has emptied it. A fight's roll has the fight's id.
 */
export const rolls = sqliteTable(
  'rolls',
  {
    id: text('id').primaryKey(),
    uid: text('uid')
      .notNull()
      .references(() => players.uid, { onDelete: 'cascade' }),
    kind: text('kind', { enum: ROLL_KINDS }).notNull(),
    serverSeedHash: text('server_seed_hash').notNull(),
    clientSeed: text('client_seed').notNull(),
    nonce: integer('nonce').notNull(),
    /** FAIR_RULES_VERSION when rolled. */
    rules: integer('rules').notNull(),
    outcome: text('outcome', { mode: 'json' }).$type<StoredOutcome>().notNull(),
    createdAt: integer('created_at').notNull(),
  },
  // No index on the age alone: the daily prune scans the table once (rows read are a thousandth of rows written).
  (t) => [index('rolls_owner').on(t.uid, t.createdAt)],
);

/**
 * Scavenges' rolls packed before `scavenge_rolls` (migrations/0023): one row per player, UTC day, seeds and block of
 * 64 nonces, an 11-byte entry per scavenge (game/rules/roll-record.ts decodeDayRow). No longer written: read until the
 * daily prune, by day, has emptied it (30 days after migrations/0030). WITHOUT ROWID.
 */
export const rollDays = sqliteTable(
  'roll_days',
  {
    uid: text('uid')
      .notNull()
      .references(() => players.uid, { onDelete: 'cascade' }),
    /** The UTC day (days since 1970-01-01). */
    day: integer('day').notNull(),
    /** SHA-256 of the server seed, 32 bytes. */
    serverSeedHash: bytes('server_seed_hash').notNull(),
    clientSeed: text('client_seed').notNull(),
    /** floor(nonce / 64) of every entry. */
    block: integer('block').notNull(),
    packed: bytes('packed').notNull(),
  },
  (t) => [primaryKey({ columns: [t.uid, t.day, t.serverSeedHash, t.clientSeed, t.block] })],
);

/**
 * Every scavenge's roll, packed (game/rules/roll-record.ts): an 8-byte entry in a row of up to 4,000 bytes, which holds
 * consecutive scavenges of one player drawn from one pair of seeds under one rules version, over at most a week. The
 * scavenge's batch rewrites the player's newest row with its entry added, or starts the next row. A rowid table with
 * no other index (migrations/0030): a scavenge writes one row for its roll, and a row this long stays inline (a
 * WITHOUT ROWID row would spill past about 1,000 bytes). Kept until the row's newest day is ROLLS_KEPT_DAYS old.
 */
export const scavengeRolls = sqliteTable('scavenge_rolls', {
  /** The player's number (`players.num`) × ROW_IDS + the row's place among theirs, counting up (roll-record.ts rollRowId). */
  id: integer('id').primaryKey(),
  /** The first 4 bytes of the server seed's SHA-256: what the roll id shows; the full hash is the seed's own record's. */
  seed: bytes('seed').notNull(),
  clientSeed: text('client_seed').notNull(),
  /** The nonce of the row's first scavenge, where its nonce map starts. */
  first: integer('first').notNull(),
  /** The UTC day of the row's newest scavenge. */
  day: integer('day').notNull(),
  /** FAIR_RULES_VERSION of every scavenge in the row. */
  rules: integer('rules').notNull(),
  packed: bytes('packed').notNull(),
});
