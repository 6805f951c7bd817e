/**
 * Verifiable rolls (docs/design.md section 8.8, docs/decisions/013-verifiable-rolls.md): a seed is shown by its
 * hash before use, never revealed while in use, never used once revealed; every stored roll replays from the
 * revealed seed; the client seed is checked; parallel rotations reveal each seed exactly once.
 */
import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { API } from '../../game/api';
import { MSG } from '../../game/messages';
import { CATALOGUE } from '../../game/rules/catalogue';
import { fairScavenge, matches, seedHash } from '../../game/rules/fair';
import { utcDay } from '../../game/rules/fight';
import { zoneById } from '../../game/rules/zones';
import { SCAVENGE_ENTRY_BYTES } from '../../game/rules/roll-record';
import type { Activity, FairRoll, FairRolls, Fairness, IntentResult, Rotation } from '../../game/wire';
import { verdictOf } from '../../game/rules/fair-verdict';
import { app } from '../../worker/app';
import { runJob } from '../../worker/scheduled';
import before from '../fixtures/rolls-before-packing.json';
import { apiRequest, call, expectError, json, mintPlayer, newPlayer, setPlayer, unprotect, type CallOptions } from './helpers';

type Player = Awaited<ReturnType<typeof mintPlayer>>;

const seedsOf = async (p: Player) => json<Fairness>(await call(API.fairness.path, { token: p.token }));
const rollsOf = async (p: Player) => (await json<FairRolls>(await call(API.fairRolls.path, { token: p.token }))).rolls;
const scavenge = async (p: Player) => json<IntentResult>(await call(API.scavenge.path, { body: {}, token: p.token }));
const rotate = (p: Player) => call(API.rotateSeed.path, { body: {}, token: p.token });
const storedSeed = async (uid: string) => (await env.DB.prepare('SELECT server_seed FROM fair_seeds WHERE uid = ?').bind(uid).first<{ server_seed: string }>())!.server_seed;
const revealed = async (uid: string) =>
  (await env.DB.prepare('SELECT hash, seed, revealed_at FROM revealed_seeds WHERE uid = ?').bind(uid).all<{ hash: string; seed: string; revealed_at: number }>()).results;

/** Every roll replays from its revealed seed; a roll of a seed still in use carries no seed. */
function expectReplayed(rolls: FairRoll[]) {
  for (const roll of rolls) {
    expect(roll.revealedServerSeed, roll.id).not.toBeNull();
    expect(seedHash(roll.revealedServerSeed!)).toBe(roll.serverSeedHash);
    expect(matches({ serverSeed: roll.revealedServerSeed!, clientSeed: roll.clientSeed, nonce: roll.nonce }, roll.outcome), roll.id).toBe(true);
  }
}

