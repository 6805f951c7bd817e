/**
 * Sessions (docs/design.md section 2): a jose-signed HS256 JWT in an HttpOnly cookie (or a Bearer header for API
 * clients) naming a server-side session row, so sign-out revokes a token that has not expired yet.
 *
 * Checking a session takes two steps: the token's signature (no database), then its row (one D1 statement).
 * The account, chat and development routes do both up front (requireSignedIn, requirePlayer). The game routes
 * go through the player capability (worker/core/player.ts), which checks the signature up front and sends the
 * row's statement in the same D1 batch as the route's first read, saving a round trip per request
 * (bench/README.md).
 */
import { ERRORS } from '../../game/api';
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Context, MiddlewareHandler } from 'hono';
import { getCookie } from 'hono/cookie';
import { jwtVerify } from 'jose';
import type { Database } from './db/client';
import { players, sessions, users } from './db/schema';
import type { AppEnv, Caller, SessionClaims } from './env';
import { refuse } from './errors';

export const SESSION_COOKIE = '__Host-session';
export const SESSION_TTL_SECONDS = 30 * 24 * 60 * 60;
export const ISSUER = 'scavenger';

/** The key session tokens are signed and verified with. */
export function secretKey(env: Env): Uint8Array {
  const secret = env.SESSION_SECRET;
  // A short or missing secret would make every token forgeable: refuse to run rather than sign with it.
  if (!secret || secret.length < 32) throw new Error('SESSION_SECRET must be set to at least 32 characters');
  return new TextEncoder().encode(secret);
}

function presentedToken<E extends AppEnv>(c: Context<E>): string | undefined {
  const header = c.req.header('Authorization');
  if (header?.startsWith('Bearer ')) return header.slice('Bearer '.length).trim();
  return getCookie(c, SESSION_COOKIE);
}

/** Claims of a token whose signature, algorithm, issuer and expiry check out; null for anything else. */
export async function verifySessionToken(env: Env, token: string): Promise<SessionClaims | null> {
  try {
    const { payload } = await jwtVerify(token, secretKey(env), { algorithms: ['HS256'], issuer: ISSUER });
    if (typeof payload.sub !== 'string' || typeof payload.sid !== 'string') return null;
    return { uid: payload.sub, sessionId: payload.sid };
  } catch {
    return null;
  }
}

export async function presentedClaims<E extends AppEnv>(c: Context<E>): Promise<SessionClaims | null> {
  const token = presentedToken(c);
  return token ? verifySessionToken(c.env, token) : null;
}

/**
 * The session row of verified claims, if it is live (not revoked, not expired), with the caller's email and
 * username. One statement, so it can ride in a batch with a route's first read.
 */
export function sessionRead(db: Database, claims: SessionClaims) {
  return db
    .select({ email: users.email, emailVerified: sql<boolean>`${users.emailVerifiedAt} IS NOT NULL`.mapWith(Boolean), username: sql<string>`coalesce(${players.username}, '')` })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.uid))
    .leftJoin(players, eq(players.uid, sessions.uid))
    .where(
      and(
        eq(sessions.id, claims.sessionId),
        eq(sessions.uid, claims.uid),
        isNull(sessions.revokedAt),
        gt(sessions.expiresAt, Date.now()),
        // A ban ends every session at once, even one that began while the ban was being written.
        isNull(users.bannedAt),
      ),
    );
}

type SessionRow = Pick<Caller, 'email' | 'emailVerified' | 'username'>;

export function callerFrom(claims: SessionClaims, row: SessionRow | undefined): Caller | null {
  return row ? { ...claims, email: row.email, emailVerified: row.emailVerified, username: row.username } : null;
}

/** The caller of this request, resolved once (one D1 query) and remembered on the context. */
export async function loadCaller(c: Context<AppEnv>): Promise<Caller | null> {
  const known = c.get('caller');
  if (known !== undefined) return known;
  const claims = await presentedClaims(c);
  const caller = claims ? callerFrom(claims, await sessionRead(c.var.db, claims).get()) : null;
  c.set('caller', caller);
  return caller;
}

/** What a game route demands of its caller: a live session (else 401) and a username (else 403). */
export function assertPlayer(caller: Caller | null): asserts caller is Caller {
  if (!caller) throw refuse(ERRORS.signedOut);
  if (!caller.username) throw refuse(ERRORS.usernameRequired);
}

/** The address configured as the admin's (ADMIN_EMAIL), proven or not. */
export function isAdminAddress(env: Env, email: string): boolean {
  return !!env.ADMIN_EMAIL && email === env.ADMIN_EMAIL.toLowerCase();
}

/** The admin's address, proven: whoever signed up with it first cannot take the admin name unverified. */
export function ownsAdminEmail(env: Env, account: { email: string; emailVerified: boolean }): boolean {
  return account.emailVerified && isAdminAddress(env, account.email);
}

export function isAdmin(env: Env, caller: Caller | null): boolean {
  return !!caller && ownsAdminEmail(env, caller) && caller.username.toLowerCase() === env.ADMIN_USERNAME.toLowerCase();
}

/** Signed in, with or without a username. */
export const requireSignedIn: MiddlewareHandler<AppEnv> = async (c, next) => {
  if (!(await loadCaller(c))) throw refuse(ERRORS.signedOut);
  await next();
};

/** Signed in with a username (docs/spec.md section 6), checked up front: the chat routes and development fixtures. */
export const requirePlayer: MiddlewareHandler<AppEnv> = async (c, next) => {
  assertPlayer(await loadCaller(c));
  await next();
};

/** The signed-in caller; only for handlers behind requireSignedIn or requirePlayer. */
export function callerOf(c: Context<AppEnv>): Caller {
  const caller = c.get('caller');
  if (!caller) throw refuse(ERRORS.signedOut);
  return caller;
}
