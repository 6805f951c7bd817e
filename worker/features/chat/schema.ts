/**
 * The chat's table: who owned each catalogue item first (docs/design.md section 8.1).
 * drizzle-kit collects every feature's schema.ts with the core's (drizzle.config.ts). Times are unix milliseconds.
 */
import { integer, sqliteTable, text } from 'drizzle-orm/sqlite-core';

/**
 * The first player ever to own each catalogue item (docs/design.md section 8.1, "server first"): one row per
 * catalogue id, inserted by the intent that gives a player the item, in its batch, and only if there is none
 * (ON CONFLICT DO NOTHING). Two players taking the same item at once: one insert wins, and only its intent
 * reports the news (docs/decisions/015-rules-that-teach.md).
 */
// WITHOUT ROWID (migrations/0024_rows_written.sql): a first is one row written, not two.
export const serverFirsts = sqliteTable('server_firsts', {
  catalogId: text('catalog_id').primaryKey(),
  uid: text('uid').notNull(),
  username: text('username').notNull(),
  createdAt: integer('created_at').notNull(),
});
