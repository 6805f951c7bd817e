/**
 * A rank at any board size (issue #29, docs/decisions/014-bounded-costs.md): with the Cron's marks in place a rank
 * reads a bounded number of rows and is the rule's rank (banned players left out); the profile and an intent
 * stay within their row budgets on a board of thousands; the Crons refresh the marks and trim what grows.
 */
import { createExecutionContext, createScheduledController, waitOnExecutionContext } from 'cloudflare:test';
import { env } from 'cloudflare:workers';
import { afterEach, describe, expect, it } from 'vitest';
import { rankOf } from '../../game/rules/rank';
import { app } from '../../worker/app';
import { createDb } from '../../worker/core/db/client';
import { parsePlayerCard, parseRanking, playerCardRead, RANK_MARK_EVERY, rankingRead } from '../../worker/core/ranking';
import worker from '../../worker/index';
import { DAILY_CRON } from '../../worker/core/cron';
import { runJob } from '../../worker/scheduled';
import { countingD1, newD1Count } from './d1-counter';
import { apiRequest, fightsBetween, giveItem, mintPlayer, setPlayer, storeFight } from './helpers';

/** `n` players written in one statement each for accounts and players: skewed scores, many level on both. */
async function seedBoard(n: number) {
  const prefix = `b${crypto.randomUUID().slice(0, 8)}-`;
  const seq = 'WITH RECURSIVE seq(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM seq WHERE i < ?2)';
  await env.DB.batch([
    env.DB.prepare(`${seq} INSERT INTO users (id, email, created_at) SELECT ?1 || i, ?1 || i || '@example.com', 0 FROM seq`).bind(prefix, n),
    env.DB.prepare(
      `${seq} INSERT INTO players (uid, username, level, gold, energy, energy_at, cash, duffel_bag_size, trophy_case_score,
        trophy_case_avg_quality, guild, created_at, total_attack, total_defense)
       SELECT ?1 || i, ?1 || i, 1, 100, 20, 0, 0, 0, CASE WHEN i % 3 = 0 THEN 0 ELSE (i * 7919) % 53 END, 0, '', 0, (i * 104729) % 40, (i * 1299709) % 25 FROM seq`,
    ).bind(prefix, n),
  ]);
  return prefix;
}

/** Every player not banned, as the rule ranks them. */
async function everyone() {
  const { results } = await env.DB.prepare(
    'SELECT p.uid, p.trophy_case_score, p.total_attack, p.total_defense FROM players p JOIN users u ON u.id = p.uid WHERE u.banned_at IS NULL',
  ).all<{ uid: string; trophy_case_score: number; total_attack: number; total_defense: number }>();
  return results.map((row) => ({ uid: row.uid, trophyCaseScore: row.trophy_case_score, totalAttack: row.total_attack, totalDefense: row.total_defense }));
}

async function rankRead(uid: string) {
  const count = newD1Count();
  const db = createDb(countingD1(env.DB, count));
  const [ranking] = await db.batch([rankingRead(db, uid)]);
  return { rank: parseRanking(ranking), rowsRead: count.rowsRead };
}

const runCron = async (cron: string) => {
  const ctx = createExecutionContext();
  await worker.scheduled(createScheduledController({ cron, scheduledTime: Date.now() }), env, ctx);
  await waitOnExecutionContext(ctx);
};

// Marks left behind would make later tests' ranks come from a board they did not build.
afterEach(async () => {
  await env.DB.prepare('DELETE FROM rank_marks').run();
});

