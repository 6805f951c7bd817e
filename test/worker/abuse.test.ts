/**
 * Hardening 2 (issue #15), each as the attacker tried it: bursts against the throttles, counted in scrypt
 * runs and mails rather than timed; sockets that outlive their session; unverified addresses; bodies that
 * are not JSON; links built from the Host header; tables nobody prunes.
 */
import { createExecutionContext, createScheduledController, waitOnExecutionContext } from 'cloudflare:test';
import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { MSG } from '../../game/messages';
import { app } from '../../worker/app';
import { scryptRuns } from '../../worker/features/accounts/password';
import { ipv6Prefix64 } from '../../worker/core/client-address';
import { CLOSE_SESSION_ENDED, CLOSE_TOO_MANY_TABS } from '../../game/chat-protocol';
import { SOCKETS_PER_ADDRESS } from '../../worker/features/chat/room-state';
import { SOCKETS_PER_PLAYER } from '../../worker/features/chat/sockets';
import worker from '../../worker/index';
import { runJob } from '../../worker/scheduled';
import { connect, upgrade } from './chat-client';
import { apiRequest, call, expectError, json, mailsTo, newPlayer, PASSWORD, randomAddress, signUp, uniqueName, type CallOptions } from './helpers';

/** Through the app in this isolate, so the scrypt counter sees the work the requests did. */
const direct = (path: string, options: CallOptions = {}, bindings: Partial<Env> = {}) => app.fetch(apiRequest(path, options), { ...env, ...bindings });

async function hashesDuring<T>(work: () => Promise<T>): Promise<{ result: T; hashes: number }> {
  const before = scryptRuns.count;
  const result = await work();
  return { result, hashes: scryptRuns.count - before };
}

describe('throttles that reserve before they work', () => {
  it('40 parallel wrong passwords from one address: at most 10 reach scrypt, and the owner still gets in', async () => {
    const player = await newPlayer();
    const address = randomAddress();
    const { result: statuses, hashes } = await hashesDuring(() =>
      Promise.all(
        Array.from({ length: 40 }, async () => (await direct('/api/auth/login', { body: { identifier: player.username, password: 'wrong guess' }, headers: { 'CF-Connecting-IP': address } })).status),
      ),
    );
    expect(hashes).toBeLessThanOrEqual(10);
    expect(statuses.filter((status) => status === 401)).toHaveLength(10);
    expect(statuses.filter((status) => status === 429)).toHaveLength(30);
    // From a fresh address at once; from the guesser's address once its window has passed.
    expect((await direct('/api/auth/login', { body: { identifier: player.username, password: PASSWORD } })).status).toBe(200);
    await env.DB.prepare("UPDATE throttles SET window_start = window_start - 3600000 WHERE key LIKE 'login:%'").run();
    const later = await direct('/api/auth/login', { body: { identifier: player.username, password: PASSWORD }, headers: { 'CF-Connecting-IP': address } });
    expect(later.status).toBe(200);
  });

  it('throttles an identifier that names no account just the same: 10 attempts, then 429', async () => {
    const address = randomAddress();
    const ghost = uniqueName('ghost');
    const statuses = await Promise.all(
      Array.from({ length: 12 }, async () => (await call('/api/auth/login', { body: { identifier: ghost, password: 'x' }, headers: { 'CF-Connecting-IP': address } })).status),
    );
    expect(statuses.filter((status) => status === 429)).toHaveLength(2);
  });

  it('40 parallel reset requests for one address send at most 3 mails', async () => {
    const player = await newPlayer();
    const statuses = await Promise.all(Array.from({ length: 40 }, async () => (await call('/api/auth/reset', { body: { email: player.email } })).status));
    expect(statuses.filter((status) => status === 200)).toHaveLength(3);
    expect(await mailsTo(player.email, 'Reset', 3)).toHaveLength(3);
  });

  it('50 parallel bogus reset confirms run no hash at all', async () => {
    const { result: statuses, hashes } = await hashesDuring(() =>
      Promise.all(
        Array.from({ length: 50 }, async (_, index) => {
          const password = 'a brand new secret';
          return (await direct('/api/auth/reset/confirm', { body: { token: `bogus-${index}`, password, confirmPassword: password } })).status;
        }),
      ),
    );
    expect(hashes).toBe(0);
    expect(statuses.every((status) => status === 400)).toBe(true);
  });

  it('signups are throttled per address before any hash: 10 an hour', async () => {
    const address = randomAddress();
    const { result: statuses, hashes } = await hashesDuring(() =>
      Promise.all(
        Array.from({ length: 14 }, async () => {
          const body = { email: `${uniqueName('s')}@example.com`, password: PASSWORD, confirmPassword: PASSWORD };
          return (await direct('/api/auth/signup', { body, headers: { 'CF-Connecting-IP': address } })).status;
        }),
      ),
    );
    expect(statuses.filter((status) => status === 201)).toHaveLength(10);
    expect(statuses.filter((status) => status === 429)).toHaveLength(4);
    expect(hashes).toBe(10);
  });

  it('counts an IPv6 client by its /64', () => {
    expect(ipv6Prefix64('2001:db8:85a3:0042:1000:8a2e:370:7334')).toBe('2001:db8:85a3:42::/64');
    expect(ipv6Prefix64('2001:DB8:85A3:42::1')).toBe('2001:db8:85a3:42::/64');
    expect(ipv6Prefix64('2001:db8::1')).toBe('2001:db8:0:0::/64');
    expect(ipv6Prefix64('::1')).toBe('0:0:0:0::/64');
  });

  it('one /64 shares one bucket: rotating addresses inside it gets no fresh attempts', async () => {
    const player = await newPlayer();
    const statuses = await Promise.all(
      Array.from({ length: 12 }, async (_, index) => {
        const headers = { 'CF-Connecting-IP': `2001:db8:aaaa:${player.uid.slice(0, 4)}::${index + 1}` };
        return (await call('/api/auth/login', { body: { identifier: player.username, password: 'wrong guess' }, headers })).status;
      }),
    );
    expect(statuses.filter((status) => status === 429)).toHaveLength(2);
  });
});

