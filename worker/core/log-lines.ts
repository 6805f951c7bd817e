/** A player's log line, as every intent writes it (worker/core/commit.ts) into the ring `activity` (./db/schema.ts). */
import { and, eq } from 'drizzle-orm';
import type { Database } from './db/client';
import { activity } from './db/schema';

/**
 * The statements that write one log line into its slot (`slot` is `id` modulo LOG_LINES): an update of the slot, or an
 * insert while the ring is not yet full. One row written either way. The line's number must be the player's next
 * (`logSeq + 1`), written in the same batch.
 */
export function logLineWrites(db: Database, line: typeof activity.$inferInsert) {
  const { num, slot, ...rest } = line;
  return [db.update(activity).set(rest).where(and(eq(activity.num, num), eq(activity.slot, slot))), db.insert(activity).values(line).onConflictDoNothing()] as const;
}
