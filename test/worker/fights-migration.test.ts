/**
 * Migration 0029 (fights in bytes), run on rows shaped as before it: every stored fight becomes an entry that the
 * arena lists to both players as it was, a fight's roll still verifies on /fairness (from its row, or from `rolls`
 * for fights from before rolls in bytes), a fight with no roll says so, and the attacker's log links to the new id.
 * In a file of its own: it puts the old `fights` table back in this file's database.
 */
import { bytesToHex, hexToBytes } from '@noble/hashes/utils.js';
import { env } from 'cloudflare:workers';
import { expect, it } from 'vitest';
import { API } from '../../game/api';
import { fairFight, seedHash } from '../../game/rules/fair';
import { verdictOf } from '../../game/rules/fair-verdict';
import type { Activity, FairRoll, Fight, FightRound } from '../../game/wire';
import { call, json, newPlayer } from './helpers';
import { DAY_MS } from '../../game/time';


/** Rounds as `fights.rounds` packed them before 0029: the starting HP, then each strike's side and damage. */
const packRoundsAsBefore = (rounds: FightRound[]) =>
  `${rounds[0] ? (rounds[0].by === 'attacker' ? rounds[0].attackerHp : rounds[0].defenderHp) : 0}:${rounds.map((round) => `${round.by[0]}${round.damage}`).join('')}`;

