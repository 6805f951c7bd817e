/**
 * Seasons (docs/design.md section 8.4, docs/decisions/017-seasons.md): the score a trophy adds to the commit's
 * season in the trophy intent's own batch, the guild ledger, the board, and the payout on the 1st that pays once.
 */
import { env } from 'cloudflare:workers';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { API } from '../../game/api';
import { XP, xpForLevel } from '../../game/rules/level';
import { tierPoints } from '../../game/rules/rarity';
import { lastRankWithin, previousSeason, SEASON_PRIZES, seasonBounds, seasonMedal, seasonOf, seasonPoints, seasonPrize } from '../../game/rules/season';
import type { Leaderboard, PlayerCard, Profile, SeasonBoard } from '../../game/wire';
import { createDb } from '../../worker/core/db/client';
import { payoutSeason, seasonScoreHook } from '../../worker/features/seasons';
import { runJob } from '../../worker/scheduled';
import { call, giveItem, json, newPlayer, setPlayer, uniqueName } from './helpers';
import { DAY_MS } from '../../game/time';
import { oneDatabase } from '../../worker/core/stores';

type Player = Awaited<ReturnType<typeof newPlayer>>;

const NOV_END = Date.UTC(2026, 10, 30, 23, 59, 59, 999);

async function seasonBoard(player: Player) {
  const response = await call('/api/leaderboard?board=season', { token: player.token });
  expect(response.status).toBe(200);
  return API.leaderboard.response.parse(await response.json()) as SeasonBoard;
}

async function addTrophy(player: Player, itemId: string) {
  const response = await call('/api/trophycase', { body: { itemId }, token: player.token });
  expect(response.status, await response.clone().text()).toBe(200);
}

const cashOf = async (uid: string) => (await env.DB.prepare('SELECT cash FROM players WHERE uid = ?').bind(uid).first<{ cash: number }>())!.cash;
const seasonRow = (season: string, uid: string) =>
  env.DB.prepare('SELECT points, trophies FROM season_scores WHERE season = ? AND uid = ?').bind(season, uid).first<{ points: number; trophies: number }>();
const putScore = (season: string, uid: string, points: number, trophies = 1) =>
  env.DB.prepare('INSERT OR REPLACE INTO season_scores (season, uid, points, trophies) VALUES (?, ?, ?, ?)').bind(season, uid, points, trophies).run();
const ban = (uid: string) => env.DB.prepare('UPDATE users SET banned_at = ? WHERE id = ?').bind(Date.now(), uid).run();

describe('the rules', () => {
  it('a season is the UTC month of the commit: 23:59:59.999 on the 30th is November, a millisecond later December', () => {
    expect(seasonOf(NOV_END)).toBe('2026-11');
    expect(seasonOf(NOV_END + 1)).toBe('2026-12');
    expect(seasonBounds(NOV_END)).toEqual({ season: '2026-11', startsAt: Date.UTC(2026, 10, 1), endsAt: NOV_END + 1 });
    expect(previousSeason(Date.UTC(2027, 0, 1, 4, 23))).toBe('2026-12');
  });

  it('a trophy scores for the season only from research finished in it', () => {
    const december = Date.UTC(2026, 11, 1);
    expect(seasonPoints('rare', 7, december, december + 10)).toBe(tierPoints('rare') * 7);
    // The 24 hours of grace (docs/design.md section 9.4): research of the 30th counts when added on the 1st.
    expect(seasonPoints('rare', 7, december - 1, december + 10)).toBe(tierPoints('rare') * 7);
    expect(seasonPoints('rare', 7, december - 1, december + 24 * 3600_000)).toBe(0);
    expect(seasonPoints('rare', 7, december - 24 * 3600_000 - 1, december + 10)).toBe(0);
    // A stockpile: researched weeks before the month began.
    expect(seasonPoints('heirloom', 10, december - 20 * 24 * 3600_000, december + 10)).toBe(0);
    // Unknown research time (items from before seasons) is in no season.
    expect(seasonPoints('rare', 7, 0, december + 10)).toBe(0);
  });

  it('prizes: the top 1 % (at least rank 1), the top 10 %, and 30 trophies on top; ties at the edge are in', () => {
    expect(lastRankWithin(1000, 1)).toBe(10);
    expect(lastRankWithin(1000, 10)).toBe(100);
    expect(lastRankWithin(5, 1)).toBe(1);
    expect(lastRankWithin(5, 10)).toBe(1);
    expect(seasonPrize(10, 1000, 0)).toEqual({ cash: SEASON_PRIZES.top1, medal: true });
    expect(seasonPrize(11, 1000, 30)).toEqual({ cash: SEASON_PRIZES.top10 + SEASON_PRIZES.trophies, medal: true });
    expect(seasonPrize(101, 1000, 29)).toEqual({ cash: 0, medal: false });
    // Thirty trophies that scored pay cash, never a medal (docs/design.md section 9.4).
    expect(seasonPrize(101, 1000, 30)).toEqual({ cash: SEASON_PRIZES.trophies, medal: false });
    expect(seasonMedal('2026-11')).toBe('medal-11');
  });
});

