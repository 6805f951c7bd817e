/**
 * Google sign-in against a local issuer with its own RSA keys: it serves a JWKS and a token endpoint, and
 * the Worker's outbound fetches to its URLs are routed to it in-process.
 */
import { env } from 'cloudflare:workers';
import { createLocalJWKSet, exportJWK, generateKeyPair, SignJWT, type JWK } from 'jose';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { MSG } from '../../game/messages';
import { app } from '../../worker/app';
import { verifyGoogleIdToken } from '../../worker/features/accounts/google';
import { expectError, json, ORIGIN, signUp, sessionToken } from './helpers';

const ISSUER = 'http://issuer.test';
const CLIENT_ID = 'scavenger-client';
const googleEnv = {
  ...env,
  GOOGLE_CLIENT_ID: CLIENT_ID,
  GOOGLE_CLIENT_SECRET: 'client-secret',
  GOOGLE_ISSUER: ISSUER,
  GOOGLE_AUTH_URL: `${ISSUER}/auth`,
  GOOGLE_TOKEN_URL: `${ISSUER}/token`,
  GOOGLE_JWKS_URL: `${ISSUER}/jwks`,
};

let privateKey: CryptoKey;
let publicJwk: JWK;
let strangerKey: CryptoKey;
beforeAll(async () => {
  const pair = await generateKeyPair('RS256');
  privateKey = pair.privateKey;
  publicJwk = { ...(await exportJWK(pair.publicKey)), kid: 'local-1', alg: 'RS256', use: 'sig' };
  strangerKey = (await generateKeyPair('RS256')).privateKey;
});
afterEach(() => vi.restoreAllMocks());

interface IdClaims {
  sub?: string;
  email?: string;
  email_verified?: boolean;
  nonce?: string;
  aud?: string;
  iss?: string;
}
const idToken = (claims: IdClaims, key = privateKey) =>
  new SignJWT({ email: claims.email, email_verified: claims.email_verified ?? true, nonce: claims.nonce })
    .setProtectedHeader({ alg: 'RS256', kid: 'local-1' })
    .setSubject(claims.sub ?? 'google-sub')
    .setIssuer(claims.iss ?? ISSUER)
    .setAudience(claims.aud ?? CLIENT_ID)
    .setIssuedAt()
    .setExpirationTime('5m')
    .sign(key);

/** Routes the Worker's fetches to the issuer; `makeToken` answers the code exchange. */
function runIssuer(makeToken: (form: URLSearchParams) => Promise<string>) {
  const exchanges: URLSearchParams[] = [];
  const realFetch = globalThis.fetch;
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    const url = new URL(input instanceof Request ? input.url : String(input));
    if (url.origin !== ISSUER) return realFetch(input, init);
    if (url.pathname === '/jwks') return Response.json({ keys: [publicJwk] });
    if (url.pathname === '/token') {
      const form = new URLSearchParams(String(init?.body));
      exchanges.push(form);
      return Response.json({ id_token: await makeToken(form) });
    }
    return new Response('not found', { status: 404 });
  });
  return exchanges;
}

/** Walks the browser's part: /start, the issuer's redirect back, /callback. */
async function signInWithGoogle(claims: (nonce: string) => IdClaims, options: { state?: string } = {}) {
  const start = await app.request('/api/auth/google/start', {}, googleEnv);
  expect(start.status).toBe(302);
  const authorize = new URL(start.headers.get('Location')!);
  const flowCookie = start.headers.getSetCookie().find((value) => value.startsWith('__Host-google-flow='))!.split(';')[0]!;
  const nonce = authorize.searchParams.get('nonce')!;
  const exchanges = runIssuer(() => idToken(claims(nonce)));
  const state = options.state ?? authorize.searchParams.get('state')!;
  const callback = await app.request(`/api/auth/google/callback?code=the-code&state=${state}`, { headers: { Cookie: flowCookie } }, googleEnv);
  return { authorize, callback, exchanges };
}

