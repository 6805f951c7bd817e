/**
 * The Salvage Drive's table (docs/design.md section 8.6).
 * drizzle-kit collects every feature's schema.ts with the core's (drizzle.config.ts). Times are unix milliseconds.
 */
import { index, integer, primaryKey, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import { guilds, players } from '../../core/db/schema';

/**
 * The guild Salvage Drive (docs/design.md section 8.6): what each member gave in a week (`week` is the week's
 * start, unix ms), one row per donor, so donations never contend on a shared counter; the guild's total is their
 * sum. `claimedAt` is set once, by the member's claim.
 */
export const driveDonations = sqliteTable(
  'drive_donations',
  {
    week: integer('week').notNull(),
    guildId: text('guild_id')
      .notNull()
      .references(() => guilds.id, { onDelete: 'cascade' }),
    uid: text('uid')
      .notNull()
      .references(() => players.uid, { onDelete: 'cascade' }),
    points: integer('points').notNull(),
    claimedAt: integer('claimed_at'),
  },
  (t) => [primaryKey({ columns: [t.guildId, t.week, t.uid] }), index('drive_donations_top').on(t.guildId, t.week, t.points)],
);
