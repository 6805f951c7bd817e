/**
 * Fixed-window throttles in D1 (docs/design.md section 2, issue #15). A throttle *reserves* before the work it
 * guards: one upsert per key counts the attempt and answers the new count, so of 40 parallel attempts
 * exactly `limit` see a count within it, and none of the others reaches scrypt or sends a mail. (Checking
 * first and counting afterwards let every request of a burst through the check.)
 *
 * Keys name what is limited whether or not it exists (an email, a lower-cased login identifier), so a 429
 * never tells whether an account exists. Rows past their window are deleted by the daily prune (./cron.ts).
 */
import { ERRORS } from '../../game/api';
import { sql } from 'drizzle-orm';
import type { Database } from './db/client';
import { throttles } from './db/schema';
import { refuse } from './errors';

export interface ThrottleRule {
  /** What the key counts, e.g. 'login:id'. */
  name: string;
  limit: number;
  windowMs: number;
}

export const MINUTE = 60 * 1000;
export const HOUR = 60 * MINUTE;

/** No rule's window is longer (the daily prune deletes rows older than this). */
export const LONGEST_WINDOW_MS = HOUR;

/** One upsert that counts an attempt on `key` and answers the count within the current window. */
function reserveOne(db: Database, rule: ThrottleRule, key: string, now: number) {
  const fullKey = `${rule.name}:${key}`;
  const expired = sql`${now} - ${throttles.windowStart} >= ${rule.windowMs}`;
  return db
    .insert(throttles)
    .values({ key: fullKey, windowStart: now, count: 1 })
    .onConflictDoUpdate({
      target: throttles.key,
      set: {
        count: sql`CASE WHEN ${expired} THEN 1 ELSE ${throttles.count} + 1 END`,
        windowStart: sql`CASE WHEN ${expired} THEN ${now} ELSE ${throttles.windowStart} END`,
      },
    })
    .returning({ count: throttles.count });
}

/**
 * Counts one attempt against every (rule, key) pair in one D1 batch, and throws 429 if any is over its limit.
 * Call it before the work it guards; a refused attempt still counts, so hammering only extends the wait.
 * A pair whose key is null (an address in development, see clientAddress) is not counted.
 */
export async function reserve(db: Database, pairs: readonly (readonly [ThrottleRule, string | null])[], now = Date.now()): Promise<void> {
  const checks = pairs.flatMap(([rule, key]) => (key === null ? [] : [{ rule, key }]));
  const [first, ...rest] = checks.map(({ rule, key }) => reserveOne(db, rule, key, now));
  if (!first) return;
  const results = await db.batch([first, ...rest]);
  const over = results.some((rows, index) => (rows[0]?.count ?? Infinity) > (checks[index]?.rule.limit ?? 0));
  if (over) throw refuse(ERRORS.tooManyAttempts);
}

/** Forgets the attempts on a key, e.g. an identifier's failures after a successful login from that address. */
export function clearAttempts(db: Database, rule: ThrottleRule, key: string) {
  return db.delete(throttles).where(sql`${throttles.key} = ${`${rule.name}:${key}`}`);
}
