/**
 * Signing in and out (docs/design.md section 2): the session row and the signed cookie that names it. Checking
 * a session is the core's (worker/core/session.ts); starting and ending one is the accounts feature's.
 */
import { ERRORS } from '../../../game/api';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Context } from 'hono';
import { deleteCookie, setCookie } from 'hono/cookie';
import { SignJWT } from 'jose';
import { sessions, users } from '../../core/db/schema';
import type { AppEnv } from '../../core/env';
import { refuse } from '../../core/errors';
import { ISSUER, loadCaller, secretKey, SESSION_COOKIE, SESSION_TTL_SECONDS } from '../../core/session';
import { endChatSockets } from '../chat';

/**
 * Creates the session row and sets the cookie; returns the token for API clients. Every sign-in comes here,
 * so this is where a banned account is refused (docs/design.md section 7.5): the row is written only for an
 * account that is not banned, in the same statement that checks it.
 */
export async function startSession(c: Context<AppEnv>, uid: string): Promise<string> {
  const now = Date.now();
  const sessionId = crypto.randomUUID();
  const { db } = c.var;
  const row = db
    .select({
      id: sql<string>`${sessionId}`.as('id'),
      uid: users.id,
      createdAt: sql<number>`${now}`.as('created_at'),
      expiresAt: sql<number>`${now + SESSION_TTL_SECONDS * 1000}`.as('expires_at'),
      // drizzle's insert-select names every column of the table.
      revokedAt: sql<number | null>`NULL`.as('revoked_at'),
    })
    .from(users)
    .where(and(eq(users.id, uid), isNull(users.bannedAt)));
  const inserted = await db.insert(sessions).select(row);
  if (inserted.meta.changes !== 1) throw refuse(ERRORS.banned);
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
    await endChatSockets(c.env, c.var.db, caller.uid, caller.sessionId);
  }
  deleteCookie(c, SESSION_COOKIE, { path: '/', secure: true });
  c.set('caller', null);
}
