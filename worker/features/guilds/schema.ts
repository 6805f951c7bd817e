/**
 * The guilds' own table (the guilds and their members are the core's: worker/core/db/schema.ts).
 * drizzle-kit collects every feature's schema.ts with the core's (drizzle.config.ts). Times are unix milliseconds.
 */
import { index, integer, primaryKey, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import { guilds, players } from '../../core/db/schema';

/** Requests to join a closed guild, until the leader or an officer answers them or the player joins a guild. */
export const guildRequests = sqliteTable(
  'guild_requests',
  {
    guildId: text('guild_id')
      .notNull()
      .references(() => guilds.id, { onDelete: 'cascade' }),
    uid: text('uid')
      .notNull()
      .references(() => players.uid, { onDelete: 'cascade' }),
    createdAt: integer('created_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.guildId, t.uid] }), index('guild_requests_uid').on(t.uid)],
);