describe('Google sign-in', () => {
  it('is switched off without a client id and secret', async () => {
    await expectError(await app.request('/api/auth/google/start', {}, env), 404, MSG.googleNotConfigured);
    expect((await json<{ googleEnabled: boolean }>(await app.request('/api/auth/session', {}, env))).googleEnabled).toBe(false);
    expect((await json<{ googleEnabled: boolean }>(await app.request('/api/auth/session', {}, googleEnv))).googleEnabled).toBe(true);
  });

  it('sends the player to the issuer with PKCE, state and nonce', async () => {
    const { authorize } = await signInWithGoogle(() => ({}));
    expect(authorize.origin + authorize.pathname).toBe(`${ISSUER}/auth`);
    expect(authorize.searchParams.get('client_id')).toBe(CLIENT_ID);
    expect(authorize.searchParams.get('redirect_uri')).toBe(`${ORIGIN}/api/auth/google/callback`);
    expect(authorize.searchParams.get('code_challenge_method')).toBe('S256');
    expect(authorize.searchParams.get('code_challenge')).toMatch(/^[\w-]{43}$/);
    expect(authorize.searchParams.get('state')).toMatch(/^[\w-]{43}$/);
  });

  it('creates an account for a new verified email, signs it in and goes to /', async () => {
    const email = `g${Date.now()}@gmail.test`;
    const { callback, exchanges } = await signInWithGoogle((nonce) => ({ sub: `sub-${email}`, email, nonce }));
    expect(callback.status).toBe(302);
    expect(callback.headers.get('Location')).toBe('/');
    expect(exchanges[0]?.get('code')).toBe('the-code');
    expect(exchanges[0]?.get('code_verifier')).toMatch(/^[\w-]{43}$/);
    const session = await json<{ user: { email: string } }>(await app.request('/api/auth/session', { headers: { Cookie: `__Host-session=${sessionToken(callback)}` } }, env));
    expect(session.user.email).toBe(email);
  });

  it('links to an existing account through its verified email', async () => {
    const account = await signUp();
    await env.DB.prepare('UPDATE users SET email_verified_at = ? WHERE id = ?').bind(Date.now(), account.uid).run();
    const { callback } = await signInWithGoogle((nonce) => ({ sub: `sub-${account.email}`, email: account.email.toUpperCase(), nonce }));
    const session = await json<{ user: { uid: string } }>(await app.request('/api/auth/session', { headers: { Cookie: `__Host-session=${sessionToken(callback)}` } }, env));
    expect(session.user.uid).toBe(account.uid);
  });

  it('never links to an account whose owner has not verified the address, and signs nobody in', async () => {
    const account = await signUp();
    const { callback } = await signInWithGoogle((nonce) => ({ sub: `sub-${account.email}`, email: account.email, nonce }));
    expect(callback.headers.get('Location')).toBe('/login?error=google-unverified');
    expect(callback.headers.getSetCookie().some((value) => value.startsWith('__Host-session='))).toBe(false);
    const row = await env.DB.prepare('SELECT google_sub FROM users WHERE id = ?').bind(account.uid).first<{ google_sub: string | null }>();
    expect(row?.google_sub).toBeNull();
  });

  it('refuses an unverified email, a wrong nonce, a wrong audience, a wrong issuer and a foreign key', async () => {
    const account = await signUp();
    const bad: ((nonce: string) => IdClaims)[] = [
      (nonce) => ({ email: account.email, email_verified: false, nonce }),
      () => ({ email: account.email, nonce: 'not-the-nonce' }),
      (nonce) => ({ email: account.email, nonce, aud: 'someone-else' }),
      (nonce) => ({ email: account.email, nonce, iss: 'http://evil.test' }),
    ];
    for (const claims of bad) {
      const { callback } = await signInWithGoogle(claims);
      expect(callback.headers.get('Location')).toBe('/login?error=google');
      expect(callback.headers.getSetCookie().some((value) => value.startsWith('__Host-session='))).toBe(false);
      vi.restoreAllMocks();
    }
    const foreign = await idToken({ email: account.email, nonce: 'n' }, strangerKey);
    await expect(verifyGoogleIdToken(foreign, googleEnv, 'n', createLocalJWKSet({ keys: [publicJwk] }))).rejects.toThrow();
  });

  it('refuses a callback whose state does not match the one it sent', async () => {
    const { callback, exchanges } = await signInWithGoogle((nonce) => ({ email: 'x@gmail.test', nonce }), { state: 'forged' });
    expect(callback.headers.get('Location')).toBe('/login?error=google');
    expect(exchanges).toHaveLength(0);
  });
});