describe('sockets that end with their session', () => {
  it('sign-out closes the session’s open socket at once, and its frames reach no one', async () => {
    const [alice, bob] = await Promise.all([newPlayer(), newPlayer()]);
    const [aliceSocket, bobSocket] = await Promise.all([connect(alice), connect(bob)]);
    await aliceSocket.next('history');
    expect((await call('/api/auth/logout', { method: 'POST', token: alice.token })).status).toBe(204);
    expect(await aliceSocket.closed).toBe(CLOSE_SESSION_ENDED);
    try {
      aliceSocket.send({ type: 'message', text: 'after sign-out' });
    } catch {
      // Sending on a closed socket may throw; either way nothing may arrive.
    }
    // The marker: bob's own message, sent after it, makes the round trip through the lobby.
    bobSocket.send({ type: 'message', text: 'marker after sign-out' });
    await bobSocket.next('message', (frame) => frame.message.text === 'marker after sign-out');
    expect(bobSocket.frames.some((frame) => frame.type === 'message' && frame.message.text === 'after sign-out')).toBe(false);
    await bobSocket.next('user-left', (frame) => frame.username === alice.username);
  });

  it('a password reset closes every socket of the account', async () => {
    const player = await newPlayer();
    const sockets = await Promise.all([connect(player), connect(player)]);
    await call('/api/auth/reset', { body: { email: player.email } });
    const [mail] = await mailsTo(player.email, 'Reset');
    const token = mail?.body.match(/resetpassword\?token=([\w-]+)/)?.[1];
    const password = 'a brand new secret';
    expect((await call('/api/auth/reset/confirm', { body: { token, password, confirmPassword: password } })).status).toBe(200);
    expect(await Promise.all(sockets.map((socket) => socket.closed))).toEqual([CLOSE_SESSION_ENDED, CLOSE_SESSION_ENDED]);
  });

  it(`a player's ${SOCKETS_PER_PLAYER + 1}th socket closes the oldest`, async () => {
    const player = await newPlayer();
    const sockets = [];
    for (let index = 0; index < SOCKETS_PER_PLAYER; index += 1) {
      const socket = await connect(player);
      await socket.next('history');
      sockets.push(socket);
    }
    const newest = await connect(player);
    await newest.next('history');
    expect(await sockets[0]!.closed).toBe(CLOSE_TOO_MANY_TABS);
    const stillOpen = await Promise.race([sockets[1]!.closed, new Promise<string>((resolve) => setTimeout(() => resolve('open'), 200))]);
    expect(stillOpen).toBe('open');
  });

  it(`one address may hold ${SOCKETS_PER_ADDRESS} sockets; more are refused with 429`, async () => {
    const address = randomAddress();
    const players = await Promise.all(Array.from({ length: 5 }, () => newPlayer()));
    for (let index = 0; index < SOCKETS_PER_ADDRESS; index += 1) {
      const socket = await connect(players[index % players.length]!, address);
      await socket.next('history');
    }
    await expectError(await upgrade(players[0]!, undefined, address), 429);
    // Another address is not affected.
    await (await connect(players[0]!)).next('history');
  });
});

