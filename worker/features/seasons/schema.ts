/**
 * The seasons' tables (docs/design.md section 8.4).
 * drizzle-kit collects every feature's schema.ts with the core's (drizzle.config.ts). Times are unix milliseconds.
 */
import { sql } from 'drizzle-orm';
import { index, integer, primaryKey, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import { guilds, players } from '../../core/db/schema';

/**
 * Seasons (docs/design.md section 8.4): each player's score in a season (the trophy points of trophies researched
 * and added in it) and how many such trophies, upserted in the batch of the trophy intent. The board reads the
 * season's rows by points; banned players are left out when it is read and when it is paid.
 */
export const seasonScores = sqliteTable(
  'season_scores',
  {
    season: text('season').notNull(),
    uid: text('uid')
      .notNull()
      .references(() => players.uid, { onDelete: 'cascade' }),
    points: integer('points').notNull(),
    trophies: integer('trophies').notNull(),
    /** The account's ban, copied by the trigger `users_banned_boards` as on `players`: the rank's count filters on it without a join. */
    banned: integer('banned', { mode: 'boolean' }).notNull().default(false),
    /** The player's name in lower case (names never change), written with the row: the board's second key, in its index. */
    name: text('name').notNull().default(''),
    /**
     * The player's name and level as the board shows them, so the board reads no player rows: the name written with
     * the row, the level with it and whenever it moves (worker/features/seasons/score.ts).
     */
    username: text('username').notNull().default(''),
    level: integer('level').notNull().default(1),
  },
  // The board in its order (points, then name A–Z, read backwards): its top rows are index rows, whatever the ties.
  (t) => [primaryKey({ columns: [t.season, t.uid] }), index('season_scores_board').on(t.season, t.points, sql`${t.name} DESC`, t.uid)],
);

/**
 * The season board's marks (as `rank_marks` for the all-time board): every SEASON_MARK_EVERY-th position of a season's
 * first SEASON_RANK_COUNTED, with its points and how many players have as many points or more. Rewritten by the Cron
 * every few minutes (worker/features/seasons/board.ts), so a season rank counts only the few players between the
 * reader and the mark above them. WITHOUT ROWID (migrations/0025_board_reads.sql).
 */
export const seasonMarks = sqliteTable(
  'season_marks',
  {
    season: text('season').notNull(),
    position: integer('position').notNull(),
    points: integer('points').notNull(),
    atOrAbove: integer('at_or_above').notNull(),
  },
  (t) => [primaryKey({ columns: [t.season, t.position] }), index('season_marks_points').on(t.season, t.points)],
);

/**
 * A guild's season ledger: what each member earned for the guild while a member, written in the same batch as
 * the member's own season score. Joining a guild late brings nothing of what was earned before; leaving takes
 * nothing away from the guild.
 */
export const guildSeasonScores = sqliteTable(
  'guild_season_scores',
  {
    season: text('season').notNull(),
    guildId: text('guild_id')
      .notNull()
      .references(() => guilds.id, { onDelete: 'cascade' }),
    uid: text('uid')
      .notNull()
      .references(() => players.uid, { onDelete: 'cascade' }),
    points: integer('points').notNull(),
  },
  (t) => [primaryKey({ columns: [t.season, t.guildId, t.uid] })],
);

/**
 * A season's settlement: one row per player paid, written once by the payout on the 1st (the primary key makes a
 * second run write nothing new), with the rank, the cash paid and the medal (a Limited catalogue item) on the
 * player's medal shelf. Medals are not items: they never count toward the trophy score.
 */
export const seasonPrizes = sqliteTable(
  'season_prizes',
  {
    season: text('season').notNull(),
    uid: text('uid')
      .notNull()
      .references(() => players.uid, { onDelete: 'cascade' }),
    rank: integer('rank').notNull(),
    points: integer('points').notNull(),
    cash: integer('cash').notNull(),
    /** The season's medal, only with a rank prize (docs/design.md section 9.4); '' for the trophies' cash alone. */
    medal: text('medal').notNull(),
    /** When the cash reached the player; null between the two statements of the payout's batch. */
    paidAt: integer('paid_at'),
  },
  (t) => [primaryKey({ columns: [t.season, t.uid] }), index('season_prizes_player').on(t.uid, t.season)],
);
