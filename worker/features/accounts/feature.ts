/** Accounts (docs/decisions/002-identity-and-sessions.md): its routes, and the sign-in rows the daily prune deletes. */
import { isNotNull, lt, or } from 'drizzle-orm';
import { Hono } from 'hono';
import { DAY_MS } from '../../../game/time';
import { sessions, throttles } from '../../core/db/schema';
import { emailVerifications, passwordResets } from './schema';
import type { AppEnv } from '../../core/env';
import type { Feature } from '../../core/feature';
import { LONGEST_WINDOW_MS } from '../../core/throttle';
import { googleRoutes } from './google';
import { authRoutes } from './routes';

/** Revoked sessions are kept this long after revocation, for the record, then go. */
const REVOKED_KEPT_MS = 30 * DAY_MS;

export const accounts: Feature = {
  // Google's redirects are not JSON endpoints of the contract: they name their paths under this prefix.
  routes: new Hono<AppEnv>().route('/', authRoutes).route('/api/auth/google', googleRoutes),
  prune: (db, now) => ({
    sessions: db.delete(sessions).where(or(lt(sessions.expiresAt, now), lt(sessions.revokedAt, now - REVOKED_KEPT_MS))),
    passwordResets: db.delete(passwordResets).where(or(lt(passwordResets.expiresAt, now), isNotNull(passwordResets.usedAt))),
    emailVerifications: db.delete(emailVerifications).where(or(lt(emailVerifications.expiresAt, now), isNotNull(emailVerifications.usedAt))),
    throttles: db.delete(throttles).where(lt(throttles.windowStart, now - LONGEST_WINDOW_MS)),
  }),
};