describe('a rank with the marks', () => {
  it('is the rule’s rank for every player, banned players left out, and the player card agrees', async () => {
    const prefix = await seedBoard(400);
    await env.DB.prepare("UPDATE users SET banned_at = 1 WHERE id IN (?1 || 7, ?1 || 50, ?1 || 333)").bind(prefix).run();
    await runCron('*/5 * * * *');
    expect((await env.DB.prepare('SELECT count(*) AS n FROM rank_marks').first<{ n: number }>())!.n).toBeGreaterThan(10);
    const board = await everyone();
    const db = createDb(env.DB);
    for (const player of board.filter((_, index) => index % 7 === 0)) {
      const expected = rankOf(player, board);
      expect((await rankRead(player.uid)).rank, player.uid).toBe(expected);
      const [card] = await db.batch([playerCardRead(db, player.uid)]);
      expect(parsePlayerCard(card, { showcase: [], medals: [], ribbons: [] })?.rank, player.uid).toBe(expected);
    }
  });

  it('reads a bounded number of rows: the last player of 3,000 reads thousands without marks and a few dozen with', async () => {
    await seedBoard(3_000);
    // A new player, at the bottom: the most players ahead.
    const last = (await mintPlayer()).uid;
    const without = await rankRead(last);
    expect(without.rowsRead).toBeGreaterThan(1_500);
    await runJob('rank marks', env);
    const withMarks = await rankRead(last);
    expect(withMarks.rank).toBe(without.rank);
    expect(withMarks.rowsRead).toBeLessThanOrEqual(2 * RANK_MARK_EVERY + 10);
    // And one near the top of the thousand level on score 0, above most of them on power.
    const strong = await mintPlayer();
    await setPlayer(strong.uid, { total_attack: 39, total_defense: 22 });
    await runJob('rank marks', env);
    const board = await everyone();
    const read = await rankRead(strong.uid);
    expect(read.rank).toBe(rankOf(board.find((player) => player.uid === strong.uid)!, board));
    expect(read.rowsRead).toBeLessThanOrEqual(2 * RANK_MARK_EVERY + 10);
  });

  it('keeps a profile read under 100 rows and an intent under 200 on a board of 3,000', async () => {
    await seedBoard(3_000);
    const player = await mintPlayer();
    for (let n = 0; n < 12; n += 1) await giveItem(player.uid, { location: 'trophy', researched: true, quality: 5 });
    for (let n = 0; n < 6; n += 1) await giveItem(player.uid, { researched: true });
    await runJob('rank marks', env);
    const counted = async (path: string, body?: object) => {
      const count = newD1Count();
      const response = await app.fetch(apiRequest(path, { token: player.token, body }), { ...env, DB: countingD1(env.DB, count) });
      expect(response.status, await response.clone().text()).toBe(200);
      return count;
    };
    const profile = await counted(`/api/users/${player.uid}`);
    expect(profile.rowsRead).toBeLessThanOrEqual(100);
    await setPlayer(player.uid, { energy: 20 });
    const scavenge = await counted('/api/scavenge', {});
    expect(scavenge.rowsRead).toBeLessThanOrEqual(200);
  });
});

describe('the Crons', () => {
  it('the rank refresh writes only the marks that moved', async () => {
    await seedBoard(200);
    const first = await runJob('rank marks', env);
    expect(first.marksWritten).toBeGreaterThan(0);
    expect(await runJob('rank marks', env)).toEqual({ marksWritten: 0, marksRemoved: 0 });
  });

  it('the daily prune keeps 30 days of fights', async () => {
    const [player, rival] = await Promise.all([mintPlayer(), mintPlayer()]);
    const now = Date.now();
    const day = 24 * 60 * 60 * 1000;
    await storeFight(player.uid, rival.uid, now - 31 * day, { nonce: 1 });
    await storeFight(player.uid, rival.uid, now - 29 * day, { nonce: 2 });
    await runCron(DAILY_CRON);
    // Both sides' rows go by the day: the attacker's entries and the defender's inbox.
    expect((await fightsBetween({ attacker: player.uid })).map((fight) => fight.nonce)).toEqual([2]);
    const inbox = await env.DB.prepare('SELECT day FROM fight_inbox WHERE num = (SELECT num FROM players WHERE uid = ?)').bind(rival.uid).all<{ day: number }>();
    expect(inbox.results).toEqual([{ day: Math.floor((now - 29 * day) / day) }]);
  });
});
