/**
 * The weekly leagues' tables (docs/decisions/023-leagues.md).
 * drizzle-kit collects every feature's schema.ts with the core's (drizzle.config.ts). Times are unix milliseconds.
 */
import { sql } from 'drizzle-orm';
import { index, integer, primaryKey, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import { players } from '../../core/db/schema';

/**
 * Weekly leagues (docs/design.md section 9.5, docs/decisions/023-leagues.md). A tier is stored as its index in
 * game/rules/league.ts LEAGUE_TIERS (0 = scrap … 5 = diamond), so a move is arithmetic in SQL. A league holds at
 * most LEAGUE_SIZE players of one tier in one week (`week` is its Monday, `YYYY-MM-DD`); the batch that joins a
 * player counts the newest league's members and opens another when it is full, so the one open league of a tier
 * is chosen in SQL and never overfills.
 * `settledAt` is set by the Cron's page that ranked it, moved its players and paid its prizes.
 */
export const leagues = sqliteTable(
  'leagues',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    week: text('week').notNull(),
    tier: integer('tier').notNull(),
    settledAt: integer('settled_at'),
  },
  (t) => [
    // A tier's leagues of the week: the newest is the one open to join (worker/features/leagues/join.ts).
    index('leagues_open_v2').on(t.week, t.tier),
    // The Cron's pages: the leagues of past weeks still to settle, oldest first, reading neither the settled ones
    // nor this week's.
    index('leagues_unsettled').on(t.week, t.id).where(sql`${t.settledAt} IS NULL`),
  ],
);

/**
 * A player's week in a league: joined by their first score of the week (in that intent's batch), their week points
 * added by every trophy of the week that scores. `tier` is the league's, read when they joined. WITHOUT ROWID
 * (migrations/0024_rows_written.sql): joining writes the key and two index entries, not four rows.
 */
export const leagueMembers = sqliteTable(
  'league_members',
  {
    week: text('week').notNull(),
    uid: text('uid')
      .notNull()
      .references(() => players.uid, { onDelete: 'cascade' }),
    tier: integer('tier').notNull(),
    /** Set when joining (worker/features/leagues/join.ts); null only in rows from before migration 0024. */
    leagueId: integer('league_id'),
    points: integer('points').notNull(),
    joinedAt: integer('joined_at').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.week, t.uid] }),
    // Without `points`: a league holds at most LEAGUE_SIZE players, so its board sorts them when read, and a
    // trophy's points are one row written, not three (docs/decisions/014-bounded-costs.md).
    index('league_members_league').on(t.leagueId),
  ],
);

/** The tier each player moved to when their last league was settled (no row: `scrap`). */
export const leagueTiers = sqliteTable('league_tiers', {
  uid: text('uid')
    .primaryKey()
    .references(() => players.uid, { onDelete: 'cascade' }),
  tier: integer('tier').notNull(),
});

/**
 * A league's prizes: one row per player ranked 1 to 3 at the week's end, written once by the Cron (the primary key
 * makes a second run write nothing new), with the cash and the week's ribbon on the player's card.
 */
export const leaguePrizes = sqliteTable(
  'league_prizes',
  {
    week: text('week').notNull(),
    uid: text('uid')
      .notNull()
      .references(() => players.uid, { onDelete: 'cascade' }),
    tier: integer('tier').notNull(),
    rank: integer('rank').notNull(),
    cash: integer('cash').notNull(),
    /** When the cash reached the player; null between two statements of the Cron's page. */
    paidAt: integer('paid_at'),
  },
  (t) => [
    primaryKey({ columns: [t.week, t.uid] }),
    index('league_prizes_player').on(t.uid, t.week),
    index('league_prizes_unpaid').on(t.uid).where(sql`${t.paidAt} IS NULL`),
  ],
);