describe('the score rides in the trophy intent', () => {
  it('adds the trophy points to the season and the trophy count, once per trophy, and the board shows them', async () => {
    const player = await newPlayer();
    const first = await giveItem(player.uid, { catalogId: 'radio-transceiver', quality: 6, researched: true });
    const second = await giveItem(player.uid, { catalogId: 'feather', quality: 3, researched: true });
    await addTrophy(player, first);
    await addTrophy(player, second);
    const points = tierPoints('rare') * 6 + tierPoints('verycommon') * 3;
    expect(await seasonRow(seasonOf(Date.now()), player.uid)).toEqual({ points, trophies: 2 });
    const board = await seasonBoard(player);
    expect(board.me).toMatchObject({ username: player.username, points, trophies: 2 });
    expect(board.me.rank).toBeGreaterThanOrEqual(1);
    expect(board.endsAt).toBe(seasonBounds(Date.now()).endsAt);
  });

  it("the board shows the player's name and level from the season row, and a level gained without a trophy follows", async () => {
    const player = await newPlayer();
    await setPlayer(player.uid, { xp: xpForLevel(4) - XP.trophy, level: 3, energy: 20 });
    await addTrophy(player, await giveItem(player.uid, { catalogId: 'radio-transceiver', quality: 9, researched: true }));
    const shown = async () => (await seasonBoard(player)).top.find((row) => row.username === player.username);
    expect(await shown()).toMatchObject({ username: player.username, level: 4 });
    // A scavenge's xp makes level 5 from its last point: no trophy, but the board's copy moves with it.
    await setPlayer(player.uid, { xp: xpForLevel(5) - XP.scavenge });
    expect((await call(API.scavenge.path, { body: {}, token: player.token })).status).toBe(200);
    expect(await shown()).toMatchObject({ level: 5 });
  });

  it('a stockpiled trophy researched last month counts all-time, and nothing this season', async () => {
    const player = await newPlayer();
    const item = await giveItem(player.uid, { catalogId: 'radio-transceiver', quality: 6, location: 'duffel', researched: true });
    await env.DB.prepare('UPDATE items SET researched_at = ? WHERE id = ?').bind(seasonBounds(Date.now()).startsAt - DAY_MS - 1, item).run();
    await addTrophy(player, item);
    expect(await seasonRow(seasonOf(Date.now()), player.uid)).toBeNull();
    const profile = await json<Profile>(await call(`/api/users/${player.uid}`, { token: player.token }));
    expect(profile.trophyCaseScore).toBe(tierPoints('rare') * 6);
    expect((await seasonBoard(player)).me).toMatchObject({ points: 0, rank: null });
  });

  it('an item researched this month and moved to the duffel bag keeps when it finished, and scores', async () => {
    const player = await newPlayer();
    await setPlayer(player.uid, { duffel_bag_size: 1, energy: 20 });
    const item = await giveItem(player.uid, { catalogId: 'radio-transceiver', quality: 4, researched: true });
    const swapped = await call('/api/swap', { body: { toDuffel: [item], toInventory: [] }, token: player.token });
    expect(swapped.status, await swapped.clone().text()).toBe(200);
    const stored = await env.DB.prepare('SELECT researched_at AS at FROM items WHERE id = ?').bind(item).first<{ at: number | null }>();
    expect(stored?.at).toEqual(expect.any(Number));
    expect(seasonOf(stored!.at!)).toBe(seasonOf(Date.now()));
    await addTrophy(player, item);
    expect(await seasonRow(seasonOf(Date.now()), player.uid)).toEqual({ points: tierPoints('rare') * 4, trophies: 1 });
  });

  it("takes the season from the commit's clock: a trophy at 23:59:59.999 is November's, a millisecond later December's", async () => {
    const db = createDb(env.DB);
    for (const [now, season] of [
      [NOV_END, '2026-11'],
      [NOV_END + 1, '2026-12'],
    ] as const) {
      const player = await newPlayer();
      // Research finished just before the commit, in the commit's own month.
      const statements = seasonScoreHook([{ kind: 'trophy', catalogId: 'arc-welder-lance', rarity: 'epic', quality: 2, researchedAt: now, scores: true }], oneDatabase(db), { uid: player.uid, now });
      await db.batch(statements as never);
      expect(await seasonRow(season, player.uid)).toEqual({ points: tierPoints('epic') * 2, trophies: 1 });
      expect(await seasonRow(season === '2026-11' ? '2026-12' : '2026-11', player.uid)).toBeNull();
    }
  });

  it('a burst of the same trophy added from two tabs scores once', async () => {
    const player = await newPlayer();
    const item = await giveItem(player.uid, { catalogId: 'radio-transceiver', quality: 5, researched: true });
    const answers = await Promise.all(Array.from({ length: 8 }, () => call('/api/trophycase', { body: { itemId: item }, token: player.token })));
    expect(answers.filter((answer) => answer.status === 200)).toHaveLength(1);
    expect(await seasonRow(seasonOf(Date.now()), player.uid)).toEqual({ points: tierPoints('rare') * 5, trophies: 1 });
  });
});

