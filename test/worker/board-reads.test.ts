/**
 * What each board costs to read, as D1 bills it (issue #42): the all-time, season, league and guild boards each
 * read at most BOARD_ROWS_READ rows whatever the number of players, from the `meta` of the reader's one batch.
 * Seeded in bulk with SQL (a few thousand players with trophies, guilds, season points and a league), after the
 * rank Cron has run, with the reader in the middle of every board, where a count that walks rows costs most.
 */
import { env } from 'cloudflare:workers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { GuildSummary, League, Leaderboard, SeasonBoard } from '../../game/wire';
import { seasonBounds } from '../../game/rules/season';
import { weekBounds } from '../../game/rules/league';
import { app } from '../../worker/app';
import { runJob } from '../../worker/scheduled';
import { countingD1, newD1Count } from './d1-counter';
import { apiRequest, mintSession } from './helpers';

const BOARD_ROWS_READ = 100;
/**
 * The league board also looks up each tier's two newest leagues of the week, which decide the table the reader's
 * league settles in (docs/design.md section 9.5): a few index rows more, and the members of at most 13 leagues
 * when the tables are merged (here there is one league).
 */
const LEAGUE_ROWS_READ = 120;
const PLAYERS = 3000;
const GUILD_SIZE = 20;

const SEQ = (n: number) => `WITH RECURSIVE seq(i) AS (SELECT 0 UNION ALL SELECT i + 1 FROM seq WHERE i < ${n - 1})`;

/** Players b0 … b2999 with skewed scores (60 % without a trophy), trophies, guilds, season points and one league. */
async function seed(now: number) {
  const { season } = seasonBounds(now);
  const { week } = weekBounds(now);
  const statements = [
    `${SEQ(PLAYERS)} INSERT INTO users (id, email, created_at) SELECT 'b' || i, 'b' || i || '@boards.test', ${now} FROM seq`,
    `${SEQ(PLAYERS)} INSERT INTO players (uid, username, level, gold, energy, energy_at, cash, duffel_bag_size, trophy_case_score,
        trophy_case_avg_quality, total_attack, total_defense, guild, created_at)
      SELECT 'b' || i, 'board' || i, 1 + i % 40, 100, 20, ${now}, 0, 0, CASE WHEN i % 10 < 6 THEN 0 ELSE (i * 7919) % 5000 END, 5,
        (i * 31) % 250, (i * 17) % 150, 'Guild ' || (i / ${GUILD_SIZE}), ${now} FROM seq`,
    `INSERT INTO fair_seeds (uid, server_seed, client_seed) SELECT uid, lower(hex(randomblob(32))), 'boards' FROM players`,
    `${SEQ(PLAYERS / GUILD_SIZE)} INSERT INTO guilds (id, name, tag, open, created_at) SELECT 'g' || i, 'Guild ' || i, 'G' || i, 1, ${now} FROM seq`,
    `INSERT INTO guild_members (uid, guild_id, role, joined_at)
      SELECT uid, 'g' || (CAST(substr(uid, 2) AS INTEGER) / ${GUILD_SIZE}), CASE WHEN CAST(substr(uid, 2) AS INTEGER) % ${GUILD_SIZE} = 0 THEN 'leader' ELSE 'member' END, ${now} FROM players`,
    // 1 to 20 trophies each for the players who score, counted on the player as the trophy intent counts them.
    `${SEQ(20)} INSERT INTO items (id, uid, catalog_id, quality, location, research_ms, created_at, trophy_at)
      SELECT p.uid || '-t' || seq.i, p.uid, 'feather', 5, 'trophy', 0, ${now}, ${now} FROM players p JOIN seq ON seq.i < 1 + (CAST(substr(p.uid, 2) AS INTEGER) % 20)
      WHERE p.trophy_case_score > 0`,
    `UPDATE players SET trophies = (SELECT count(*) FROM items WHERE items.uid = players.uid AND location = 'trophy')`,
    // Ten points values among 1,200 players: ties of about 120, wider than the board, which its order breaks by name.
    `INSERT INTO season_scores (season, uid, points, trophies, name, username, level) SELECT '${season}', uid, trophy_case_score / 500 + 1, 3, lower(username), username, level FROM players WHERE trophy_case_score > 0`,
    `INSERT INTO guild_season_scores (season, guild_id, uid, points) SELECT '${season}', m.guild_id, s.uid, s.points FROM season_scores s JOIN guild_members m ON m.uid = s.uid`,
    // One full league this week: the reader (b1507) and 29 others.
    `INSERT INTO leagues (id, week, tier) VALUES (1, '${week}', 0)`,
    `INSERT INTO league_members (week, uid, tier, league_id, points, joined_at)
      SELECT '${week}', uid, 0, 1, trophy_case_score / 100, ${now} FROM players WHERE CAST(substr(uid, 2) AS INTEGER) BETWEEN 1490 AND 1519`,
    // One player in 97 banned, as the admin bans: on no board, and not counted in anyone's rank.
    `UPDATE users SET banned_at = ${now} WHERE CAST(substr(id, 2) AS INTEGER) % 97 = 5 OR id = 'b1511'`,
  ];
  for (const statement of statements) await env.DB.prepare(statement).run();
}

