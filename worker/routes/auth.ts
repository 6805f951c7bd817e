/**
 * Accounts (DESIGN.md section 2): signup, one-call login by email or username, sign-out, password reset.
 * Google sign-in lives in ./google.ts.
 */
import { eq, sql } from 'drizzle-orm';
import { Hono } from 'hono';
import { MSG } from '../../game/messages';
import { API } from '../../game/api';
import { EmptyBodySchema, LoginSchema, ResetConfirmSchema, ResetRequestSchema, SignupSchema } from '../../game/schemas';
import { reply } from '../contract';
import { decoyPasswordHash, hashPassword, needsRehash, verifyPassword } from '../auth/password';
import { endSession, isAdmin, loadCaller, startSession } from '../auth/session';
import {
  clearAttempts,
  clientIp,
  countAttempt,
  FAILED_LOGINS_PER_ACCOUNT,
  FAILED_LOGINS_PER_IP,
  isThrottled,
  RESETS_PER_EMAIL,
  RESETS_PER_IP,
} from '../auth/throttle';
import { passwordResets, players, sessions, users } from '../db/schema';
import type { AppEnv } from '../env';
import { ApiError, badRequest, conflict, tooManyRequests } from '../errors';
import { mailerFor } from '../mail';
import { validate } from '../validate';
import { googleEnabled } from './google';

const RESET_TTL_MS = 60 * 60 * 1000;

async function sha256Hex(text: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text));
  return [...new Uint8Array(digest)].map((byte) => byte.toString(16).padStart(2, '0')).join('');
}

function randomToken(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(32));
  return btoa(String.fromCharCode(...bytes)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

export const authRoutes = new Hono<AppEnv>()
  .get(API.session.path, async (c) => {
    const caller = await loadCaller(c);
    return reply(c, API.session, {
      user: caller && { uid: caller.uid, email: caller.email, username: caller.username, isAdmin: isAdmin(c.env, caller) },
      googleEnabled: googleEnabled(c.env),
    });
  })

  .post(API.signup.path, validate('json', SignupSchema), async (c) => {
    const { email, password } = c.req.valid('json');
    const uid = crypto.randomUUID();
    const passwordHash = await hashPassword(password);
    // The unique index decides races between two signups with one email; no read-then-write window.
    const inserted = await c.var.db
      .insert(users)
      .values({ id: uid, email, passwordHash, createdAt: Date.now() })
      .onConflictDoNothing({ target: users.email })
      .returning({ id: users.id });
    if (inserted.length === 0) throw conflict(MSG.emailInUse, 'email_in_use');
    await startSession(c, uid);
    return reply(c, API.signup, { uid }, 201);
  })

  .post(API.login.path, validate('json', LoginSchema), async (c) => {
    const { identifier, password } = c.req.valid('json');
    const db = c.var.db;
    // Spec section 5: an input without '@' is a username; it is resolved here, never answered to the client.
    const account = identifier.includes('@')
      ? await db.select({ id: users.id, passwordHash: users.passwordHash }).from(users).where(eq(users.email, identifier.toLowerCase())).get()
      : await db
          .select({ id: users.id, passwordHash: users.passwordHash })
          .from(players)
          .innerJoin(users, eq(users.id, players.uid))
          .where(sql`lower(${players.username}) = ${identifier.toLowerCase()}`)
          .get();

    const ipKey = `login:ip:${clientIp(c.req.raw)}`;
    const accountKey = account && `login:account:${account.id}`;
    if (
      (await isThrottled(db, ipKey, FAILED_LOGINS_PER_IP)) ||
      (accountKey && (await isThrottled(db, accountKey, FAILED_LOGINS_PER_ACCOUNT)))
    ) {
      throw tooManyRequests();
    }

    const ok = await verifyPassword(password, account?.passwordHash ?? (await decoyPasswordHash()));
    if (!account?.passwordHash || !ok) {
      await db.batch([
        countAttempt(db, ipKey, FAILED_LOGINS_PER_IP),
        ...(accountKey ? [countAttempt(db, accountKey, FAILED_LOGINS_PER_ACCOUNT)] : []),
      ]);
      throw new ApiError(401, 'invalid_login', MSG.invalidLogin);
    }

    await clearAttempts(db, `login:account:${account.id}`);
    if (needsRehash(account.passwordHash)) {
      await db.update(users).set({ passwordHash: await hashPassword(password) }).where(eq(users.id, account.id));
    }
    await startSession(c, account.id);
    return reply(c, API.login, { uid: account.id });
  })

  .post(API.logout.path, validate('json', EmptyBodySchema), async (c) => {
    await endSession(c);
    return c.body(null, 204);
  })

  .post(API.requestReset.path, validate('json', ResetRequestSchema), async (c) => {
    const { email } = c.req.valid('json');
    const db = c.var.db;
    const ipKey = `reset:ip:${clientIp(c.req.raw)}`;
    const emailKey = `reset:email:${email}`;
    if ((await isThrottled(db, ipKey, RESETS_PER_IP)) || (await isThrottled(db, emailKey, RESETS_PER_EMAIL))) {
      throw tooManyRequests();
    }
    await db.batch([countAttempt(db, ipKey, RESETS_PER_IP), countAttempt(db, emailKey, RESETS_PER_EMAIL)]);

    const account = await db.select({ id: users.id }).from(users).where(eq(users.email, email)).get();
    // Unknown emails get the same answer as known ones: the reset form must not reveal who has an account.
    if (account) {
      const token = randomToken();
      await db.insert(passwordResets).values({ tokenHash: await sha256Hex(token), uid: account.id, expiresAt: Date.now() + RESET_TTL_MS });
      const link = `${new URL(c.req.url).origin}/resetpassword?token=${token}`;
      try {
        await mailerFor(c.env).send({
          to: email,
          subject: 'Reset your Scavenger password',
          text: `Someone asked to reset the password of your Scavenger account.\n\nChoose a new password here (the link works once, for one hour):\n${link}\n\nIf it was not you, ignore this mail.`,
        });
      } catch (error) {
        console.error('password reset mail failed', error);
        throw new ApiError(502, 'mail_failed', MSG.resetFailed);
      }
    }
    return reply(c, API.requestReset, { message: MSG.resetSent });
  })

  .post(API.confirmReset.path, validate('json', ResetConfirmSchema), async (c) => {
    const { token, password } = c.req.valid('json');
    const db = c.var.db;
    const now = Date.now();
    const tokenHash = await sha256Hex(token);
    const passwordHash = await hashPassword(password);
    // Claim the token atomically: of two concurrent uses only one sees a row come back.
    const [claimed] = await db
      .update(passwordResets)
      .set({ usedAt: now })
      .where(sql`${passwordResets.tokenHash} = ${tokenHash} AND ${passwordResets.usedAt} IS NULL AND ${passwordResets.expiresAt} > ${now}`)
      .returning({ uid: passwordResets.uid });
    if (!claimed) throw badRequest(MSG.resetLinkInvalid, 'reset_invalid');
    // A new password ends every existing session and every other outstanding reset link.
    await db.batch([
      db.update(users).set({ passwordHash }).where(eq(users.id, claimed.uid)),
      db.update(sessions).set({ revokedAt: now }).where(sql`${sessions.uid} = ${claimed.uid} AND ${sessions.revokedAt} IS NULL`),
      db.update(passwordResets).set({ usedAt: now }).where(sql`${passwordResets.uid} = ${claimed.uid} AND ${passwordResets.usedAt} IS NULL`),
      clearAttempts(db, `login:account:${claimed.uid}`),
    ]);
    return reply(c, API.confirmReset, { message: MSG.passwordChanged });
  });
