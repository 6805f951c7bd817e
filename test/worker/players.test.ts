import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { MSG } from '../../game/messages';
import { call, expectError, json, mintPlayer, newPlayer, signUp, uniqueName } from './helpers';

describe('choosing a username', () => {
  it('builds the new player with the spec starting values', async () => {
    const account = await signUp();
    const name = uniqueName('Nu');
    const response = await call('/api/setUsername', { body: { username: name }, token: account.token });
    expect(response.status).toBe(201);
    expect(await json(response)).toEqual({ message: MSG.usernameSet(name) });
    const profile = await json(await call(`/api/users/${account.uid}`, { token: account.token }));
    expect(profile).toEqual({
      uid: account.uid,
      username: name,
      level: 1,
      energy: 20,
      secondsToNextEnergy: null,
      gold: 100,
      cash: 0,
      showcase: { slots: 0, itemIds: [] },
      ranking: expect.any(Number),
      totalAttack: 0,
      totalDefense: 0,
      trophyStats: { attack: 0, defense: 0 },
      inventory: [],
      duffelBag: [],
      duffelBagSize: 0,
      duffelUpgradeCost: 20,
      trophyCaseScore: 0,
      trophyCaseAvgQuality: 0,
      guild: '',
      xp: 0,
      serverTime: expect.any(Number),
    });
  });

  it('refuses names that are not 3 to 15 letters and digits', async () => {
    const account = await signUp();
    for (const username of ['ab', 'a'.repeat(16), 'has space', 'dash-name', 'ünïcode', '', 42, null]) {
      await expectError(await call('/api/setUsername', { body: { username }, token: account.token }), 400, MSG.usernameInvalid);
      await expectError(await call('/api/checkUsername', { body: { username }, token: account.token }), 400, MSG.usernameInvalid);
    }
    await expectError(await call('/api/setUsername', { body: { username: 'abc', gold: 1e9 }, token: account.token }), 400);
    expect((await json<{ user: { username: string } }>(await call('/api/auth/session', { token: account.token }))).user.username).toBe('');
  });

  it('refuses a name taken in any letter case, with the spec message', async () => {
    const taken = await newPlayer();
    const account = await signUp();
    const attempt = taken.username.toUpperCase();
    expect(await json(await call('/api/checkUsername', { body: { username: attempt }, token: account.token }))).toEqual({ exists: true });
    await expectError(await call('/api/setUsername', { body: { username: attempt }, token: account.token }), 409, MSG.usernameTaken(attempt));
    expect(await json(await call('/api/checkUsername', { body: { username: uniqueName('free') }, token: account.token }))).toEqual({ exists: false });
  });

  it('lets a player choose a username only once', async () => {
    const player = await newPlayer();
    await expectError(await call('/api/setUsername', { body: { username: uniqueName() }, token: player.token }), 409, MSG.usernameAlreadySet);
  });

  it('gives a contested name to exactly one of several simultaneous claims', async () => {
    const accounts = await Promise.all(Array.from({ length: 4 }, () => signUp()));
    const name = uniqueName('c');
    const statuses = await Promise.all(accounts.map(async (account) => (await call('/api/setUsername', { body: { username: name }, token: account.token })).status));
    expect(statuses.sort()).toEqual([201, 409, 409, 409]);
    const rows = await env.DB.prepare('SELECT count(*) AS n FROM players WHERE lower(username) = lower(?)').bind(name).first<{ n: number }>();
    expect(rows?.n).toBe(1);
  });

  it('creates one player when the same account claims two names at once (two tabs)', async () => {
    const account = await signUp();
    const statuses = await Promise.all([uniqueName('t'), uniqueName('t')].map(async (username) => (await call('/api/setUsername', { body: { username }, token: account.token })).status));
    expect(statuses.sort()).toEqual([201, 409]);
  });

  it('numbers every new player once, after the highest number, however they are inserted', async () => {
    const accounts = await Promise.all(Array.from({ length: 6 }, () => signUp()));
    const created = await Promise.all(accounts.map((account) => call('/api/setUsername', { body: { username: uniqueName('n') }, token: account.token })));
    expect(created.map((response) => response.status)).toEqual(accounts.map(() => 201));
    // Straight inserts too (the tests' and the bench's seeds): the trigger numbers them, one number each.
    const minted = await Promise.all([mintPlayer(), mintPlayer()]);
    const uids = [...accounts.map((account) => account.uid), ...minted.map((player) => player.uid)];
    const { results } = await env.DB.prepare(`SELECT num FROM players WHERE uid IN (${uids.map(() => '?').join(', ')})`)
      .bind(...uids)
      .all<{ num: number }>();
    const numbers = results.map((row) => row.num);
    expect(numbers).toHaveLength(uids.length);
    expect(numbers.every((num) => Number.isInteger(num) && num > 0)).toBe(true);
    expect(new Set(numbers).size).toBe(uids.length);
    const top = await env.DB.prepare('SELECT max(num) AS top, count(*) AS n, count(DISTINCT num) AS distinct_n FROM players').first<{ top: number; n: number; distinct_n: number }>();
    expect(top?.distinct_n).toBe(top?.n);
  });

  it('needs a signed-in account', async () => {
    await expectError(await call('/api/setUsername', { body: { username: 'abcdef' } }), 401);
    await expectError(await call('/api/checkUsername', { body: { username: 'abcdef' } }), 401);
  });

  it('keeps the reserved admin name for the admin email only, without revealing why', async () => {
    const someone = await signUp();
    expect(await json(await call('/api/checkUsername', { body: { username: 'Admin' }, token: someone.token }))).toEqual({ exists: true });
    await expectError(await call('/api/setUsername', { body: { username: 'Admin' }, token: someone.token }), 409, MSG.usernameTaken('Admin'));

    // Signing up with the admin address is not enough: whoever owns the mailbox must prove it first.
    const admin = await signUp(env.ADMIN_EMAIL);
    await expectError(await call('/api/setUsername', { body: { username: 'admin' }, token: admin.token }), 409, MSG.usernameTaken('admin'));
    // Nor can the address be parked under another name, which would keep the admin name from its owner for
    // good (names never change): not before it is proven, nor after (hardening 3, finding 3).
    const parked = MSG.adminAddressTakesAdminName(env.ADMIN_USERNAME);
    await expectError(await call('/api/setUsername', { body: { username: uniqueName('park') }, token: admin.token }), 403, parked);
    const mail = await env.DB.prepare(`SELECT body FROM dev_outbox WHERE "to" = ? AND subject LIKE 'Verify%'`).bind(env.ADMIN_EMAIL).first<{ body: string }>();
    const token = mail?.body.match(/verify\?token=([\w-]+)/)?.[1];
    expect((await call('/api/auth/verify', { body: { token } })).status).toBe(200);
    await expectError(await call('/api/setUsername', { body: { username: uniqueName('park') }, token: admin.token }), 403, parked);
    expect((await call('/api/setUsername', { body: { username: 'admin' }, token: admin.token })).status).toBe(201);
    const session = await json<{ user: { isAdmin: boolean } }>(await call('/api/auth/session', { token: admin.token }));
    expect(session.user.isAdmin).toBe(true);
    expect((await call('/api/admin', { token: admin.token })).status).toBe(200);
  });
});

describe('reading a profile', () => {
  it('is for the signed-in owner only', async () => {
    const player = await newPlayer();
    const other = await newPlayer();
    await expectError(await call(`/api/users/${other.uid}`, { token: player.token }), 403);
    await expectError(await call(`/api/users/${player.uid}`), 401);
  });

  it('needs a username first', async () => {
    const account = await signUp();
    await expectError(await call(`/api/users/${account.uid}`, { token: account.token }), 403, MSG.usernameRequired);
  });

  it('never includes an email', async () => {
    const player = await newPlayer();
    expect(await (await call(`/api/users/${player.uid}`, { token: player.token })).text()).not.toContain(player.email);
  });
});

describe('the admin area', () => {
  it('is a 404 for players who are not the admin and for visitors', async () => {
    const player = await newPlayer();
    await expectError(await call('/api/admin', { token: player.token }), 404);
    await expectError(await call('/api/admin'), 404);
  });
});