describe('a player’s seeds', () => {
  it('exist from the start, shown by hash only, and every roll uses the next nonce', async () => {
    const player = await mintPlayer();
    const start = await seedsOf(player);
    expect(start).toMatchObject({ serverSeedHash: expect.stringMatching(/^[0-9a-f]{64}$/), nonce: 0 });
    const secret = await storedSeed(player.uid);
    expect(seedHash(secret)).toBe(start.serverSeedHash);

    const answers = [await scavenge(player), await scavenge(player), await scavenge(player)];
    expect((await seedsOf(player)).nonce).toBe(3);
    const rolls = await rollsOf(player);
    expect(rolls.map((roll) => roll.nonce)).toEqual([2, 1, 0]);
    for (const roll of rolls) expect(roll).toMatchObject({ serverSeedHash: start.serverSeedHash, clientSeed: start.clientSeed, revealedServerSeed: null });
    // The stored outcome is what the player was shown.
    expect(rolls.map((roll) => roll.outcome)).toEqual(
      answers.reverse().map(({ loot }) => ({ kind: 'scavenge', zone: 'streets', finds: loot.map((item) => ({ catalogId: item.catalogId, quality: item.quality })) })),
    );
    // The log links each scavenge to its roll.
    const log = await json<Activity[]>(await call(`/api/users/${player.uid}/log`, { token: player.token }));
    expect(log.filter((entry) => entry.kind === 'scavenge').map((entry) => entry.rollId)).toEqual(rolls.map((roll) => roll.id));

    // The seed in use appears in no answer the player can get.
    for (const path of [API.fairness.path, API.fairRolls.path, `/api/users/${player.uid}`, `/api/users/${player.uid}/log`, `/api/fairness/rolls/${rolls[0]!.id}`]) {
      expect(await (await call(path, { token: player.token })).text(), path).not.toContain(secret);
    }
  });

  it('rotate: the seed in use is revealed, matches the hash shown before, replays every roll, and is never used again', async () => {
    const player = await mintPlayer();
    const before = await seedsOf(player);
    await scavenge(player);
    await scavenge(player);
    const response = await rotate(player);
    expect(response.status).toBe(200);
    const rotation = await json<Rotation>(response);
    expect(rotation.revealedHash).toBe(before.serverSeedHash);
    expect(seedHash(rotation.revealedServerSeed)).toBe(before.serverSeedHash);
    const after = await seedsOf(player);
    expect(after).toEqual({ serverSeedHash: rotation.nextServerSeedHash, clientSeed: before.clientSeed, nonce: 0 });
    expect(after.serverSeedHash).not.toBe(before.serverSeedHash);

    await scavenge(player);
    const [newest, ...older] = await rollsOf(player);
    expect(newest).toMatchObject({ serverSeedHash: rotation.nextServerSeedHash, nonce: 0, revealedServerSeed: null });
    expect(older).toHaveLength(2);
    expectReplayed(older);
  });

  it('a chosen client seed is checked, changes nothing when refused, and is used by the next roll', async () => {
    const player = await mintPlayer();
    const before = await seedsOf(player);
    for (const clientSeed of ['', 'x'.repeat(65), 'with space', 'colon:seed', 'ünï', 42, null]) {
      await expectError(await call(API.setClientSeed.path, { body: { clientSeed }, token: player.token }), 400, MSG.clientSeedInvalid);
    }
    await expectError(await call(API.setClientSeed.path, { body: { clientSeed: 'ok', extra: 1 }, token: player.token }), 400);
    expect(await seedsOf(player)).toEqual(before);

    const chosen = await json<Fairness>(await call(API.setClientSeed.path, { body: { clientSeed: 'lucky-7_A' }, token: player.token }));
    expect(chosen).toEqual({ ...before, clientSeed: 'lucky-7_A' });
    await scavenge(player);
    const rotation = await json<Rotation>(await rotate(player));
    const [roll] = await rollsOf(player);
    expect(roll).toMatchObject({ clientSeed: 'lucky-7_A', nonce: 0, revealedServerSeed: rotation.revealedServerSeed });
    expectReplayed([roll!]);
  });

  it('someone else’s roll is not found; a signed-out caller is refused', async () => {
    const [alice, bob] = await Promise.all([mintPlayer(), mintPlayer()]);
    await scavenge(alice);
    const [roll] = await rollsOf(alice);
    await expectError(await call(`/api/fairness/rolls/${roll!.id}`, { token: bob.token }), 404);
    expect(await rollsOf(bob)).toEqual([]);
    await expectError(await call(API.fairness.path), 401);
    await expectError(await call(API.rotateSeed.path, { body: {} }), 401);
  });
});

