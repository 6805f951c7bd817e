/**
 * Accounts (docs/design.md section 2): signup with email verification, one-call login by email or username,
 * sign-out, password reset. Google sign-in lives in ./google.ts.
 *
 * Every route that hashes a password (scrypt, deliberately slow) first passes a throttle that reserves the
 * attempt (worker/core/throttle.ts) and every cheap check (body shape, token lookup), so a burst cannot make the
 * Worker hash for it (issue #15).
 */
import { and, eq, gt, isNotNull, isNull, sql } from 'drizzle-orm';
import { Hono, type Context } from 'hono';
import { API, ERRORS } from '../../../game/api';
import { MSG } from '../../../game/messages';
import { EmptyBodySchema, LoginSchema, NewAccountSchema, ResetConfirmSchema, ResetRequestSchema, SignupSchema, VerifyEmailSchema } from '../../../game/schemas';
import { decoyPasswordHash, hashPassword, needsRehash, verifyPassword } from './password';
import { endChatSockets } from '../chat';
import { callerOf, isAdmin, loadCaller, requireSignedIn } from '../../core/session';
import { endSession, startSession } from './sessions';
import { clearAttempts, reserve } from '../../core/throttle';
import {
  LOGIN_PER_ADDRESS,
  LOGIN_PER_ID,
  LOGIN_PER_ID_AND_ADDRESS,
  RESET_CONFIRMS_PER_ADDRESS,
  RESETS_PER_ADDRESS,
  RESETS_PER_EMAIL,
  SIGNUPS_PER_ADDRESS,
  VERIFICATION_MAILS_PER_ACCOUNT,
} from './throttle-rules';
import { publicRoute, route } from '../../core/route';
import type { Database } from '../../core/db/client';
import { players, sessions, users } from '../../core/db/schema';
import { emailVerifications, passwordResets } from './schema';
import type { AppEnv } from '../../core/env';
import { refuse } from '../../core/errors';
import { isDevelopment } from '../../core/env';
import { validate } from '../../core/validate';
import { appOrigin, mailerFor } from './mail';
import { googleEnabled } from './google';
import { afterAnswer } from '../../core/after-answer';
import { clientAddress } from '../../core/client-address';
import { DAY_MS, HOUR_MS } from '../../../game/time';

const RESET_TTL_MS = HOUR_MS;
const VERIFICATION_TTL_MS = DAY_MS;

async function sha256Hex(text: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text));
  return [...new Uint8Array(digest)].map((byte) => byte.toString(16).padStart(2, '0')).join('');
}

