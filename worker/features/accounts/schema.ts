/**
 * The accounts' tables: mailed tokens and the dev mailbox.
 * drizzle-kit collects every feature's schema.ts with the core's (drizzle.config.ts). Times are unix milliseconds.
 */
import { index, integer, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import { users } from '../../core/db/schema';

/** Tokens mailed as links: stored as SHA-256 hashes, single use, until `expiresAt`. */
const mailedTokens = <Name extends string>(name: Name) =>
  sqliteTable(
    name,
    {
      tokenHash: text('token_hash').primaryKey(),
      uid: text('uid')
        .notNull()
        .references(() => users.id, { onDelete: 'cascade' }),
      expiresAt: integer('expires_at').notNull(),
      usedAt: integer('used_at'),
    },
    (t) => [index(`${name}_uid`).on(t.uid)],
  );

/** Password reset links: one hour. */
export const passwordResets = mailedTokens('password_resets');
/** Email verification links: 24 hours. */
export const emailVerifications = mailedTokens('email_verifications');

/** Mail written in development and tests instead of being sent; shown at /dev/mailbox. */
export const devOutbox = sqliteTable('dev_outbox', {
  id: integer('id').primaryKey({ autoIncrement: true }),
  to: text('to').notNull(),
  subject: text('subject').notNull(),
  body: text('body').notNull(),
  createdAt: integer('created_at').notNull(),
});