describe('proving the email address', () => {
  it('signup mails a link that verifies the address; the session says so', async () => {
    const account = await signUp();
    const session = async () => json<{ user: { emailVerified: boolean } }>(await call('/api/auth/session', { token: account.token }));
    expect((await session()).user.emailVerified).toBe(false);
    const [mail] = await mailsTo(account.email, 'Verify');
    expect(mail?.body).toContain('http://localhost/verify?token=');
    const token = mail?.body.match(/verify\?token=([\w-]+)/)?.[1];
    expect(await json(await call('/api/auth/verify', { body: { token } }))).toEqual({ message: MSG.emailVerified });
    expect((await session()).user.emailVerified).toBe(true);
    // The same link again (a second tab) still says so; a link that never existed does not.
    expect(await json(await call('/api/auth/verify', { body: { token } }))).toEqual({ message: MSG.emailVerified });
    await expectError(await call('/api/auth/verify', { body: { token: 'no-such-token' } }), 400, MSG.verifyLinkInvalid);
  });

  it('resends a link on request, at most 3 an hour, and not once verified', async () => {
    const account = await signUp();
    const statuses = await Promise.all(Array.from({ length: 5 }, async () => (await call('/api/auth/verify/resend', { body: {}, token: account.token })).status));
    expect(statuses.filter((status) => status === 200)).toHaveLength(3);
    expect(await mailsTo(account.email, 'Verify', 1 + 3)).toHaveLength(1 + 3);
    await env.DB.prepare('UPDATE users SET email_verified_at = ? WHERE id = ?').bind(Date.now(), account.uid).run();
    await expectError(await call('/api/auth/verify/resend', { body: {}, token: account.token }), 409, MSG.alreadyVerified);
    await expectError(await call('/api/auth/verify/resend', { body: {} }), 401);
  });

  it('a password reset proves the address too', async () => {
    const player = await newPlayer();
    await call('/api/auth/reset', { body: { email: player.email } });
    const [mail] = await mailsTo(player.email, 'Reset');
    const token = mail?.body.match(/resetpassword\?token=([\w-]+)/)?.[1];
    const password = 'a brand new secret';
    await call('/api/auth/reset/confirm', { body: { token, password, confirmPassword: password } });
    const row = await env.DB.prepare('SELECT email_verified_at FROM users WHERE id = ?').bind(player.uid).first<{ email_verified_at: number | null }>();
    expect(row?.email_verified_at).toEqual(expect.any(Number));
  });
});