function randomToken(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(32));
  return btoa(String.fromCharCode(...bytes)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

/**
 * Mails a fresh verification link. A mail that fails is logged, not fatal: the account plays without it,
 * and the profile offers to send another.
 */
async function sendVerification(c: Context<AppEnv>, uid: string, email: string) {
  const token = randomToken();
  await c.var.db.insert(emailVerifications).values({ tokenHash: await sha256Hex(token), uid, expiresAt: Date.now() + VERIFICATION_TTL_MS });
  try {
    await mailerFor(c.env).send({
      to: email,
      subject: 'Verify your Scavenger email address',
      text: `Welcome to Scavenger!\n\nConfirm that this address is yours (the link works once, for 24 hours):\n${appOrigin(c)}/verify?token=${token}\n\nIf you did not sign up, ignore this mail.`,
    });
  } catch (error) {
    console.warn('verification mail failed', error);
  }
}

/** Marks a token used if it is live, in one statement: of two concurrent uses only one gets the uid back. */
function claimToken(db: Database, table: typeof passwordResets | typeof emailVerifications, tokenHash: string, now: number) {
  return db
    .update(table)
    .set({ usedAt: now })
    .where(and(eq(table.tokenHash, tokenHash), isNull(table.usedAt), gt(table.expiresAt, now)))
    .returning({ uid: table.uid });
}

export const authRoutes = new Hono<AppEnv>();

route(authRoutes, API.session, { guard: publicRoute }, async (c) => {
  const caller = await loadCaller(c);
  return {
    user: caller && { uid: caller.uid, email: caller.email, emailVerified: caller.emailVerified, username: caller.username, isAdmin: isAdmin(c.env, caller) },
    googleEnabled: googleEnabled(c.env),
  };
});

route(authRoutes, API.signup, { guard: publicRoute, body: SignupSchema, status: 201 }, async (c, { body: { email, password } }) => {
  await reserve(c.var.db, [[SIGNUPS_PER_ADDRESS, clientAddress(c.req.raw, c.env)]]);
  const uid = crypto.randomUUID();
  const passwordHash = await hashPassword(password);
  // The unique index decides races between two signups with one email; no read-then-write window.
  const inserted = await c.var.db
    .insert(users)
    .values({ id: uid, email, passwordHash, createdAt: Date.now() })
    .onConflictDoNothing({ target: users.email })
    .returning({ id: users.id });
  if (inserted.length === 0) throw refuse(ERRORS.emailInUse);
  await sendVerification(c, uid, email);
  await startSession(c, uid);
  return { uid };
});

/**
 * Development only (a 404 elsewhere, before anything is read): an account made as signup makes it, signed in,
 * without a hash per account. Accounts made here with one password share one scrypt hash computed once per
 * isolate, so the end-to-end suite's hundreds of players cost one hash, and they still sign in with that
 * password through the form. Like signup it mails the verification link; unlike it, no throttle.
 */
const fixtureHashes = new Map<string, Promise<string>>();
authRoutes.post(
  '/dev/fixtures/account',
  async (c, next) => {
    if (!isDevelopment(c.env)) throw refuse(ERRORS.notFound);
    await next();
  },
  validate('json', NewAccountSchema),
  async (c) => {
    const { email, password } = c.req.valid('json');
    const hash = fixtureHashes.get(password) ?? hashPassword(password);
    fixtureHashes.set(password, hash);
    const uid = crypto.randomUUID();
    const inserted = await c.var.db
      .insert(users)
      .values({ id: uid, email, passwordHash: await hash, createdAt: Date.now() })
      .onConflictDoNothing({ target: users.email })
      .returning({ id: users.id });
    if (inserted.length === 0) throw refuse(ERRORS.emailInUse);
    await sendVerification(c, uid, email);
    await startSession(c, uid);
    return c.json({ uid }, 201);
  },
);

route(authRoutes, API.login, { guard: publicRoute, body: LoginSchema }, async (c, { body: { identifier, password } }) => {
  const db = c.var.db;
  const id = identifier.toLowerCase();
  const address = clientAddress(c.req.raw, c.env);
  // Reserved before the lookup and the hash, keyed by what was typed whether or not it names an account.
  await reserve(db, [
    [LOGIN_PER_ID_AND_ADDRESS, `${id}|${address ?? 'local'}`],
    [LOGIN_PER_ADDRESS, address],
    [LOGIN_PER_ID, id],
  ]);
  // docs/spec.md section 5: an input without '@' is a username; it is resolved here, never answered to the client.
  const account = id.includes('@')
    ? await db.select({ id: users.id, passwordHash: users.passwordHash }).from(users).where(eq(users.email, id)).get()
    : await db
        .select({ id: users.id, passwordHash: users.passwordHash })
        .from(players)
        .innerJoin(users, eq(users.id, players.uid))
        .where(sql`lower(${players.username}) = ${id}`)
        .get();
  const ok = await verifyPassword(password, account?.passwordHash ?? (await decoyPasswordHash()));
  if (!account?.passwordHash || !ok) throw refuse(ERRORS.invalidLogin);

  await clearAttempts(db, LOGIN_PER_ID_AND_ADDRESS, `${id}|${address ?? 'local'}`);
  if (needsRehash(account.passwordHash)) {
    await db.update(users).set({ passwordHash: await hashPassword(password) }).where(eq(users.id, account.id));
  }
  await startSession(c, account.id);
  return { uid: account.id };
});

route(authRoutes, API.logout, { guard: publicRoute, body: EmptyBodySchema, status: 204 }, async (c) => {
  await endSession(c);
  return undefined;
});

/** A reset link to `email`'s account, if it has one: the token stored, then the mail. */
async function mailResetLink(c: Context<AppEnv>, email: string) {
  const { db } = c.var;
  const account = await db.select({ id: users.id }).from(users).where(eq(users.email, email)).get();
  if (!account) return;
  const token = randomToken();
  await db.insert(passwordResets).values({ tokenHash: await sha256Hex(token), uid: account.id, expiresAt: Date.now() + RESET_TTL_MS });
  await mailerFor(c.env).send({
    to: email,
    subject: 'Reset your Scavenger password',
    text: `Someone asked to reset the password of your Scavenger account.\n\nChoose a new password here (the link works once, for one hour):\n${appOrigin(c)}/resetpassword?token=${token}\n\nIf it was not you, ignore this mail.`,
  });
}

route(authRoutes, API.requestReset, { guard: publicRoute, body: ResetRequestSchema }, async (c, { body: { email } }) => {
  await reserve(c.var.db, [
    [RESETS_PER_ADDRESS, clientAddress(c.req.raw, c.env)],
    [RESETS_PER_EMAIL, email],
  ]);
  // Every address gets the same answer at the same moment: whether it has an account, and whether the mail
  // went out, is decided after the answer, so neither the words nor the time tell (hardening 3, finding 7).
  // A mail that fails is the operator's to see; the player can ask again.
  afterAnswer(c, mailResetLink(c, email), (error) => console.error('password reset mail failed', error));
  return { message: MSG.resetSent };
});

route(authRoutes, API.confirmReset, { guard: publicRoute, body: ResetConfirmSchema }, async (c, { body: { token, password } }) => {
  const db = c.var.db;
  const now = Date.now();
  await reserve(db, [[RESET_CONFIRMS_PER_ADDRESS, clientAddress(c.req.raw, c.env)]]);
  const tokenHash = await sha256Hex(token);
  // The cheap check first: a link that is not live never costs a hash.
  const live = await db
    .select({ uid: passwordResets.uid })
    .from(passwordResets)
    .where(and(eq(passwordResets.tokenHash, tokenHash), isNull(passwordResets.usedAt), gt(passwordResets.expiresAt, now)))
    .get();
  if (!live) throw refuse(ERRORS.resetLinkInvalid);
  const passwordHash = await hashPassword(password);
  const [claimed] = await claimToken(db, passwordResets, tokenHash, now);
  if (!claimed) throw refuse(ERRORS.resetLinkInvalid);
  // A new password ends every existing session (and their sockets) and every other outstanding reset link;
  // and the link came through the mailbox, which proves the address.
  await db.batch([
    db.update(users).set({ passwordHash, emailVerifiedAt: sql`coalesce(${users.emailVerifiedAt}, ${now})` }).where(eq(users.id, claimed.uid)),
    db.update(sessions).set({ revokedAt: now }).where(and(eq(sessions.uid, claimed.uid), isNull(sessions.revokedAt))),
    db.update(passwordResets).set({ usedAt: now }).where(and(eq(passwordResets.uid, claimed.uid), isNull(passwordResets.usedAt))),
  ]);
  await endChatSockets(c.env, db, claimed.uid);
  return { message: MSG.passwordChanged };
});

route(authRoutes, API.verifyEmail, { guard: publicRoute, body: VerifyEmailSchema }, async (c, { body: { token } }) => {
  const now = Date.now();
  const db = c.var.db;
  const tokenHash = await sha256Hex(token);
  const [claimed] = await claimToken(db, emailVerifications, tokenHash, now);
  if (claimed) {
    await db.update(users).set({ emailVerifiedAt: now }).where(and(eq(users.id, claimed.uid), isNull(users.emailVerifiedAt)));
    return { message: MSG.emailVerified };
  }
  // Opening the same link twice (a second tab, a mail client's preview) is not an error once it worked.
  const used = await db
    .select({ verifiedAt: users.emailVerifiedAt })
    .from(emailVerifications)
    .innerJoin(users, eq(users.id, emailVerifications.uid))
    .where(and(eq(emailVerifications.tokenHash, tokenHash), isNotNull(emailVerifications.usedAt)))
    .get();
  if (used?.verifiedAt == null) throw refuse(ERRORS.verifyLinkInvalid);
  return { message: MSG.emailVerified };
});

route(authRoutes, API.resendVerification, { guard: requireSignedIn, body: EmptyBodySchema }, async (c) => {
  const caller = callerOf(c);
  if (caller.emailVerified) throw refuse(ERRORS.alreadyVerified);
  await reserve(c.var.db, [[VERIFICATION_MAILS_PER_ACCOUNT, caller.uid]]);
  await sendVerification(c, caller.uid, caller.email);
  return { message: MSG.verificationSent };
});
