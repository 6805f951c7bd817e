/**
 * Fixed-window throttling in D1 for failed logins and reset requests (DESIGN.md section 2). One upsert per
 * counted event; the check is a read. Windows reset themselves, so no cleanup job is needed.
 */
import { eq, sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { throttles } from '../db/schema';

export interface ThrottleRule {
  limit: number;
  windowMs: number;
}

export const FAILED_LOGINS_PER_ACCOUNT: ThrottleRule = { limit: 10, windowMs: 15 * 60 * 1000 };
export const FAILED_LOGINS_PER_IP: ThrottleRule = { limit: 50, windowMs: 15 * 60 * 1000 };
export const RESETS_PER_EMAIL: ThrottleRule = { limit: 3, windowMs: 60 * 60 * 1000 };
export const RESETS_PER_IP: ThrottleRule = { limit: 20, windowMs: 60 * 60 * 1000 };

export async function isThrottled(db: Database, key: string, rule: ThrottleRule, now = Date.now()): Promise<boolean> {
  const row = await db.select().from(throttles).where(eq(throttles.key, key)).get();
  return !!row && now - row.windowStart < rule.windowMs && row.count >= rule.limit;
}

export function countAttempt(db: Database, key: string, rule: ThrottleRule, now = Date.now()) {
  return db
    .insert(throttles)
    .values({ key, windowStart: now, count: 1 })
    .onConflictDoUpdate({
      target: throttles.key,
      set: {
        count: sql`CASE WHEN ${now} - ${throttles.windowStart} >= ${rule.windowMs} THEN 1 ELSE ${throttles.count} + 1 END`,
        windowStart: sql`CASE WHEN ${now} - ${throttles.windowStart} >= ${rule.windowMs} THEN ${now} ELSE ${throttles.windowStart} END`,
      },
    });
}

export function clearAttempts(db: Database, key: string) {
  return db.delete(throttles).where(eq(throttles.key, key));
}

/** The client's address as Cloudflare reports it; local dev and tests have none. */
export function clientIp(request: Request): string {
  return request.headers.get('CF-Connecting-IP') ?? 'local';
}