describe('under a burst', () => {
  it('parallel rotations and scavenges: each seed is revealed exactly once, no nonce is used twice, no roll draws from a revealed seed', async () => {
    const player = await mintPlayer();
    await setPlayer(player.uid, { energy: 20 });
    const first = await seedsOf(player);
    const results = await Promise.all([
      ...Array.from({ length: 8 }, () => rotate(player).then(async (r) => ({ kind: 'rotate' as const, status: r.status, body: r.status === 200 ? await json<Rotation>(r) : null }))),
      ...Array.from({ length: 8 }, () => call(API.scavenge.path, { body: {}, token: player.token }).then((r) => ({ kind: 'scavenge' as const, status: r.status, body: null }))),
    ]);
    for (const result of results) expect([200, 409]).toContain(result.status);
    const rotations = results.flatMap((result) => (result.kind === 'rotate' && result.body ? [result.body] : []));
    const scavenges = results.filter((result) => result.kind === 'scavenge' && result.status === 200).length;
    expect(rotations.length).toBeGreaterThan(0);

    // Each answer revealed a different seed, and the store holds exactly those, once each.
    const reveals = await revealed(player.uid);
    expect(new Set(rotations.map((r) => r.revealedHash)).size).toBe(rotations.length);
    expect(reveals.map((r) => r.hash).sort()).toEqual(rotations.map((r) => r.revealedHash).sort());
    // The chain: every revealed hash was shown before (the first hash, or the next of another rotation).
    const shown = new Set([first.serverSeedHash, ...rotations.map((r) => r.nextServerSeedHash)]);
    for (const r of rotations) expect(shown.has(r.revealedHash)).toBe(true);
    expect(shown.has((await seedsOf(player)).serverSeedHash)).toBe(true);

    const rolls = await rollsOf(player);
    expect(rolls).toHaveLength(scavenges);
    // No two rolls share a seed and nonce; no roll was drawn after its seed's reveal.
    expect(new Set(rolls.map((roll) => `${roll.serverSeedHash}:${roll.nonce}`)).size).toBe(rolls.length);
    const revealedAt = new Map(reveals.map((r) => [r.hash, r.revealed_at]));
    for (const roll of rolls) if (revealedAt.has(roll.serverSeedHash)) expect(roll.createdAt).toBeLessThanOrEqual(revealedAt.get(roll.serverSeedHash)!);
    expectReplayed(rolls.filter((roll) => roll.revealedServerSeed !== null));
    // Under each seed the nonces run 0, 1, 2, … with no gap.
    for (const hash of new Set(rolls.map((roll) => roll.serverSeedHash))) {
      const nonces = rolls.filter((roll) => roll.serverSeedHash === hash).map((roll) => roll.nonce);
      expect(nonces.sort((a, b) => a - b)).toEqual(nonces.map((_, i) => i));
    }
  });

  it('ten parallel scavenges with energy for three spend it three times and roll three nonces', async () => {
    const player = await mintPlayer();
    await setPlayer(player.uid, { energy: 3, energy_at: Date.now() });
    const statuses = await Promise.all(Array.from({ length: 10 }, () => call(API.scavenge.path, { body: {}, token: player.token }).then((r) => r.status)));
    expect(statuses.filter((status) => status === 200)).toHaveLength(3);
    expect((await rollsOf(player)).map((roll) => roll.nonce).sort()).toEqual([0, 1, 2]);
    expect((await seedsOf(player)).nonce).toBe(3);
  });
});

