/**
 * Verifiable rolls (docs/design.md section 8.8, docs/decisions/013-verifiable-rolls.md): a seed is shown by its
 * hash before use, never revealed while in use, never used once revealed; every stored roll replays from the
 * revealed seed; the client seed is checked; parallel rotations reveal each seed exactly once.
 */
import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { API } from '../../game/api';
import { MSG } from '../../game/messages';
import { matches, seedHash } from '../../game/rules/fair';
import type { Activity, FairRoll, FairRolls, Fairness, IntentResult, Rotation } from '../../game/wire';
import { prune } from '../../worker/scheduled';
import { call, expectError, json, mintPlayer, setPlayer } from './helpers';

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

describe('the daily prune', () => {
  it('deletes rolls and revealed seeds older than 30 days and keeps the rest', async () => {
    const player = await mintPlayer();
    await scavenge(player);
    await scavenge(player);
    await json<Rotation>(await rotate(player));
    const [young, old] = await rollsOf(player);
    const day = 24 * 60 * 60 * 1000;
    const now = Date.now();
    await env.DB.batch([
      env.DB.prepare('UPDATE rolls SET created_at = ? WHERE id = ?').bind(now - 31 * day, old!.id),
      env.DB.prepare('UPDATE revealed_seeds SET revealed_at = ? WHERE uid = ?').bind(now - 29 * day, player.uid),
    ]);
    await prune(env, now);
    expect((await rollsOf(player)).map((roll) => roll.id)).toEqual([young!.id]);
    expect(await revealed(player.uid)).toHaveLength(1);
    await prune(env, now + 2 * day);
    expect(await revealed(player.uid)).toHaveLength(0);
  });
});