describe('the guild season ledger', () => {
  it('credits the guild with what members earn while members: joining late brings nothing, leaving takes nothing away', async () => {
    const leader = await newPlayer();
    await setPlayer(leader.uid, { gold: 1000 });
    const tag = (Date.now() % 1e6).toString(36).slice(-4).toUpperCase();
    const founded = await call('/api/guilds', { body: { name: `S ${uniqueName('g').slice(0, 12)}`, tag, open: true }, token: leader.token });
    expect(founded.status, await founded.clone().text()).toBe(200);
    const guildId = API.guild.response.parse(await founded.json()).guild.id;
    const guildPage = async (p: Player) => API.guild.response.parse(await (await call(`/api/guilds/${guildId}`, { token: p.token })).json());

    await addTrophy(leader, await giveItem(leader.uid, { catalogId: 'feather', quality: 10, researched: true }));
    // Earned before joining: counts for the player, not for the guild they join afterwards.
    const late = await newPlayer();
    await addTrophy(late, await giveItem(late.uid, { catalogId: 'radio-transceiver', quality: 9, researched: true }));
    expect((await call(`/api/guilds/${guildId}/join`, { body: {}, token: late.token })).status).toBe(200);
    expect((await guildPage(leader)).seasonScore).toBe(tierPoints('verycommon') * 10);

    await addTrophy(late, await giveItem(late.uid, { catalogId: 'feather', quality: 4, researched: true }));
    const withMember = tierPoints('verycommon') * 14;
    expect((await guildPage(late)).seasonScore).toBe(withMember);
    expect((await call(`/api/guilds/${guildId}/leave`, { body: {}, token: late.token })).status).toBe(200);
    expect((await guildPage(leader)).seasonScore).toBe(withMember);
  });
});

describe('the board', () => {
  it('ranks by points, ties sharing the better rank, banned players on no board', async () => {
    const season = seasonOf(Date.now());
    const top = (await seasonBoard(await newPlayer())).top[0]?.points ?? 0;
    const [a, b, c, banned] = [await newPlayer(), await newPlayer(), await newPlayer(), await newPlayer()];
    await putScore(season, a.uid, top + 1000);
    await putScore(season, b.uid, top + 500);
    await putScore(season, c.uid, top + 500);
    await putScore(season, banned.uid, top + 5000);
    await ban(banned.uid);
    const board = await seasonBoard(a);
    expect(board.top.slice(0, 3).map((row) => [row.rank, row.points])).toEqual([
      [1, top + 1000],
      [2, top + 500],
      [2, top + 500],
    ]);
    expect(board.top.some((row) => row.username === banned.username)).toBe(false);
    expect((await seasonBoard(c)).me.rank).toBe(2);
  });

  it('keeps the spec board at /api/leaderboard and ?board=alltime, and refuses another board', async () => {
    const player = await newPlayer();
    for (const path of ['/api/leaderboard', '/api/leaderboard?board=alltime']) {
      const board = await json<Leaderboard>(await call(path, { token: player.token }));
      expect(board).not.toHaveProperty('board');
      expect(board.me.username).toBe(player.username);
    }
    expect((await call('/api/leaderboard?board=weekly', { token: player.token })).status).toBe(400);
  });
});