it('converts every stored fight, both sides, rolls and log links included', async () => {
  const [alice, bob, carol] = await Promise.all([newPlayer(), newPlayer(), newPlayer()]);
  const serverSeed = bytesToHex(crypto.getRandomValues(new Uint8Array(32)));
  const hash = seedHash(serverSeed);
  const day = Math.floor(Date.now() / DAY_MS) - 1;
  const at = (ms: number) => day * DAY_MS + ms;
  const stats = { a: { attack: 40, defense: 10 }, d: { attack: 12, defense: 30 } };
  const drawn = (nonce: number) => fairFight({ serverSeed, clientSeed: 'c0ffee00', nonce }, stats.a, stats.d);
  // Rolls in bytes: seeds on the row (a client seed of hex digits, which the new row keeps as bytes), rounds packed as text. Before: JSON rounds and the roll in `rolls`. Before
  // verifiable rolls: neither.
  const [packed, json1, legacy, unrolled] = [drawn(3), drawn(5), drawn(1), drawn(9)];
  await env.DB.batch([
    env.DB.prepare('DROP TABLE fight_days'),
    env.DB.prepare('DROP TABLE fight_inbox'),
    env.DB.prepare(
      `CREATE TABLE fights (id text PRIMARY KEY NOT NULL, attacker_uid text NOT NULL, defender_uid text NOT NULL, attacker text NOT NULL, defender text NOT NULL,
        attacker_stats text NOT NULL, defender_stats text NOT NULL, winner text NOT NULL, rounds text NOT NULL, gold_taken integer NOT NULL, rating_change integer NOT NULL,
        attacker_xp integer NOT NULL, defender_xp integer NOT NULL, rematch integer DEFAULT false NOT NULL, created_at integer NOT NULL, server_seed_hash blob,
        client_seed text, nonce integer, rules integer) WITHOUT ROWID`,
    ),
  ]);
  const fight = (id: string, attacker: typeof alice, defender: typeof alice, result: ReturnType<typeof drawn>, rounds: string, createdAt: number, roll: [Uint8Array, string, number, number] | [null, null, null, null], rematch = 0) =>
    env.DB.prepare(
      `INSERT INTO fights VALUES (?, ?, ?, ?, ?, '[40,10]', '[12,30]', ?, ?, 7, -12, 5, 2, ?, ?, ?, ?, ?, ?)`,
    ).bind(id, attacker.uid, defender.uid, attacker.username, defender.username, result.winner, rounds, rematch, createdAt, ...roll);
  await env.DB.batch([
    fight('f-packed', alice, bob, packed, packRoundsAsBefore(packed.rounds), at(5_000_000), [hexToBytes(hash), 'c0ffee00', 3, 2]),
    fight('f-json', alice, carol, json1, JSON.stringify(json1.rounds), at(6_000_000), [hexToBytes(hash), 'c0ffee00', 5, 2], 1),
    fight('f-legacy', alice, bob, legacy, JSON.stringify(legacy.rounds), at(1_000_000), [null, null, null, null]),
    fight('f-unrolled', bob, alice, unrolled, JSON.stringify(unrolled.rounds), at(2_000_000), [null, null, null, null]),
    env.DB.prepare(`INSERT INTO rolls (id, uid, kind, server_seed_hash, client_seed, nonce, rules, outcome, created_at) VALUES ('f-legacy', ?, 'fight', ?, 'c0ffee00', 1, 2, '{}', ?)`).bind(
      alice.uid,
      hash,
      at(1_000_000),
    ),
    // A log line of the fight (the log as it is now: 0029's update of it reads and writes only `roll_id`).
    env.DB.prepare(`INSERT INTO activity (num, slot, id, kind, text, roll_id, created_at) SELECT num, 0, 1000, 'fight', 'Attacked.', 'f-packed', ? FROM players WHERE uid = ?`).bind(
      at(5_000_000),
      alice.uid,
    ),
    env.DB.prepare('INSERT INTO revealed_seeds (hash, uid, seed, revealed_at) VALUES (?, ?, ?, ?)').bind(hash, alice.uid, serverSeed, Date.now()),
  ]);

  const migration = env.TEST_MIGRATIONS.find((entry) => entry.name.startsWith('0029_'))!;
  for (const query of migration.queries) await env.DB.prepare(query).run();

  const listOf = async (p: typeof alice) => json<Fight[]>(await call(API.fights.path, { token: p.token }));
  const [aliceList, bobList, carolList] = await Promise.all([listOf(alice), listOf(bob), listOf(carol)]);
  expect(aliceList.map((f) => [f.attacker, f.defender, f.createdAt, f.xp, f.rematch])).toEqual([
    [alice.username, carol.username, at(6_000_000), 5, true],
    [alice.username, bob.username, at(5_000_000), 5, false],
    [bob.username, alice.username, at(2_000_000), 2, false],
    [alice.username, bob.username, at(1_000_000), 5, false],
  ]);
  expect(aliceList.map((f) => f.rounds)).toEqual([json1.rounds, packed.rounds, unrolled.rounds, legacy.rounds]);
  expect(aliceList[0]).toMatchObject({ goldTaken: 7, ratingChange: -12, winner: json1.winner === 'attacker' ? alice.username : carol.username });
  expect(bobList.map((f) => f.createdAt)).toEqual([at(5_000_000), at(2_000_000), at(1_000_000)]);
  expect(carolList.map((f) => [f.attacker, f.xp])).toEqual([[alice.username, 2]]);

  // Each roll verifies under the fight's new id, the one from `rolls` too (which leaves that table).
  for (const listed of [aliceList[0]!, aliceList[1]!, aliceList[3]!]) {
    const roll = await json<FairRoll>(await call(`/api/fairness/rolls/${listed.id}`, { token: alice.token }));
    expect(roll.serverSeedHash).toBe(hash);
    expect(verdictOf(roll).kind, listed.id).toBe('verified');
  }
  expect((await env.DB.prepare("SELECT count(*) AS n FROM rolls WHERE id = 'f-legacy'").first<{ n: number }>())!.n).toBe(0);
  // A fight drawn before rolls were verifiable is shown in the arena, and has no roll to check.
  expect((await call(`/api/fairness/rolls/${aliceList[2]!.id}`, { token: bob.token })).status).toBe(404);
  const log = await json<Activity[]>(await call(`/api/users/${alice.uid}/log`, { token: alice.token }));
  expect(log.find((entry) => entry.text === 'Attacked.')?.rollId).toBe(aliceList[1]!.id);
  expect((await env.DB.prepare("SELECT name FROM sqlite_master WHERE name LIKE 'fights%'").all()).results).toEqual([]);
});
