/**
 * The daily contracts' table (docs/decisions/016-daily-loop.md).
 * drizzle-kit collects every feature's schema.ts with the core's (drizzle.config.ts). Times are unix milliseconds.
 */
import { index, integer, primaryKey, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import { players } from '../../core/db/schema';

/**
 * Progress on a player's daily contracts (docs/design.md section 8.2): one row per player, UTC day and slot,
 * written in the batch of the intent that moves it (`progress`, capped at the target) or claims it
 * (`claimedAt`). Slot 3 is the bonus for all three. Which contract a slot holds is drawn, not stored
 * (game/rules/contracts.ts). The daily Cron deletes days past the streak's reach. WITHOUT ROWID
 * (migrations/0024_rows_written.sql): a new row is two rows written (the key and `contract_progress_day`), not three.
 */
export const contractProgress = sqliteTable(
  'contract_progress',
  {
    uid: text('uid')
      .notNull()
      .references(() => players.uid, { onDelete: 'cascade' }),
    day: integer('day').notNull(),
    slot: integer('slot').notNull(),
    progress: integer('progress').notNull().default(0),
    claimedAt: integer('claimed_at'),
  },
  (t) => [primaryKey({ columns: [t.uid, t.day, t.slot] }), index('contract_progress_day').on(t.day)],
);
