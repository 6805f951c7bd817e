/**
 * Sessions (DESIGN.md section 2): a jose-signed HS256 JWT in an HttpOnly cookie (or a Bearer header for API
 * clients) naming a server-side session row, so sign-out revokes a token that has not expired yet.
 */
import { and, eq, gt, isNull } from 'drizzle-orm';
import type { Context, MiddlewareHandler } from 'hono';
import { deleteCookie, getCookie, setCookie } from 'hono/cookie';
import { jwtVerify, SignJWT } from 'jose';
import { MSG } from '../../game/messages';
import { players, sessions, users } from '../db/schema';
import type { AppEnv, Caller } from '../env';
import { forbidden, unauthorized } from '../errors';

export const SESSION_COOKIE = '__Host-session';
const SESSION_TTL_SECONDS = 30 * 24 * 60 * 60;
const ISSUER = 'scavenger';

function secretKey(env: Env): Uint8Array {
  const secret = env.SESSION_SECRET;
  // A short or missing secret would make every token forgeable: refuse to run rather than sign with it.
  if (!secret || secret.length < 32) throw new Error('SESSION_SECRET must be set to at least 32 characters');
  return new TextEncoder().encode(secret);
}

/** Creates the session row and sets the cookie; returns the token for API clients. */
export async function startSession(c: Context<AppEnv>, uid: string): Promise<string> {
  const now = Date.now();
  const sessionId = crypto.randomUUID();
  await c.var.db.insert(sessions).values({
    id: sessionId,
    uid,
    createdAt: now,
    expiresAt: now + SESSION_TTL_SECONDS * 1000,
  });
  const token = await new SignJWT({ sid: sessionId })
    .setProtectedHeader({ alg: 'HS256' })
    .setSubject(uid)
    .setIssuer(ISSUER)
    .setIssuedAt()
    .setExpirationTime(`${SESSION_TTL_SECONDS}s`)
    .sign(secretKey(c.env));
  setCookie(c, SESSION_COOKIE, token, {
    httpOnly: true,
    secure: true,
    sameSite: 'Lax',
    path: '/',
    maxAge: SESSION_TTL_SECONDS,
  });
  return token;
}

export async function endSession(c: Context<AppEnv>): Promise<void> {
  const caller = await loadCaller(c);
  if (caller) {
    await c.var.db.update(sessions).set({ revokedAt: Date.now() }).where(eq(sessions.id, caller.sessionId));
  }
  deleteCookie(c, SESSION_COOKIE, { path: '/', secure: true });
  c.set('caller', null);
}

function presentedToken(c: Context<AppEnv>): string | undefined {
  const header = c.req.header('Authorization');
  if (header?.startsWith('Bearer ')) return header.slice('Bearer '.length).trim();
  return getCookie(c, SESSION_COOKIE);
}

/** Claims of a token whose signature, algorithm, issuer and expiry check out; null for anything else. */
export async function verifySessionToken(env: Env, token: string): Promise<{ uid: string; sessionId: string } | null> {
  try {
    const { payload } = await jwtVerify(token, secretKey(env), { algorithms: ['HS256'], issuer: ISSUER });
    if (typeof payload.sub !== 'string' || typeof payload.sid !== 'string') return null;
    return { uid: payload.sub, sessionId: payload.sid };
  } catch {
    return null;
  }
}

/** The caller of this request, resolved once (one D1 query) and remembered on the context. */
export async function loadCaller(c: Context<AppEnv>): Promise<Caller | null> {
  const known = c.get('caller');
  if (known !== undefined) return known;
  const token = presentedToken(c);
  const claims = token ? await verifySessionToken(c.env, token) : null;
  let caller: Caller | null = null;
  if (claims) {
    const row = await c.var.db
      .select({ email: users.email, username: players.username })
      .from(sessions)
      .innerJoin(users, eq(users.id, sessions.uid))
      .leftJoin(players, eq(players.uid, sessions.uid))
      .where(
        and(
          eq(sessions.id, claims.sessionId),
          eq(sessions.uid, claims.uid),
          isNull(sessions.revokedAt),
          gt(sessions.expiresAt, Date.now()),
        ),
      )
      .get();
    if (row) caller = { uid: claims.uid, sessionId: claims.sessionId, email: row.email, username: row.username ?? '' };
  }
  c.set('caller', caller);
  return caller;
}

export function isAdmin(env: Env, caller: Caller | null): boolean {
  return (
    !!caller &&
    !!env.ADMIN_EMAIL &&
    caller.email === env.ADMIN_EMAIL.toLowerCase() &&
    caller.username.toLowerCase() === env.ADMIN_USERNAME.toLowerCase()
  );
}

/** Signed in, with or without a username. */
export const requireSignedIn: MiddlewareHandler<AppEnv> = async (c, next) => {
  if (!(await loadCaller(c))) throw unauthorized();
  await next();
};

/** Signed in with a username: the game routes (spec section 6). */
export const requirePlayer: MiddlewareHandler<AppEnv> = async (c, next) => {
  const caller = await loadCaller(c);
  if (!caller) throw unauthorized();
  if (!caller.username) throw forbidden(MSG.usernameRequired, 'username_required');
  await next();
};

/** The signed-in caller; only for handlers behind requireSignedIn or requirePlayer. */
export function callerOf(c: Context<AppEnv>): Caller {
  const caller = c.get('caller');
  if (!caller) throw unauthorized();
  return caller;
}
