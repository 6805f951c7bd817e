/**
 * Migration 0019's data statement (docs/decisions/008-arena-and-levels.md, issue #41): players who chose their name
 * less than 72 h ago and have attacked nobody are protected until 72 h after it; players past their first attack,
 * and older ones, are not. Run again here on players written as they stood before it; in a file of its own, since
 * it protects every new player in this file's database.
 */
import { env } from 'cloudflare:workers';
import { expect, it } from 'vitest';
import { NEW_PLAYER_PROTECTION_MS } from '../../game/rules';

const HOUR_MS = 60 * 60 * 1000;

async function playerCreated(createdAt: number) {
  const uid = crypto.randomUUID();
  await env.DB.batch([
    env.DB.prepare('INSERT INTO users (id, email, created_at) VALUES (?, ?, ?)').bind(uid, `${uid}@example.com`, createdAt),
    env.DB.prepare(
      `INSERT INTO players (uid, username, level, gold, energy, energy_at, cash, duffel_bag_size, trophy_case_score, trophy_case_avg_quality, guild, created_at)
        VALUES (?, ?, 1, 100, 20, ?, 0, 0, 0, 0, '', ?)`,
    ).bind(uid, `m${uid.slice(0, 12)}`, createdAt, createdAt),
  ]);
  return uid;
}

const fight = (attacker: string, defender: string) =>
  env.DB.prepare(
    `INSERT INTO fights (id, attacker_uid, defender_uid, attacker, defender, attacker_stats, defender_stats, winner, rounds, gold_taken,
      rating_change, attacker_xp, defender_xp, created_at) VALUES (?, ?, ?, 'a', 'd', '[0,0]', '[0,0]', 'attacker', '[]', 0, 0, 0, 0, ?)`,
  ).bind(crypto.randomUUID(), attacker, defender, Date.now() - HOUR_MS);

it('protects the new players who have not attacked, until 72 h after they chose their name', async () => {
  // The statement reads `fights` as it stood then (migrations/0029 packed it into fight_days): that table, for this file.
  await env.DB.prepare(
    `CREATE TABLE fights (id text PRIMARY KEY, attacker_uid text, defender_uid text, attacker text, defender text, attacker_stats text, defender_stats text,
      winner text, rounds text, gold_taken integer, rating_change integer, attacker_xp integer, defender_xp integer, created_at integer)`,
  ).run();
  const now = Date.now();
  const [fresh, attacked, attacker, old] = await Promise.all([
    playerCreated(now - 2 * HOUR_MS),
    playerCreated(now - 3 * HOUR_MS),
    playerCreated(now - 4 * HOUR_MS),
    playerCreated(now - NEW_PLAYER_PROTECTION_MS - HOUR_MS),
  ]);
  // `attacker` attacked `attacked`: the first is past their first attack; being attacked protects the second all the same.
  await fight(attacker, attacked).run();
  const migration = env.TEST_MIGRATIONS.find((entry) => entry.name.startsWith('0019_'));
  const statement = migration?.queries.at(-1);
  expect(statement).toMatch(/-- New-player protection[\s\S]*UPDATE `players` SET `protected_until`/);
  await env.DB.prepare(statement!).run();
  const { results } = await env.DB.prepare('SELECT uid, created_at, protected_until FROM players').all<{ uid: string; created_at: number; protected_until: number }>();
  const protection = new Map(results.map((row) => [row.uid, row.protected_until - (row.protected_until && row.created_at)]));
  expect(Object.fromEntries([fresh, attacked, attacker, old].map((uid) => [uid, protection.get(uid)]))).toEqual({
    [fresh]: NEW_PLAYER_PROTECTION_MS,
    [attacked]: NEW_PLAYER_PROTECTION_MS,
    [attacker]: 0,
    [old]: 0,
  });
});
