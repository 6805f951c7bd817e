/**
 * Daily housekeeping (the Cron Trigger in wrangler.toml, issue #15): rows that can no longer do anything are
 * deleted, so the tables that grow with traffic stay the size of what is live. One D1 batch.
 */
import { isNotNull, lt, or } from 'drizzle-orm';
import { LONGEST_WINDOW_MS } from './core/throttle';
import { createDb } from './core/db/client';
import { emailVerifications, passwordResets, sessions, throttles } from './core/db/schema';
import { pruneRolls } from './features/fairness';

/** Revoked sessions are kept this long after revocation, for the record, then go. */
const REVOKED_KEPT_MS = 30 * 24 * 60 * 60 * 1000;

export async function prune(env: Env, now = Date.now()) {
  const db = createDb(env.DB);
  const [expiredSessions, resets, verifications, windows, oldRolls, oldSeeds] = await db.batch([
    db.delete(sessions).where(or(lt(sessions.expiresAt, now), lt(sessions.revokedAt, now - REVOKED_KEPT_MS))),
    db.delete(passwordResets).where(or(lt(passwordResets.expiresAt, now), isNotNull(passwordResets.usedAt))),
    db.delete(emailVerifications).where(or(lt(emailVerifications.expiresAt, now), isNotNull(emailVerifications.usedAt))),
    db.delete(throttles).where(lt(throttles.windowStart, now - LONGEST_WINDOW_MS)),
    ...pruneRolls(db, now),
  ]);
  return {
    sessions: expiredSessions.meta.changes,
    passwordResets: resets.meta.changes,
    emailVerifications: verifications.meta.changes,
    throttles: windows.meta.changes,
    rolls: oldRolls.meta.changes,
    revealedSeeds: oldSeeds.meta.changes,
  };
}

export const scheduled: ExportedHandlerScheduledHandler<Env> = async (_controller, env, ctx) => {
  ctx.waitUntil(prune(env).then((pruned) => console.info('pruned', pruned)));
};
