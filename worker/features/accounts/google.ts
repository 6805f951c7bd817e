/**
 * Google sign-in (docs/design.md section 2): authorization code flow with PKCE, state and nonce held in a short-lived
 * signed cookie; the ID token is verified with jose against the issuer's JWKS. Endpoints and issuer come from
 * configuration so tests can run a local issuer with its own keys.
 */
import { ERRORS } from '../../../game/api';
import { eq } from 'drizzle-orm';
import { Hono } from 'hono';
import { deleteCookie, getCookie, setCookie } from 'hono/cookie';
import { createRemoteJWKSet, jwtVerify, SignJWT, type JWTVerifyGetKey } from 'jose';
import { startSession } from './sessions';
import { users } from '../../core/db/schema';
import type { AppEnv } from '../../core/env';
import { refuse } from '../../core/errors';
import { base64url } from '../../core/ids';

const FLOW_COOKIE = '__Host-google-flow';
const FLOW_TTL_SECONDS = 10 * 60;
const GOOGLE_ISSUERS = ['https://accounts.google.com', 'accounts.google.com'];

export function googleEnabled(env: Env): boolean {
  return !!env.GOOGLE_CLIENT_ID && !!env.GOOGLE_CLIENT_SECRET;
}

function flowKey(env: Env) {
  return new TextEncoder().encode(`google-flow:${env.SESSION_SECRET}`);
}

const randomString = () => base64url(crypto.getRandomValues(new Uint8Array(32)));

async function codeChallenge(verifier: string): Promise<string> {
  return base64url(new Uint8Array(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(verifier))));
}

const jwksByUrl = new Map<string, JWTVerifyGetKey>();
function jwksFor(url: string): JWTVerifyGetKey {
  let jwks = jwksByUrl.get(url);
  if (!jwks) {
    jwks = createRemoteJWKSet(new URL(url));
    jwksByUrl.set(url, jwks);
  }
  return jwks;
}

export interface GoogleIdentity {
  sub: string;
  email: string;
}

/** Verifies signature, issuer, audience, expiry and nonce; only a verified email is returned. */
export async function verifyGoogleIdToken(idToken: string, env: Env, nonce: string, jwks: JWTVerifyGetKey = jwksFor(env.GOOGLE_JWKS_URL)): Promise<GoogleIdentity> {
  const issuers = GOOGLE_ISSUERS.includes(env.GOOGLE_ISSUER) ? GOOGLE_ISSUERS : [env.GOOGLE_ISSUER];
  const { payload } = await jwtVerify(idToken, jwks, {
    issuer: issuers,
    audience: env.GOOGLE_CLIENT_ID,
    algorithms: ['RS256'],
  });
  if (payload.nonce !== nonce) throw new Error('nonce mismatch');
  if (typeof payload.sub !== 'string' || typeof payload.email !== 'string' || payload.email_verified !== true) {
    throw new Error('the ID token has no verified email');
  }
  return { sub: payload.sub, email: payload.email.toLowerCase() };
}

function callbackUrl(requestUrl: string) {
  return `${new URL(requestUrl).origin}/api/auth/google/callback`;
}

export const googleRoutes = new Hono<AppEnv>()
  .get('/start', async (c) => {
    if (!googleEnabled(c.env)) throw refuse(ERRORS.googleNotConfigured);
    const state = randomString();
    const verifier = randomString();
    const nonce = randomString();
    const flow = await new SignJWT({ state, verifier, nonce })
      .setProtectedHeader({ alg: 'HS256' })
      .setExpirationTime(`${FLOW_TTL_SECONDS}s`)
      .sign(flowKey(c.env));
    setCookie(c, FLOW_COOKIE, flow, { httpOnly: true, secure: true, sameSite: 'Lax', path: '/', maxAge: FLOW_TTL_SECONDS });
    const url = new URL(c.env.GOOGLE_AUTH_URL);
    url.search = new URLSearchParams({
      client_id: c.env.GOOGLE_CLIENT_ID,
      redirect_uri: callbackUrl(c.req.url),
      response_type: 'code',
      scope: 'openid email profile',
      state,
      nonce,
      code_challenge: await codeChallenge(verifier),
      code_challenge_method: 'S256',
      prompt: 'select_account',
    }).toString();
    return c.redirect(url.toString(), 302);
  })

  .get('/callback', async (c) => {
    if (!googleEnabled(c.env)) throw refuse(ERRORS.googleNotConfigured);
    const failed = () => c.redirect('/login?error=google', 302);
    const flowToken = getCookie(c, FLOW_COOKIE);
    deleteCookie(c, FLOW_COOKIE, { path: '/', secure: true });
    const code = c.req.query('code');
    const state = c.req.query('state');
    if (!flowToken || !code || !state) return failed();

    let identity: GoogleIdentity;
    try {
      const { payload: flow } = await jwtVerify(flowToken, flowKey(c.env), { algorithms: ['HS256'] });
      if (flow.state !== state || typeof flow.verifier !== 'string' || typeof flow.nonce !== 'string') return failed();
      const response = await fetch(c.env.GOOGLE_TOKEN_URL, {
        method: 'POST',
        headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({
          code,
          client_id: c.env.GOOGLE_CLIENT_ID,
          client_secret: c.env.GOOGLE_CLIENT_SECRET,
          redirect_uri: callbackUrl(c.req.url),
          grant_type: 'authorization_code',
          code_verifier: flow.verifier,
        }),
      });
      if (!response.ok) return failed();
      const { id_token: idToken } = (await response.json()) as { id_token?: unknown };
      if (typeof idToken !== 'string') return failed();
      identity = await verifyGoogleIdToken(idToken, c.env, flow.nonce);
    } catch (error) {
      console.warn('google sign-in refused', error instanceof Error ? error.message : error);
      return failed();
    }

    const db = c.var.db;
    let account = await db.select({ id: users.id }).from(users).where(eq(users.googleSub, identity.sub)).get();
    if (!account) {
      // Link to an existing account only through the verified email Google vouches for.
      const byEmail = await db.select({ id: users.id, verifiedAt: users.emailVerifiedAt }).from(users).where(eq(users.email, identity.email)).get();
      if (byEmail) {
        // Only an account whose owner proved the address: otherwise whoever signed up first with someone
        // else's address would get that person's Google sign-in (account pre-hijacking).
        if (byEmail.verifiedAt === null) return c.redirect('/login?error=google-unverified', 302);
        await db.update(users).set({ googleSub: identity.sub }).where(eq(users.id, byEmail.id));
        account = { id: byEmail.id };
      } else {
        const id = crypto.randomUUID();
        const now = Date.now();
        // Google vouches for the address (verifyGoogleIdToken accepts only email_verified tokens).
        await db.insert(users).values({ id, email: identity.email, googleSub: identity.sub, emailVerifiedAt: now, createdAt: now });
        account = { id };
      }
    }
    await startSession(c, account.id);
    // docs/spec.md section 2: after Google sign-in on the login screen the player goes to /.
    return c.redirect('/', 302);
  });