const first = <T>(sql: string, ...values: unknown[]) => env.DB.prepare(sql).bind(...values).first<T>();

async function read<T>(path: string, token: string) {
  const count = newD1Count();
  const response = await app.fetch(apiRequest(path, { token }), { ...env, DB: countingD1(env.DB, count) });
  expect(response.status, await response.clone().text()).toBe(200);
  return { rows: count.rowsRead, perStatement: count.perStatement, body: (await response.json()) as T };
}

const READER = 'b1507';

describe('board reads (D1 meta)', () => {
  let token = '';
  const measured: Record<string, { rows: number; perStatement: [number, number][] }> = {};
  beforeAll(async () => {
    const now = Date.now();
    await seed(now);
    // The Crons' refreshes, as every 5 minutes: after them each board reads what it shows and a few rows more.
    await runJob('rank marks', env);
    await runJob('season marks', env, now);
    await runJob('guild board', env);
    // The reader is in the middle of every board, where a count that walks rows costs most.
    token = await mintSession(READER);
  });
  afterAll(() => console.info(`board rows read: ${JSON.stringify(measured)}`));

  it('the all-time board: the top 50 with their trophies, and the reader\'s rank', async () => {
    const { rows, perStatement, body } = await read<Leaderboard>('/api/leaderboard?board=alltime', token);
    measured.alltime = { rows, perStatement };
    expect(body.top).toHaveLength(50);
    const trophies = await first<{ n: number }>("SELECT count(*) AS n FROM items i JOIN players p ON p.uid = i.uid WHERE p.username = ? AND i.location = 'trophy'", body.top[0]!.username);
    expect(body.top[0]!.trophies).toBe(trophies!.n);
    const ahead = await first<{ n: number }>(
      `SELECT count(*) AS n FROM players p JOIN users u ON u.id = p.uid, players me WHERE me.uid = ? AND u.banned_at IS NULL
        AND (p.trophy_case_score, p.total_attack + p.total_defense) > (me.trophy_case_score, me.total_attack + me.total_defense)`,
      READER,
    );
    expect(body.me.rank).toBe(1 + ahead!.n);
    expect(rows).toBeLessThanOrEqual(BOARD_ROWS_READ);
  });

  it("the season board: the top 50 and the reader's rank", async () => {
    const { rows, perStatement, body } = await read<SeasonBoard>('/api/leaderboard?board=season', token);
    measured.season = { rows, perStatement };
    expect(body.top).toHaveLength(50);
    const ahead = await first<{ n: number }>(
      `SELECT count(*) AS n FROM season_scores s JOIN users u ON u.id = s.uid WHERE u.banned_at IS NULL AND s.season = ?1
        AND s.points > (SELECT points FROM season_scores WHERE season = ?1 AND uid = ?2)`,
      body.season,
      READER,
    );
    expect(body.me.rank).toBe(1 + ahead!.n);
    // The names and levels shown are the players' own, though the board reads no player row.
    const shown = await env.DB.prepare(`SELECT username, level FROM players WHERE username IN (${body.top.map(() => '?').join(', ')})`)
      .bind(...body.top.map((row) => row.username))
      .all<{ username: string; level: number }>();
    expect(new Map(shown.results.map((row) => [row.username, row.level]))).toEqual(new Map(body.top.map((row) => [row.username, row.level])));
    expect(rows).toBeLessThanOrEqual(BOARD_ROWS_READ);
  });

  it('the league board: the 30 members but the banned', async () => {
    const { rows, perStatement, body } = await read<League>('/api/league', token);
    measured.league = { rows, perStatement };
    const banned = await first<{ n: number }>('SELECT count(*) AS n FROM league_members m JOIN users u ON u.id = m.uid WHERE u.banned_at IS NOT NULL');
    expect(banned!.n).toBeGreaterThan(0);
    expect(body.members).toHaveLength(30 - banned!.n);
    expect(body.table).toMatchObject({ leagues: 1, scored: 30 - banned!.n });
    expect(rows).toBeLessThanOrEqual(LEAGUE_ROWS_READ);
  });

  it("the guild board: the best 50 guilds as their members' scores sum", async () => {
    const { rows, perStatement, body } = await read<GuildSummary[]>('/api/guilds', token);
    measured.guilds = { rows, perStatement };
    const best = await env.DB.prepare(
      `SELECT m.guild_id AS id, sum(CASE WHEN u.banned_at IS NULL THEN p.trophy_case_score ELSE 0 END) AS score, count(*) AS members
        FROM guild_members m JOIN players p ON p.uid = m.uid JOIN users u ON u.id = p.uid GROUP BY m.guild_id ORDER BY score DESC, m.guild_id LIMIT 50`,
    ).all<{ id: string; score: number; members: number }>();
    expect(body.map(({ score, members }) => ({ score, members }))).toEqual(best.results.map(({ score, members }) => ({ score, members })));
    expect(rows).toBeLessThanOrEqual(BOARD_ROWS_READ);
  });
});
