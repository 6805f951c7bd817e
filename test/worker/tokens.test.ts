import { env } from 'cloudflare:workers';
import { SignJWT, UnsecuredJWT, base64url } from 'jose';
import { describe, expect, it } from 'vitest';
import { hashPassword, needsRehash, SCRYPT_PARAMS, scryptMemoryBytes, verifyPassword, WORKERD_MAX_SCRYPT_WORK } from '../../worker/features/accounts/password';
import { call, expectError, json, newPlayer } from './helpers';

const key = (secret: string) => new TextEncoder().encode(secret);
const claims = (uid: string, sid: string) => new SignJWT({ sid }).setProtectedHeader({ alg: 'HS256' }).setSubject(uid).setIssuer('scavenger').setIssuedAt();

async function sessionIdOf(token: string): Promise<string> {
  const payload = JSON.parse(new TextDecoder().decode(base64url.decode(token.split('.')[1]!))) as { sid: string };
  return payload.sid;
}

async function isRefused(token: string, uid: string) {
  await expectError(await call(`/api/users/${uid}`, { token }), 401);
  expect((await json<{ user: unknown }>(await call('/api/auth/session', { token }))).user).toBeNull();
}

describe('session tokens', () => {
  it('a token with a tampered payload is refused', async () => {
    const player = await newPlayer();
    const other = await newPlayer();
    const [header, , signature] = player.token.split('.');
    const forged = base64url.encode(JSON.stringify({ sid: await sessionIdOf(player.token), sub: other.uid, iss: 'scavenger' }));
    await isRefused(`${header}.${forged}.${signature}`, other.uid);
  });

  it('a token with a tampered signature is refused', async () => {
    const player = await newPlayer();
    const flipped = player.token.slice(0, -2) + (player.token.endsWith('AA') ? 'BB' : 'AA');
    await isRefused(flipped, player.uid);
  });

  it('an unsigned token (alg: none) is refused', async () => {
    const player = await newPlayer();
    const unsigned = new UnsecuredJWT({ sid: await sessionIdOf(player.token) }).setSubject(player.uid).setIssuer('scavenger').encode();
    await isRefused(unsigned, player.uid);
  });

  it('a token signed with another key is refused', async () => {
    const player = await newPlayer();
    const token = await claims(player.uid, await sessionIdOf(player.token)).setExpirationTime('1h').sign(key('a-different-secret-that-is-long-enough!'));
    await isRefused(token, player.uid);
  });

  it('an expired token is refused, and so is an expired session row', async () => {
    const player = await newPlayer();
    const sid = await sessionIdOf(player.token);
    const expired = await claims(player.uid, sid).setExpirationTime(Math.floor(Date.now() / 1000) - 60).sign(key(env.SESSION_SECRET));
    await isRefused(expired, player.uid);

    await env.DB.prepare('UPDATE sessions SET expires_at = ? WHERE id = ?').bind(Date.now() - 1, sid).run();
    await isRefused(player.token, player.uid);
  });

  it("a validly signed token naming someone else's session is refused", async () => {
    const player = await newPlayer();
    const other = await newPlayer();
    const token = await claims(other.uid, await sessionIdOf(player.token)).setExpirationTime('1h').sign(key(env.SESSION_SECRET));
    await isRefused(token, other.uid);
  });
});

describe('password hashing', () => {
  it('uses scrypt parameters inside workerd production limits', () => {
    const { N, r, p } = SCRYPT_PARAMS;
    expect(N * r * p).toBeLessThanOrEqual(WORKERD_MAX_SCRYPT_WORK);
    expect(N).toBeGreaterThanOrEqual(2 ** 15);
    expect(scryptMemoryBytes(SCRYPT_PARAMS)).toBeLessThanOrEqual(64 * 1024 * 1024);
  });

  it('stores the algorithm and parameters with each hash and verifies only the right password', async () => {
    const stored = await hashPassword('hunter2 hunter2');
    expect(stored).toMatch(new RegExp(`^scrypt\\$${SCRYPT_PARAMS.N}\\$${SCRYPT_PARAMS.r}\\$${SCRYPT_PARAMS.p}\\$`));
    expect(await verifyPassword('hunter2 hunter2', stored)).toBe(true);
    expect(await verifyPassword('hunter2 hunter3', stored)).toBe(false);
    expect(await hashPassword('hunter2 hunter2')).not.toBe(stored);
  });

  it('still verifies hashes made with older, weaker parameters and asks for a rehash', async () => {
    const weak = await hashPassword('old password', { N: 2 ** 10, r: 8, p: 1 });
    expect(await verifyPassword('old password', weak)).toBe(true);
    expect(needsRehash(weak)).toBe(true);
    expect(needsRehash(await hashPassword('new password'))).toBe(false);
  });

  it('never stores the password itself', async () => {
    const player = await newPlayer();
    const row = await env.DB.prepare('SELECT password_hash FROM users WHERE id = ?').bind(player.uid).first<{ password_hash: string }>();
    expect(row?.password_hash).toMatch(/^scrypt\$/);
    expect(row?.password_hash).not.toContain('correct horse');
  });
});
