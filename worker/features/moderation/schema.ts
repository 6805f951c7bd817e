/**
 * Moderation's table.
 * drizzle-kit collects every feature's schema.ts with the core's (drizzle.config.ts). Times are unix milliseconds.
 */
import { integer, sqliteTable, text } from 'drizzle-orm/sqlite-core';

export const MODERATION_ACTIONS = ['mute', 'unmute', 'delete-message', 'ban', 'unban'] as const;
export type ModerationAction = (typeof MODERATION_ACTIONS)[number];

/** Every moderation action (docs/design.md section 7.5), with who took it. */
export const moderationLog = sqliteTable(
  'moderation_log',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    adminUid: text('admin_uid').notNull(),
    admin: text('admin').notNull(),
    action: text('action', { enum: MODERATION_ACTIONS }).notNull(),
    /** The player acted on, as named then; the message's author for a deletion. */
    target: text('target').notNull(),
    detail: text('detail').notNull(),
    createdAt: integer('created_at').notNull(),
  },
);