describe('requests', () => {
  it('a body-less intent with any body that is not JSON changes nothing: 415', async () => {
    const player = await newPlayer();
    const before = await env.DB.prepare('SELECT gold, energy, duffel_bag_size FROM players WHERE uid = ?').bind(player.uid).first();
    for (const path of ['/api/scavenge', '/api/duffel/upgrade', '/api/auth/verify/resend', '/api/auth/logout']) {
      for (const type of ['text/plain', 'application/x-www-form-urlencoded', 'multipart/form-data; boundary=x', '']) {
        const request = apiRequest(path, { raw: 'garbage', token: player.token });
        request.headers.set('Content-Type', type);
        if (!type) request.headers.delete('Content-Type');
        await expectError(await app.fetch(request, env), 415, MSG.unsupportedBody);
      }
    }
    expect(await env.DB.prepare('SELECT gold, energy, duffel_bag_size FROM players WHERE uid = ?').bind(player.uid).first()).toEqual(before);
    expect((await call(`/api/users/${player.uid}`, { token: player.token })).status).toBe(200);
  });

  it('mails links to the configured origin, never to the Host header', async () => {
    const player = await newPlayer();
    const request = new Request('http://evil.test/api/auth/reset', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Origin: 'http://evil.test', 'CF-Connecting-IP': randomAddress() },
      body: JSON.stringify({ email: player.email }),
    });
    expect((await app.fetch(request, { ...env, APP_ORIGIN: 'https://scavenger.example' })).status).toBe(200);
    const [mail] = await mailsTo(player.email, 'Reset');
    expect(mail?.body).toContain('https://scavenger.example/resetpassword?token=');
    expect(mail?.body).not.toContain('evil.test');
  });

  it('answers with Strict-Transport-Security', async () => {
    const response = await call('/api/health');
    expect(response.headers.get('Strict-Transport-Security')).toMatch(/max-age=\d{8}/);
  });
});

describe('the daily prune', () => {
  it('deletes what has expired or been used, and keeps what is live', async () => {
    const player = await newPlayer();
    const now = Date.now();
    const day = 24 * 60 * 60 * 1000;
    await env.DB.batch([
      env.DB.prepare('INSERT INTO sessions (id, uid, created_at, expires_at) VALUES (?, ?, ?, ?)').bind(`old-${player.uid}`, player.uid, now - 40 * day, now - day),
      env.DB.prepare('INSERT INTO sessions (id, uid, created_at, expires_at, revoked_at) VALUES (?, ?, ?, ?, ?)').bind(`revoked-${player.uid}`, player.uid, now - 40 * day, now + day, now - 31 * day),
      env.DB.prepare('INSERT INTO password_resets (token_hash, uid, expires_at) VALUES (?, ?, ?)').bind(`expired-${player.uid}`, player.uid, now - 1),
      env.DB.prepare('INSERT INTO password_resets (token_hash, uid, expires_at) VALUES (?, ?, ?)').bind(`live-${player.uid}`, player.uid, now + day),
      env.DB.prepare('INSERT INTO email_verifications (token_hash, uid, expires_at, used_at) VALUES (?, ?, ?, ?)').bind(`used-${player.uid}`, player.uid, now + day, now),
      env.DB.prepare('INSERT INTO throttles (key, window_start, count) VALUES (?, ?, 1)').bind(`old:${player.uid}`, now - 2 * day),
      env.DB.prepare('INSERT INTO throttles (key, window_start, count) VALUES (?, ?, 1)').bind(`live:${player.uid}`, now),
    ]);
    await runJob('prune', env, now);
    const left = async (sql: string) => (await env.DB.prepare(sql).bind(`%${player.uid}`).all()).results.length;
    expect(await left('SELECT id FROM sessions WHERE id LIKE ?')).toBe(0);
    expect(await left("SELECT id FROM sessions WHERE uid = substr(?, 2)")).toBeGreaterThan(0);
    expect(await left('SELECT token_hash FROM password_resets WHERE token_hash LIKE ?')).toBe(1);
    expect(await left('SELECT token_hash FROM email_verifications WHERE token_hash LIKE ?')).toBe(0);
    expect(await left('SELECT key FROM throttles WHERE key LIKE ?')).toBe(1);
    // The player's own live session survived.
    expect((await call(`/api/users/${player.uid}`, { token: player.token })).status).toBe(200);
  });

  it('runs from the Cron Trigger', async () => {
    const player = await newPlayer();
    await env.DB.prepare('INSERT INTO throttles (key, window_start, count) VALUES (?, ?, 1)').bind(`cron:${player.uid}`, Date.now() - 2 * 24 * 60 * 60 * 1000).run();
    const ctx = createExecutionContext();
    await worker.scheduled(createScheduledController({ cron: '23 4 * * *', scheduledTime: Date.now() }), env, ctx);
    await waitOnExecutionContext(ctx);
    expect(await env.DB.prepare('SELECT key FROM throttles WHERE key = ?').bind(`cron:${player.uid}`).first()).toBeNull();
  });
});