describe('rolls in bytes (docs/decisions/013-verifiable-rolls.md)', () => {
  /** Each statement of the app's D1 batches with the rows it wrote, as D1's `meta` reports them. */
  async function statementsOf(path: string, options: CallOptions) {
    const written: { sql: string; rows: number }[] = [];
    const sqlOf = new WeakMap<D1PreparedStatement, string>();
    // The real binding only runs its own statement objects: each proxy remembers the one it wraps.
    const unwrapped = new WeakMap<D1PreparedStatement, D1PreparedStatement>();
    const wrap = (statement: D1PreparedStatement, sql: string): D1PreparedStatement => {
      const proxy = new Proxy(statement, {
        get: (target, prop) => {
          if (prop === 'bind') return (...values: unknown[]) => wrap(target.bind(...values), sql);
          const value: unknown = Reflect.get(target, prop, target);
          return typeof value === 'function' ? (value as (...a: unknown[]) => unknown).bind(target) : value;
        },
      });
      sqlOf.set(proxy, sql);
      unwrapped.set(proxy, statement);
      return proxy;
    };
    const wrapDb = <T extends D1Database | D1DatabaseSession>(target: T): T =>
      new Proxy(target, {
        get(db, prop) {
          if (prop === 'withSession') return (constraint?: string) => wrapDb((db as D1Database).withSession(constraint));
          if (prop === 'prepare') return (sql: string) => wrap(db.prepare(sql), sql);
          if (prop === 'batch') {
            return async (statements: D1PreparedStatement[]) => {
              const results = await db.batch(statements.map((statement) => unwrapped.get(statement) ?? statement));
              results.forEach((result, i) => written.push({ sql: sqlOf.get(statements[i]!) ?? '', rows: result.meta.rows_written }));
              return results;
            };
          }
          const value: unknown = Reflect.get(db, prop, db);
          return typeof value === 'function' ? (value as (...a: unknown[]) => unknown).bind(db) : value;
        },
      });
    const db = wrapDb(env.DB);
    const response = await app.fetch(apiRequest(path, options), { ...env, DB: db });
    expect(response.status, await response.clone().text()).toBe(200);
    return written;
  }
  const touching = (statements: { sql: string; rows: number }[], table: string) => statements.filter((s) => new RegExp(`^(insert into|update|delete from) "${table}"`).test(s.sql));

  it('a scavenge writes exactly one row for its roll, the first and every later one; nothing goes to the old tables', async () => {
    const player = await mintPlayer();
    for (let n = 0; n < 3; n += 1) {
      const statements = await statementsOf(API.scavenge.path, { body: {}, token: player.token });
      expect(touching(statements, 'scavenge_rolls').map((s) => s.rows)).toEqual([1]);
      expect(touching(statements, 'roll_days')).toEqual([]);
      expect(touching(statements, 'rolls')).toEqual([]);
    }
    // One row, the player's first (id: their number × 2^20 + 0): no day mark, a one-byte nonce map (its length, then
    // 0b111), three entries.
    const rows = await env.DB.prepare('SELECT id, first, hex(packed) AS packed FROM scavenge_rolls WHERE id / 1048576 = (SELECT num FROM players WHERE uid = ?)').bind(player.uid).all<{ id: number; first: number; packed: string }>();
    expect(rows.results).toEqual([{ id: expect.any(Number), first: 0, packed: expect.stringMatching(new RegExp(`^00000107[0-9A-F]{${6 * SCAVENGE_ENTRY_BYTES}}$`)) }]);
    expect(rows.results[0]!.id % 2 ** 20).toBe(0);
    expect((await env.DB.prepare('SELECT count(*) AS n FROM rolls WHERE uid = ?').bind(player.uid).first<{ n: number }>())!.n).toBe(0);
  });

  it('a fight keeps its roll in its entry: no rolls row, one fight_days row and one fight_inbox row written, no index', async () => {
    const [alice, bob] = await Promise.all([newPlayer(), newPlayer()]);
    await unprotect(bob);
    const statements = await statementsOf(API.fight.path, { body: { defender: bob.username }, token: alice.token });
    expect(touching(statements, 'fight_days').map((s) => s.rows)).toEqual([1]);
    expect(touching(statements, 'fight_inbox').map((s) => s.rows)).toEqual([1]);
    expect(touching(statements, 'rolls')).toEqual([]);
    expect(touching(statements, 'scavenge_rolls')).toEqual([]);
  });

  it('/fairness verifies scavenges and fights once the seed is revealed, across a client seed changed and changed back, newest first', async () => {
    const [alice, bob] = await Promise.all([newPlayer(), newPlayer()]);
    await unprotect(bob);
    await setPlayer(alice.uid, { energy: 20 });
    const first = await seedsOf(alice);
    const fight = async () => (await json<{ fight: { id: string } }>(await call(API.fight.path, { body: { defender: bob.username }, token: alice.token }))).fight.id;
    const setClientSeed = (clientSeed: string) => call(API.setClientSeed.path, { body: { clientSeed }, token: alice.token });
    await scavenge(alice);
    const fightId = await fight();
    await scavenge(alice);
    await setClientSeed('other-seed');
    await scavenge(alice);
    await setClientSeed(first.clientSeed);
    await scavenge(alice);
    const rotation = await json<Rotation>(await rotate(alice));
    await scavenge(alice);

    const rolls = await rollsOf(alice);
    expect(rolls.map((roll) => [roll.outcome.kind, roll.nonce, roll.clientSeed])).toEqual([
      ['scavenge', 0, first.clientSeed],
      ['scavenge', 4, first.clientSeed],
      ['scavenge', 3, 'other-seed'],
      ['scavenge', 2, first.clientSeed],
      ['fight', 1, first.clientSeed],
      ['scavenge', 0, first.clientSeed],
    ]);
    const [sealed, ...checkable] = rolls;
    expect(verdictOf(sealed!).kind).toBe('sealed');
    for (const roll of checkable) {
      expect(roll.revealedServerSeed).toBe(rotation.revealedServerSeed);
      expect(verdictOf(roll).kind, roll.id).toBe('verified');
    }
    // The fight's roll is the fight's id; a scavenge's is its day, seed and nonce, which the log links to.
    expect(checkable[3]!.id).toBe(fightId);
    const log = await json<Activity[]>(await call(`/api/users/${alice.uid}/log`, { token: alice.token }));
    const linked = log.filter((entry) => entry.kind === 'scavenge').map((entry) => entry.rollId!);
    expect(linked).toEqual(rolls.filter((roll) => roll.outcome.kind === 'scavenge').map((roll) => roll.id));
    for (const id of [...linked, fightId]) {
      const one = await json<FairRoll>(await call(`/api/fairness/rolls/${encodeURIComponent(id)}`, { token: alice.token }));
      expect(one).toEqual(rolls.find((roll) => roll.id === id));
    }
    // A row per run of scavenges under the same seeds: the first client seed, the other, the first again, the next server seed.
    expect((await env.DB.prepare('SELECT count(*) AS n FROM scavenge_rolls WHERE id / 1048576 = (SELECT num FROM players WHERE uid = ?)').bind(alice.uid).first<{ n: number }>())!.n).toBe(4);
    await expectError(await call(`/api/fairness/rolls/${encodeURIComponent(linked[0]!)}`, { token: bob.token }), 404);
    await expectError(await call('/api/fairness/rolls/20419.00000000.1', { token: alice.token }), 404);
  });

  it('the development fixture alters the newest packed scavenge, which then does not match', async () => {
    const player = await mintPlayer();
    await scavenge(player);
    await scavenge(player);
    await json<Rotation>(await rotate(player));
    const altered = await json<{ id: string }>(await call('/dev/fixtures/alter-roll', { body: {}, token: player.token }));
    const [newest, older] = await rollsOf(player);
    expect(altered.id).toBe(newest!.id);
    expect(verdictOf(newest!).kind).toBe('mismatch');
    expect(verdictOf(older!).kind).toBe('verified');
  });

  it('with no scavenge, the fixture alters the newest fight of two in its day’s row, which then does not match', async () => {
    const [alice, bob] = await Promise.all([newPlayer(), newPlayer()]);
    await unprotect(bob);
    await setPlayer(alice.uid, { energy: 20 });
    const fight = async () => (await json<{ fight: { id: string } }>(await call(API.fight.path, { body: { defender: bob.username }, token: alice.token }))).fight.id;
    const first = await fight();
    await setPlayer(bob.uid, { recovering_until: 0 });
    const second = await fight();
    await json<Rotation>(await rotate(alice));
    const altered = await json<{ id: string }>(await call('/dev/fixtures/alter-roll', { body: {}, token: alice.token }));
    expect(altered.id).toBe(second);
    const rolls = await rollsOf(alice);
    expect(rolls.map((roll) => [roll.id, verdictOf(roll).kind])).toEqual([
      [second, 'mismatch'],
      [first, 'verified'],
    ]);
  });

  it('scavenges packed in roll_days before migration 0030 (11-byte entries) are still served, listed, found by id, verified and pruned', async () => {
    const player = await mintPlayer();
    const now = Date.now();
    const [revealedSeed] = before.revealed;
    const day = utcDay(now) - 1;
    // Nonces 65 and 67 of block 1 in the Streets, each entry as roll_days packed it: offset and zone, rules, six
    // catalogue indexes, six qualities two a byte.
    const entries = [65, 67].map((nonce) => {
      const finds = fairScavenge({ serverSeed: revealedSeed!.seed, clientSeed: 'old-client', nonce }, zoneById('streets'));
      const qualities = [0, 2, 4].map((i) => (finds[i]!.quality << 4) | finds[i + 1]!.quality);
      return [((nonce % 64) << 2) | 0, 2, ...finds.map((find) => CATALOGUE.findIndex((item) => item.id === find.catalogId)), ...qualities];
    });
    await env.DB.batch([
      env.DB.prepare('INSERT INTO revealed_seeds (hash, uid, seed, revealed_at) VALUES (?, ?, ?, ?)').bind(revealedSeed!.hash, player.uid, revealedSeed!.seed, now - 60_000),
      env.DB.prepare("INSERT INTO roll_days (uid, day, server_seed_hash, client_seed, block, packed) VALUES (?, ?, unhex(?), 'old-client', 1, ?)").bind(player.uid, day, revealedSeed!.hash, new Uint8Array(entries.flat()).buffer),
    ]);
    await scavenge(player);
    const rolls = await rollsOf(player);
    const ids = [67, 65].map((nonce) => `${day}.${revealedSeed!.hash.slice(0, 8)}.${nonce}`);
    expect(rolls.map((roll) => roll.id)).toEqual([expect.stringMatching(/^\d+\.[0-9a-f]{8}\.0$/), ...ids]);
    for (const id of ids) {
      const roll = await json<FairRoll>(await call(`/api/fairness/rolls/${id}`, { token: player.token }));
      expect(roll).toEqual(rolls.find((listed) => listed.id === id));
      expect(verdictOf(roll).kind, id).toBe('verified');
    }
    expect(await runJob('prune', env, now + 31 * 24 * 60 * 60 * 1000)).toMatchObject({ rollDays: 1 });
  });

  it('a roll stored before packing (a real rolls row of main) is still served, listed and verified', async () => {
    const player = await mintPlayer();
    const now = Date.now();
    const [revealedSeed] = before.revealed;
    await env.DB.batch([
      env.DB.prepare('INSERT INTO revealed_seeds (hash, uid, seed, revealed_at) VALUES (?, ?, ?, ?)').bind(revealedSeed!.hash, player.uid, revealedSeed!.seed, now - 60_000),
      ...before.rolls.map((row, i) =>
        env.DB.prepare('INSERT INTO rolls (id, uid, kind, server_seed_hash, client_seed, nonce, rules, outcome, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)').bind(
          row.id,
          player.uid,
          row.kind,
          row.server_seed_hash,
          row.client_seed,
          row.nonce,
          row.rules,
          row.outcome,
          now - 120_000 + i,
        ),
      ),
    ]);
    await scavenge(player);
    const rolls = await rollsOf(player);
    expect(rolls.map((roll) => roll.id)).toEqual([expect.stringMatching(/^\d+\.[0-9a-f]{8}\.0$/), before.rolls[1]!.id, before.rolls[0]!.id]);
    for (const row of before.rolls) {
      const roll = await json<FairRoll>(await call(`/api/fairness/rolls/${row.id}`, { token: player.token }));
      expect(roll).toMatchObject({ serverSeedHash: row.server_seed_hash, nonce: row.nonce, rules: row.rules, revealedServerSeed: revealedSeed!.seed, createdAt: expect.any(Number) });
      expect(verdictOf(roll).kind, row.kind).toBe('verified');
    }
  });
});