describe('the payout on the 1st', () => {
  /** A past season of its own, so no other test's scores are on its board. */
  const pastSeason = (() => {
    let n = 0;
    return () => seasonOf(Date.UTC(1990 + (n += 1), 4, 1));
  })();

  it('pays each prize once however many runs race, the medal only with a rank prize, and a log line; banned players get nothing', async () => {
    const season = pastSeason();
    const players = await Promise.all(Array.from({ length: 12 }, () => newPlayer()));
    // Points 1200, 1100, …; players 3 and 4 tie; player 11 has 30 trophies; the banned one leads.
    const points = players.map((_, index) => 1200 - index * 100 + (index === 4 ? 100 : 0));
    for (const [index, player] of players.entries()) await putScore(season, player.uid, points[index]!, index === 11 ? 30 : 3);
    const banned = await newPlayer();
    await putScore(season, banned.uid, 99_999, 40);
    await ban(banned.uid);
    const before = await Promise.all(players.map((player) => cashOf(player.uid)));

    const runs = await Promise.all(Array.from({ length: 5 }, () => payoutSeason(env.DB, season, Date.now())));
    expect(runs.filter((paid) => paid > 0)).toEqual([3]);
    expect(await payoutSeason(env.DB, season, Date.now())).toBe(0);

    const after = await Promise.all(players.map((player) => cashOf(player.uid)));
    // 12 players: the top 1 % is rank 1 (ceil of 0.12), the top 10 % ranks 1 and 2 (ceil of 1.2).
    const ranks = points.map((mine) => 1 + points.filter((other) => other > mine).length);
    expect(after.map((cash, index) => cash - before[index]!)).toEqual(ranks.map((rank, index) => seasonPrize(rank, 12, index === 11 ? 30 : 3).cash));
    expect(await cashOf(banned.uid)).toBe(0);
    const prizes = await env.DB.prepare('SELECT uid, medal, paid_at FROM season_prizes WHERE season = ?').bind(season).all<{ uid: string; medal: string; paid_at: number }>();
    expect(prizes.results).toHaveLength(3);
    const ranked = new Set(players.filter((_, index) => seasonPrize(ranks[index]!, 12, 0).medal).map((player) => player.uid));
    expect(ranked.size).toBe(2);
    for (const prize of prizes.results) expect(prize).toMatchObject({ medal: ranked.has(prize.uid) ? seasonMedal(season) : '', paid_at: expect.any(Number) });
    const logOf = async (uid: string) => (await env.DB.prepare("SELECT text FROM activity WHERE num = (SELECT num FROM players WHERE uid = ?) AND kind = 'season'").bind(uid).all<{ text: string }>()).results.map((row) => row.text);
    expect(await logOf(players[0]!.uid)).toEqual([expect.stringMatching(/^Season May \d{4}: rank 1, 40 cash and the Bloom Medal\.$/)]);
    // Thirty trophies without a rank prize: the cash, and no medal on the shelf.
    expect(await logOf(players[11]!.uid)).toEqual([expect.stringMatching(/^Season May \d{4}: rank 12, 5 cash\.$/)]);
    const thirty = await json<PlayerCard>(await call(`/api/players/${players[11]!.username}`, { token: players[1]!.token }));
    expect(thirty.medals).toEqual([]);
    // The medal is on the public card's shelf; a medal is not a trophy and adds nothing to the trophy score.
    const card = await json<PlayerCard>(await call(`/api/players/${players[0]!.username}`, { token: players[1]!.token }));
    expect(card.medals).toEqual([{ season, catalogId: seasonMedal(season), name: 'Bloom Medal', rank: 1 }]);
    expect(card.trophyCaseScore).toBe(0);
  });

  it('matches seasonPrize for any board (a property over random scores)', { timeout: 120_000 }, async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(fc.tuple(fc.integer({ min: 1, max: 50 }), fc.integer({ min: 0, max: 40 })), { minLength: 1, maxLength: 25 }), async (rows) => {
        const season = pastSeason();
        const players = await Promise.all(rows.map(() => newPlayer()));
        for (const [index, [points, trophies]] of rows.entries()) await putScore(season, players[index]!.uid, points, trophies);
        await payoutSeason(env.DB, season, Date.now());
        const paid = await env.DB.prepare('SELECT uid, rank, cash FROM season_prizes WHERE season = ?').bind(season).all<{ uid: string; rank: number; cash: number }>();
        const byUid = new Map(paid.results.map((row) => [row.uid, row]));
        for (const [index, [points, trophies]] of rows.entries()) {
          const rank = 1 + rows.filter(([other]) => other > points).length;
          expect(byUid.get(players[index]!.uid)?.cash ?? 0).toBe(seasonPrize(rank, rows.length, trophies).cash);
        }
      }),
      { numRuns: 8 },
    );
  });

  it('changes the write token of every player paid, so an intent that read them before commits nothing over the prize', async () => {
    const season = pastSeason();
    const player = await newPlayer();
    await putScore(season, player.uid, 10);
    const token = async () => (await env.DB.prepare('SELECT write_token AS t FROM players WHERE uid = ?').bind(player.uid).first<{ t: string }>())!.t;
    const before = await token();
    await payoutSeason(env.DB, season, Date.now());
    expect(await token()).not.toBe(before);
  });

  it('runs from the daily Cron on the 1st only, for the month before', async () => {
    expect(await runJob('season paid', env, Date.UTC(2026, 11, 2, 4, 23))).toBeNull();
    expect(await runJob('season paid', env, Date.UTC(1980, 0, 1, 4, 23))).toEqual({ season: '1979-12', paid: 0, pushed: 0 });
  });
});
