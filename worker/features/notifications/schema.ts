/**
 * The notifications' table (docs/decisions/018-notifications.md).
 * drizzle-kit collects every feature's schema.ts with the core's (drizzle.config.ts). Times are unix milliseconds.
 */
import { index, integer, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import { players } from '../../core/db/schema';

/**
 * Push subscriptions (docs/design.md section 8.7): one row per browser, keyed by its endpoint, so a browser
 * that a second account turns on moves to that account. Only known push services' endpoints are stored.
 */
export const pushSubscriptions = sqliteTable(
  'push_subscriptions',
  {
    endpoint: text('endpoint').primaryKey(),
    uid: text('uid')
      .notNull()
      .references(() => players.uid, { onDelete: 'cascade' }),
    p256dh: text('p256dh').notNull(),
    auth: text('auth').notNull(),
    createdAt: integer('created_at').notNull(),
  },
  (t) => [index('push_subscriptions_uid').on(t.uid)],
);
