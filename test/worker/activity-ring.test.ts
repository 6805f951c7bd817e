/**
 * The log as a ring (worker/core/db/schema.ts `activity`, migrations/0031_activity_ring.sql): a player's lines take
 * their numbers from `players.log_seq`, which the claim moves on, and each overwrites the line LOG_LINES before it.
 */
import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { LOG_LINES } from '../../worker/core/db/schema';
import { call, json, migrationStatement, newPlayer } from './helpers';

interface Line {
  id: number;
  kind: string;
  text: string;
}

const logOf = async (player: { uid: string; token: string }) => json<Line[]>(await call(`/api/users/${player.uid}/log`, { token: player.token }));
const rowsOf = async (uid: string) =>
  (await env.DB.prepare('SELECT count(*) AS n FROM activity WHERE num = (SELECT num FROM players WHERE uid = ?)').bind(uid).first<{ n: number }>())!.n;

describe('the log (a ring of LOG_LINES lines a player)', () => {
  it('overwrites the oldest line once full, and shows the newest LOG_LINES, newest first', async () => {
    const player = await newPlayer();
    // A full ring: lines 1 … LOG_LINES, as a player who has played a while has them.
    await env.DB.prepare(
      `WITH RECURSIVE seq(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM seq WHERE i < ${LOG_LINES})
        INSERT INTO activity (num, slot, id, kind, text, created_at) SELECT p.num, i % ${LOG_LINES}, i, 'scavenge', 'old ' || i, 0 FROM players p JOIN seq WHERE p.uid = ?
        ON CONFLICT (num, slot) DO UPDATE SET id = excluded.id, text = excluded.text`,
    )
      .bind(player.uid)
      .run();
    await env.DB.prepare('UPDATE players SET log_seq = ? WHERE uid = ?').bind(LOG_LINES, player.uid).run();
    for (let i = 0; i < 3; i += 1) expect((await call('/api/scavenge', { body: {}, token: player.token })).status).toBe(200);
    const log = await logOf(player);
    expect(log).toHaveLength(LOG_LINES);
    expect(log.map((line) => line.id)).toEqual(Array.from({ length: LOG_LINES }, (_, i) => LOG_LINES + 3 - i));
    expect(log.slice(0, 3).every((line) => line.kind === 'scavenge' && line.text.startsWith('Scavenged'))).toBe(true);
    expect(log.at(-1)!.text).toBe('old 4');
    expect(await rowsOf(player.uid)).toBe(LOG_LINES);
  });

  it('gives every line of a burst its own number: two tabs never share or lose one', async () => {
    const player = await newPlayer();
    const statuses = await Promise.all(Array.from({ length: 6 }, async () => (await call('/api/scavenge', { body: {}, token: player.token })).status));
    const done = statuses.filter((status) => status === 200).length;
    expect(done).toBeGreaterThan(0);
    const log = await logOf(player);
    // The player's first line is their username's (1); each scavenge that went through logged the next.
    expect(log.map((line) => line.id)).toEqual(Array.from({ length: log.length }, (_, i) => log.length - i));
    const { logSeq } = (await env.DB.prepare('SELECT log_seq AS logSeq FROM players WHERE uid = ?').bind(player.uid).first<{ logSeq: number }>())!;
    expect(logSeq).toBe(log.length);
    expect(log.filter((line) => line.kind === 'scavenge')).toHaveLength(done);
  });
});

describe('migration 0031 (its data statements, run on rows shaped as before it)', () => {
  const statement = (prefix: string, renames: Record<string, string>) => migrationStatement('0031_', prefix, renames);

  it("moves each player's newest 50 lines into their slots and numbers the next line after the last", async () => {
    const [long, short] = [await newPlayer(), await newPlayer()];
    await env.DB.batch([
      env.DB.prepare('CREATE TABLE activity_before (uid text NOT NULL, id integer NOT NULL, kind text NOT NULL, text text NOT NULL, roll_id text, created_at integer NOT NULL, PRIMARY KEY (uid, id)) WITHOUT ROWID'),
      env.DB.prepare('CREATE TABLE activity_after AS SELECT * FROM activity WHERE 0'),
      env.DB.prepare("WITH RECURSIVE seq(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM seq WHERE i < 70) INSERT INTO activity_before SELECT ?, i, 'scavenge', 'line ' || i, 'r' || i, i FROM seq").bind(long.uid),
      env.DB.prepare("INSERT INTO activity_before VALUES (?, 1, 'trophy', 'only', NULL, 5)").bind(short.uid),
    ]);
    const rename = { activity: 'activity_before', activity_ring: 'activity_after' };
    await env.DB.prepare(statement('UPDATE `players` SET `log_seq`', rename)).run();
    await env.DB.prepare(statement('INSERT INTO `activity_ring`', rename)).run();
    const rows = async (uid: string) =>
      (await env.DB.prepare('SELECT a.slot, a.id, a.text, a.roll_id AS rollId FROM activity_after a JOIN players p ON p.num = a.num WHERE p.uid = ? ORDER BY a.id').bind(uid).all()).results;
    const seq = async (uid: string) => (await env.DB.prepare('SELECT log_seq AS n FROM players WHERE uid = ?').bind(uid).first<{ n: number }>())!.n;
    const moved = await rows(long.uid);
    expect(moved).toHaveLength(50);
    expect(moved[0]).toEqual({ slot: 21 % 50, id: 21, text: 'line 21', rollId: 'r21' });
    expect(moved.at(-1)).toEqual({ slot: 70 % 50, id: 70, text: 'line 70', rollId: 'r70' });
    expect(new Set(moved.map((row) => row.slot)).size).toBe(50);
    expect(await rows(short.uid)).toEqual([{ slot: 1, id: 1, text: 'only', rollId: null }]);
    expect([await seq(long.uid), await seq(short.uid)]).toEqual([70, 1]);
    await env.DB.batch([env.DB.prepare('DROP TABLE activity_before'), env.DB.prepare('DROP TABLE activity_after')]);
  });
});