describe('the daily prune', () => {
  it('deletes packed days and old-table rolls older than 30 days, and revealed seeds 30 days after their reveal', async () => {
    const player = await mintPlayer();
    await scavenge(player);
    await json<Rotation>(await rotate(player));
    await scavenge(player);
    const [young, old] = await rollsOf(player);
    const day = 24 * 60 * 60 * 1000;
    const now = Date.now();
    const oldStored = crypto.randomUUID();
    const youngStored = crypto.randomUUID();
    const stored = (id: string, at: number) =>
      env.DB.prepare("INSERT INTO rolls (id, uid, kind, server_seed_hash, client_seed, nonce, rules, outcome, created_at) VALUES (?, ?, 'scavenge', 'h', 'c', 0, 2, ?, ?)").bind(
        id,
        player.uid,
        before.rolls[0]!.outcome,
        at,
      );
    await env.DB.batch([
      env.DB.prepare('UPDATE scavenge_rolls SET day = day - 31 WHERE id / 1048576 = (SELECT num FROM players WHERE uid = ?) AND lower(hex(seed)) = substr(?, 1, 8)').bind(player.uid, old!.serverSeedHash),
      env.DB.prepare('UPDATE revealed_seeds SET revealed_at = ? WHERE uid = ?').bind(now - 29 * day, player.uid),
      stored(oldStored, now - 31 * day),
      stored(youngStored, now - 29 * day),
    ]);
    expect(await runJob('prune', env, now)).toMatchObject({ scavengeRolls: 1, rolls: 1, revealedSeeds: 0 });
    expect((await rollsOf(player)).map((roll) => roll.id)).toEqual([young!.id, youngStored]);
    expect(await revealed(player.uid)).toHaveLength(1);
    await runJob('prune', env, now + 2 * day);
    expect(await revealed(player.uid)).toHaveLength(0);
    expect((await rollsOf(player)).map((roll) => roll.id)).toEqual([young!.id]);
  });
});
