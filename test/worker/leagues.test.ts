/**
 * Weekly leagues (docs/design.md section 9.5, docs/decisions/023-leagues.md): week points in the trophy intent's
 * own batch, the join that never overfills a league however many first scores race, the tier a player joins in,
 * GET /api/league, banned players left out when read, and the week's settlement by the Cron, paged, paying once
 * however many runs race, held to game/rules/league.ts's moves and prizes.
 */
import { env } from 'cloudflare:workers';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { API } from '../../game/api';
import { tierPoints } from '../../game/rules/rarity';
import { FULL_LEAGUE_FROM, LEAGUE_SIZE, LEAGUE_TIERS, leagueMove, leaguePrize, leagueTables, leagueZones, nextTier, PRIZE_POINTS, weekBounds, weekOf, type LeagueTier } from '../../game/rules/league';
import type { League, PlayerCard } from '../../game/wire';
import { app } from '../../worker/app';
import { createDb } from '../../worker/core/db/client';
import { leagueScoreHook, settleLeagues } from '../../worker/features/leagues';
import { seasonScoreHook } from '../../worker/features/seasons';
import { runJob } from '../../worker/scheduled';
import { countingD1, newD1Count } from './d1-counter';
import { apiRequest, call, giveItem, json, mintPlayer, uniqueName } from './helpers';
import { DAY_MS } from '../../game/time';
import { oneDatabase } from '../../worker/core/stores';

type Player = Awaited<ReturnType<typeof mintPlayer>>;

const tierIndex = (tier: LeagueTier) => LEAGUE_TIERS.indexOf(tier);

async function leagueOf(player: Player): Promise<League> {
  const response = await call('/api/league', { token: player.token });
  expect(response.status, await response.clone().text()).toBe(200);
  return API.league.response.parse(await response.json());
}

async function addTrophy(player: Player, itemId: string) {
  const response = await call('/api/trophycase', { body: { itemId }, token: player.token });
  expect(response.status, await response.clone().text()).toBe(200);
}

/** A researched Rare of `quality` in the player's inventory, researched by them now, added to their case. */
async function scoreRare(player: Player, quality: number) {
  await addTrophy(player, await giveItem(player.uid, { catalogId: 'radio-transceiver', quality, researched: true }));
  return tierPoints('rare') * quality;
}

const membership = (week: string, uid: string) =>
  env.DB.prepare('SELECT league_id AS league, tier, points FROM league_members WHERE week = ? AND uid = ?').bind(week, uid).first<{ league: number; tier: number; points: number }>();
const cashOf = async (uid: string) => (await env.DB.prepare('SELECT cash FROM players WHERE uid = ?').bind(uid).first<{ cash: number }>())!.cash;
const storedTier = async (uid: string) => (await env.DB.prepare('SELECT tier FROM league_tiers WHERE uid = ?').bind(uid).first<{ tier: number }>())?.tier ?? 0;
const ban = (uid: string, at: number | null = Date.now()) => env.DB.prepare('UPDATE users SET banned_at = ? WHERE id = ?').bind(at, uid).run();
const setTier = (uid: string, tier: LeagueTier) => env.DB.prepare('INSERT OR REPLACE INTO league_tiers (uid, tier) VALUES (?, ?)').bind(uid, tierIndex(tier)).run();

/** Players written straight to D1, without sessions: members of leagues set up by hand. */
async function quietPlayers(count: number): Promise<string[]> {
  const uids = Array.from({ length: count }, () => crypto.randomUUID());
  const now = Date.now();
  await env.DB.batch(
    uids.flatMap((uid) => [
      env.DB.prepare('INSERT INTO users (id, email, created_at) VALUES (?, ?, ?)').bind(uid, `${uid}@example.com`, now),
      env.DB.prepare(
        `INSERT INTO players (uid, username, level, gold, energy, energy_at, cash, duffel_bag_size, trophy_case_score,
          trophy_case_avg_quality, guild, created_at) VALUES (?, ?, 1, 100, 20, ?, 0, 0, 0, 0, '', ?)`,
      ).bind(uid, uniqueName('q'), now, now),
    ]),
  );
  return uids;
}

/** A league of `week` in `tier` holding these players with these points, as the joins would have left it. */
async function putLeague(week: string, tier: LeagueTier, members: readonly { uid: string; points: number }[]): Promise<number> {
  const league = await env.DB.prepare('INSERT INTO leagues (week, tier) VALUES (?, ?) RETURNING id')
    .bind(week, tierIndex(tier))
    .first<{ id: number }>();
  if (members.length > 0) {
    await env.DB.batch(
      members.map(({ uid, points }) =>
        env.DB.prepare('INSERT INTO league_members (week, uid, tier, league_id, points, joined_at) VALUES (?, ?, ?, ?, ?, ?)').bind(week, uid, tierIndex(tier), league!.id, points, Date.now()),
      ),
    );
  }
  return league!.id;
}

/** Week points `points` above the least a prize needs (PRIZE_POINTS), so every player of a test can win one. */
const over = (points: number) => PRIZE_POINTS + points;

/** A past week of its own for each test, so no other test's leagues are in it. */
const pastWeek = (() => {
  let n = 0;
  return () => weekOf(Date.UTC(1990 + (n += 1), 4, 10));
})();

describe('week points ride in the trophy intent', () => {
  it('before the first score of the week the league is empty and says the tier to come', async () => {
    const player = await mintPlayer();
    const league = await leagueOf(player);
    const { week, endsAt } = weekBounds(Date.now());
    expect(league).toEqual({
      week,
      endsAt,
      tier: 'scrap',
      members: [],
      me: null,
      promote: 5,
      demote: 5,
      table: { tier: 'scrap', tiers: ['scrap'], leagues: 0, scored: 0, prizes: [1, 2, 3].map((rank) => leaguePrize(rank, 0, LEAGUE_SIZE)) },
    });
  });

  it('the first score joins a league of the tier with the trophy points; the next adds to them', async () => {
    const player = await mintPlayer();
    const first = await scoreRare(player, 6);
    const league = await leagueOf(player);
    expect(league.me).toEqual({ rank: expect.any(Number), points: first, noPrize: 'points' });
    expect(league.members).toContainEqual({ username: player.username, points: first, rank: league.me!.rank });
    expect(league.members.length).toBeLessThanOrEqual(LEAGUE_SIZE);
    const second = await scoreRare(player, 2);
    expect(await membership(weekOf(Date.now()), player.uid)).toMatchObject({ tier: 0, points: first + second });
  });

  it('counts only trophies the player researched, and only research finished this week', async () => {
    const player = await mintPlayer();
    const other = await mintPlayer();
    // Researched before last week's final 24 hours: a stockpile scores nothing this week.
    const old = await giveItem(player.uid, { catalogId: 'radio-transceiver', quality: 5, location: 'duffel', researched: true });
    await env.DB.prepare('UPDATE items SET researched_by = ?, researched_at = ? WHERE id = ?').bind(player.uid, weekBounds(Date.now()).startsAt - DAY_MS - 1, old).run();
    await addTrophy(player, old);
    // Researched this week, by someone else.
    const bought = await giveItem(player.uid, { catalogId: 'radio-transceiver', quality: 5, location: 'duffel', researched: true });
    await env.DB.prepare('UPDATE items SET researched_by = ?, researched_at = ? WHERE id = ?').bind(other.uid, Date.now(), bought).run();
    await addTrophy(player, bought);
    expect(await membership(weekOf(Date.now()), player.uid)).toBeNull();
    expect(await leagueOf(player)).toMatchObject({ members: [], me: null });
  });

  it('the 24 hours of grace: research of late Sunday counts in the new week and season, forward only, and a settled week is never reopened', async () => {
    const db = createDb(env.DB);
    // Monday 1 January 2029: a week and a season begin together.
    const monday = Date.UTC(2029, 0, 1);
    const [uid] = await quietPlayers(1);
    const old = weekOf(monday - 1);
    const settled = await putLeague(old, 'scrap', [{ uid: uid!, points: 40 }]);
    await settleLeagues(env.DB, monday + 60_000);
    const trophy = async (researchedAt: number, now: number) => {
      const events = [{ kind: 'trophy', catalogId: 'arc-welder-lance', rarity: 'epic', quality: 2, researchedAt, scores: true }] as const;
      const statements = [leagueScoreHook, seasonScoreHook].flatMap((hook) => hook(events, oneDatabase(db), { uid: uid!, now }) as unknown[]);
      if (statements.length > 0) await db.batch(statements as never);
    };
    const season = async (name: string) => (await env.DB.prepare('SELECT points FROM season_scores WHERE season = ? AND uid = ?').bind(name, uid).first<{ points: number }>())?.points ?? null;
    const points = tierPoints('epic') * 2;

    // Finished Sunday 23:00, added Monday 10:00: the new week's and the new season's.
    await trophy(monday - 3_600_000, monday + 10 * 3_600_000);
    expect(await membership(weekOf(monday), uid!)).toMatchObject({ points });
    expect(await season('2029-01')).toBe(points);
    // The settled week is not reopened: its points, its settlement and nothing paid again.
    expect(await membership(old, uid!)).toMatchObject({ points: 40, league: settled });
    expect(await season('2028-12')).toBeNull();
    // Finished 25 hours before Monday, or added on Tuesday: nothing new.
    await trophy(monday - 25 * 3_600_000, monday + 10 * 3_600_000);
    await trophy(monday - 3_600_000, monday + DAY_MS);
    expect(await membership(weekOf(monday), uid!)).toMatchObject({ points });
    expect(await season('2029-01')).toBe(points);
  });

  it("takes the week from the commit's clock: Sunday 23:59:59.999 is that week's, a millisecond later the next", async () => {
    const db = createDb(env.DB);
    const monday = Date.UTC(2031, 0, 6);
    for (const now of [monday - 1, monday]) {
      const [uid] = await quietPlayers(1);
      const event = { kind: 'trophy', catalogId: 'arc-welder-lance', rarity: 'epic', quality: 2, researchedAt: now, scores: true } as const;
      await db.batch(leagueScoreHook([event], oneDatabase(db), { uid: uid!, now }) as never);
      expect(await membership(weekOf(now), uid!)).toMatchObject({ points: tierPoints('epic') * 2, league: expect.any(Number) });
      expect(await membership(weekOf(now === monday ? monday - 1 : monday), uid!)).toBeNull();
    }
    expect(weekOf(monday - 1)).toBe('2030-12-30');
    expect(weekOf(monday)).toBe('2031-01-06');
  });

  it("a first score still costs the intent's two round trips", async () => {
    const player = await mintPlayer();
    const itemId = await giveItem(player.uid, { catalogId: 'radio-transceiver', quality: 3, researched: true });
    const count = newD1Count();
    const response = await app.fetch(apiRequest('/api/trophycase', { body: { itemId }, token: player.token }), { ...env, DB: countingD1(env.DB, count) });
    expect(response.status).toBe(200);
    expect(count.calls).toBe(2);
    expect((await leagueOf(player)).me?.points).toBe(tierPoints('rare') * 3);
  });
});

describe('joining', () => {
  it('with a league already holding 25, 20 parallel first scores never make one larger than 30', async () => {
    const week = weekOf(Date.now());
    // Gold: a tier no other test of this file joins this week.
    const held = await quietPlayers(25);
    const first = await putLeague(week, 'gold', held.map((uid, index) => ({ uid, points: index + 1 })));
    const racers = await Promise.all(Array.from({ length: 20 }, () => mintPlayer()));
    for (const racer of racers) await setTier(racer.uid, 'gold');
    // Two rounds: the first scores join, the second only add points and must not grow a league.
    for (let round = 0; round < 2; round += 1) {
      const items = await Promise.all(racers.map((racer) => giveItem(racer.uid, { catalogId: 'radio-transceiver', quality: 1, researched: true })));
      const answers = await Promise.all(racers.map((racer, index) => call('/api/trophycase', { body: { itemId: items[index] }, token: racer.token })));
      expect(answers.map((answer) => answer.status)).toEqual(racers.map(() => 200));
    }

    const leagues = await env.DB.prepare(
      `SELECT l.id, (SELECT count(*) FROM league_members m WHERE m.league_id = l.id) AS members FROM leagues l WHERE l.week = ? AND l.tier = ? ORDER BY l.id`,
    )
      .bind(week, tierIndex('gold'))
      .all<{ id: number; members: number }>();
    expect(leagues.results.map(({ members }) => members)).toEqual([30, 15]);
    expect(leagues.results[0]!.id).toBe(first);
    for (const racer of racers) expect(await membership(week, racer.uid)).toMatchObject({ tier: tierIndex('gold'), points: 2 * tierPoints('rare') });
    const unplaced = await env.DB.prepare('SELECT count(*) AS n FROM league_members WHERE week = ? AND league_id IS NULL').bind(week).first<{ n: number }>();
    expect(unplaced!.n).toBe(0);
  });

  it('joins in the tier last week earned, also before the Cron has settled last week', async () => {
    const last = weekOf(Date.now() - 7 * DAY_MS);
    const [winner, loser] = [await mintPlayer(), await mintPlayer()];
    const others = await quietPlayers(13);
    // 15 players: the winner is 1st (up), the loser 15th (down).
    await putLeague(last, 'bronze', [{ uid: winner.uid, points: 1000 }, { uid: loser.uid, points: 1 }, ...others.map((uid, index) => ({ uid, points: 10 + index }))]);
    expect((await leagueOf(winner)).tier).toBe('silver');
    expect((await leagueOf(loser)).tier).toBe('copper');
    await scoreRare(winner, 1);
    expect(await membership(weekOf(Date.now()), winner.uid)).toMatchObject({ tier: tierIndex('silver') });
    expect((await leagueOf(winner)).tier).toBe('silver');

    // Settled: the stored tier says the same.
    await settleLeagues(env.DB, Date.now());
    expect(await storedTier(winner.uid)).toBe(tierIndex('silver'));
    expect(await storedTier(loser.uid)).toBe(tierIndex('copper'));
    expect((await leagueOf(loser)).tier).toBe('copper');
  });
});

describe('GET /api/league', () => {
  it('shows the table that will settle, held to leagueTables: ranked by points, ties sharing the better rank, banned players left out and back when unbanned', async () => {
    const week = weekOf(Date.now());
    const [me, tied, banned] = [await mintPlayer(), await mintPlayer(), await mintPlayer()];
    // Diamond, 3 scorers: ranked with the tier below that has leagues this week (this file's other tests fill some).
    const mine = await putLeague(week, 'diamond', [
      { uid: banned.uid, points: 900 },
      { uid: me.uid, points: 50 },
      { uid: tied.uid, points: 50 },
    ]);
    await ban(banned.uid);
    /** The table as game/rules/league.ts works it out from this week's leagues, and its members that count. */
    const expected = async () => {
      const sizes = await env.DB.prepare('SELECT l.id, l.tier, count(*) AS players FROM leagues l JOIN league_members m ON m.league_id = l.id WHERE l.week = ? GROUP BY l.id')
        .bind(week)
        .all<{ id: number; tier: number; players: number }>();
      const table = leagueTables(sizes.results).find((candidate) => candidate.leagues.includes(mine))!;
      const members = await env.DB.prepare(
        `SELECT p.username, m.points FROM league_members m JOIN players p ON p.uid = m.uid JOIN users u ON u.id = m.uid
          WHERE u.banned_at IS NULL AND m.league_id IN (${table.leagues.join(', ')})`,
      ).all<{ username: string; points: number }>();
      return { table, members: members.results };
    };
    const before = await expected();
    expect(before.table.leagues.length).toBeGreaterThan(1);
    const league = await leagueOf(me);
    expect(league).toMatchObject({ tier: 'diamond', me: { rank: 1 + before.members.filter((row) => row.points > 50).length, points: 50 }, ...leagueZones(before.members.length) });
    expect(league.table).toEqual({
      tier: LEAGUE_TIERS[before.table.tier],
      tiers: expect.arrayContaining(['diamond']),
      leagues: before.table.leagues.length,
      scored: before.members.length,
      prizes: [1, 2, 3].map((rank) => leaguePrize(rank, before.table.tier, before.members.length)),
    });
    expect(league.members.map(({ username }) => username).sort()).toEqual(before.members.map(({ username }) => username).sort());
    expect(league.members.find((row) => row.username === tied.username)?.rank).toBe(league.me!.rank);
    expect(league.members.map((row) => row.points)).toEqual([...league.members.map((row) => row.points)].sort((a, b) => b - a));

    await ban(banned.uid, null);
    const restored = await leagueOf(me);
    expect(restored.members[0]).toEqual({ username: banned.username, points: 900, rank: 1 });
    expect(restored.me).toEqual({ rank: league.me!.rank + 1, points: 50, noPrize: 'points' });
    expect(restored.table.scored).toBe(before.members.length + 1);
  });
});

describe('the prize rule on the board', () => {
  it("says why the reader's place would pay no prize: under 1,000 points, and then a move down last week", async () => {
    const now = Date.now();
    const player = await mintPlayer();
    // Last week in copper (settled: moved down to scrap), with enough points.
    const last = await putLeague(weekOf(now - 7 * DAY_MS), 'copper', [{ uid: player.uid, points: over(0) }]);
    await env.DB.prepare('UPDATE leagues SET settled_at = ? WHERE id = ?').bind(now, last).run();
    await setTier(player.uid, 'scrap');
    await scoreRare(player, 1);
    expect((await leagueOf(player)).me).toMatchObject({ noPrize: 'points' });
    await env.DB.prepare('UPDATE league_members SET points = ? WHERE week = ? AND uid = ?').bind(over(0), weekOf(now), player.uid).run();
    expect((await leagueOf(player)).me).toMatchObject({ points: over(0), noPrize: 'moved-down' });
  });
});

describe("the week's end", () => {
  it('settles merged tables: under 5 parallel Cron runs each prize is paid once and each player moved once, from their own tier', async () => {
    const week = pastWeek();
    const players = await Promise.all(Array.from({ length: 4 }, () => mintPlayer()));
    const fillers = await quietPlayers(48);
    const [top, second, scrapWinner, last] = players.map((player) => player.uid) as [string, string, string, string];
    // Copper: a full league and a newest one of 6, ranked together. Silver: 4 scorers in all, ranked with the tier
    // below that has leagues (copper's newest table). Scrap: 12, a table of its own.
    await putLeague(week, 'copper', [{ uid: last, points: over(1) }, ...fillers.slice(0, 29).map((uid, index) => ({ uid, points: over(10 + index) }))]);
    await putLeague(week, 'copper', [{ uid: second, points: over(200) }, ...fillers.slice(29, 34).map((uid) => ({ uid, points: over(5) }))]);
    await putLeague(week, 'silver', [{ uid: top, points: over(300) }, ...fillers.slice(34, 37).map((uid) => ({ uid, points: over(7) }))]);
    await putLeague(week, 'scrap', [{ uid: scrapWinner, points: over(50) }, ...fillers.slice(37, 48).map((uid) => ({ uid, points: over(3) }))]);
    const before = await Promise.all(players.map((player) => cashOf(player.uid)));
    const unsettled = (await env.DB.prepare('SELECT count(*) AS n FROM leagues WHERE week < ? AND settled_at IS NULL').bind(weekOf(Date.now())).first<{ n: number }>())!.n;

    // Pages of 2 leagues: the merged table of 3 leagues is a page alone, and never split.
    const runs = await Promise.all(Array.from({ length: 5 }, () => settleLeagues(env.DB, Date.now(), 2)));
    expect(runs.reduce((sum, settled) => sum + settled, 0)).toBe(unsettled);
    expect(await settleLeagues(env.DB, Date.now(), 2)).toBe(0);

    // The table of 40 pays copper's prizes; the scrap table of 12 pays its share of scrap's.
    const after = await Promise.all(players.map((player) => cashOf(player.uid)));
    const paid = [leaguePrize(1, tierIndex('copper'), 40), leaguePrize(2, tierIndex('copper'), 40), leaguePrize(1, tierIndex('scrap'), 12), 0];
    expect(after.map((cash, index) => cash - before[index]!)).toEqual(paid);
    expect(paid).toEqual([6, 4, 2, 0]);
    const prizes = await env.DB.prepare('SELECT tier, rank, cash FROM league_prizes WHERE week = ? ORDER BY tier DESC, rank').bind(week).all<{ tier: number; rank: number; cash: number }>();
    expect(prizes.results).toEqual([
      { tier: 1, rank: 1, cash: 6 },
      { tier: 1, rank: 2, cash: 4 },
      { tier: 1, rank: 3, cash: 2 },
      { tier: 0, rank: 1, cash: 2 },
      { tier: 0, rank: 2, cash: 1 },
      { tier: 0, rank: 2, cash: 1 },
      { tier: 0, rank: 2, cash: 1 },
      { tier: 0, rank: 2, cash: 1 },
      { tier: 0, rank: 2, cash: 1 },
      { tier: 0, rank: 2, cash: 1 },
      { tier: 0, rank: 2, cash: 1 },
      { tier: 0, rank: 2, cash: 1 },
      { tier: 0, rank: 2, cash: 1 },
      { tier: 0, rank: 2, cash: 1 },
      { tier: 0, rank: 2, cash: 1 },
    ]);
    const log = await env.DB.prepare("SELECT text FROM activity WHERE num = (SELECT num FROM players WHERE uid = ?) AND kind = 'league'").bind(top).all<{ text: string }>();
    expect(log.results.map((row) => row.text)).toEqual([`Copper league, week of ${week}: rank 1, 6 cash and the week's ribbon.`]);
    const card = await json<PlayerCard>(await call(`/api/players/${players[1]!.username}`, { token: players[0]!.token }));
    expect(card.ribbons).toEqual([{ week, tier: 'copper', rank: 2 }]);
    // Each from their own tier, once: silver's winner up to gold, copper's second up to bronze, the table's last of
    // 40 down to scrap, scrap's winner up to copper.
    expect(await Promise.all([top, second, last, scrapWinner].map(storedTier))).toEqual(['gold', 'bronze', 'scrap', 'copper'].map((tier) => tierIndex(tier as LeagueTier)));
    const settledLeagues = await env.DB.prepare('SELECT count(*) AS n FROM leagues WHERE week = ? AND settled_at IS NOT NULL').bind(week).first<{ n: number }>();
    expect(settledLeagues).toEqual({ n: 4 });
  });

  it('leaves banned players out of the ranks and the prizes', async () => {
    const week = pastWeek();
    const [banned, first] = [await mintPlayer(), await mintPlayer()];
    await putLeague(week, 'scrap', [
      { uid: banned.uid, points: over(99) },
      { uid: first.uid, points: over(10) },
    ]);
    await ban(banned.uid);
    const before = await cashOf(first.uid);
    await settleLeagues(env.DB, Date.now());
    // A table of one once the banned player is left out.
    expect(await cashOf(first.uid)).toBe(before + leaguePrize(1, tierIndex('scrap'), 1));
    expect(await cashOf(banned.uid)).toBe(0);
    expect(await env.DB.prepare('SELECT count(*) AS n FROM league_prizes WHERE uid = ?').bind(banned.uid).first<{ n: number }>()).toEqual({ n: 0 });
  });

  it('pays the first three places among those who qualify: a week under 1,000 points, and the week after it or after a move down, pay no prize', async () => {
    const week = pastWeek();
    const before = weekOf(Date.parse(`${week}T00:00:00Z`) - 7 * DAY_MS);
    const [dropped, threw, steady, first, third, small] = await quietPlayers(6);
    // Last week: `dropped` finished in copper (and moved down to scrap), `threw` scored under PRIZE_POINTS, `steady`
    // played as usual; `first` and `third` did not play. Those leagues are settled.
    const settled = [
      await putLeague(before, 'copper', [{ uid: dropped!, points: over(0) }]),
      await putLeague(before, 'scrap', [
        { uid: threw!, points: PRIZE_POINTS - 1 },
        { uid: steady!, points: over(0) },
      ]),
    ];
    await env.DB.prepare(`UPDATE leagues SET settled_at = 1 WHERE id IN (${settled.join(',')})`).run();
    // This week, one scrap table of 6: ranks 1 and 2 did not qualify, nor did the last, with under PRIZE_POINTS.
    await putLeague(week, 'scrap', [
      { uid: dropped!, points: over(900) },
      { uid: threw!, points: over(800) },
      { uid: first!, points: over(300) },
      { uid: steady!, points: over(200) },
      { uid: third!, points: over(100) },
      { uid: small!, points: PRIZE_POINTS - 1 },
    ]);
    await settleLeagues(env.DB, Date.now());

    const prizes = await env.DB.prepare('SELECT uid, rank, cash FROM league_prizes WHERE week = ? ORDER BY rank').bind(week).all<{ uid: string; rank: number; cash: number }>();
    expect(prizes.results).toEqual([first, steady, third].map((uid, index) => ({ uid, rank: index + 1, cash: leaguePrize(index + 1, tierIndex('scrap'), 6) })));
    // Moves still go by the table's ranks: its top third (2 of 6) up.
    expect(await Promise.all([dropped, threw, first].map((uid) => storedTier(uid!)))).toEqual([1, 1, 0]);
  });

  it('moves and pays as game/rules/league.ts says, for leagues of any size, tiers and ties (a property)', async () => {
    // Full leagues and small ones; few distinct points (ties everywhere, also at the edges) or many (none).
    const sizes = fc.oneof(fc.constant({ minLength: FULL_LEAGUE_FROM, maxLength: LEAGUE_SIZE }), fc.constant({ minLength: 1, maxLength: FULL_LEAGUE_FROM - 1 }));
    const points = fc.tuple(sizes, fc.constantFrom(6, 1000)).chain(([size, max]) => fc.array(fc.integer({ min: over(1), max: over(max) }), size));
    const aLeague = fc.record({ tier: fc.constantFrom(...LEAGUE_TIERS), points });
    await fc.assert(
      fc.asyncProperty(aLeague, async ({ tier, points }) => {
        const week = pastWeek();
        const uids = await quietPlayers(points.length);
        await putLeague(week, tier, uids.map((uid, index) => ({ uid, points: points[index]! })));
        await settleLeagues(env.DB, Date.now());
        const prizes = await env.DB.prepare('SELECT uid, rank, cash FROM league_prizes WHERE week = ?').bind(week).all<{ uid: string; rank: number; cash: number }>();
        const paid = new Map(prizes.results.map((row) => [row.uid, row]));
        for (const [index, uid] of uids.entries()) {
          const rank = 1 + points.filter((other) => other > points[index]!).length;
          expect(LEAGUE_TIERS[await storedTier(uid)]).toBe(nextTier(tier, leagueMove(rank, points.length)));
          expect(paid.get(uid)?.cash ?? 0).toBe(leaguePrize(rank, tierIndex(tier), points.length));
        }
      }),
      { numRuns: 24 },
    );
  });

  it('settles from the Cron every few minutes, and with nothing left settles nothing', async () => {
    await runJob('leagues settled', env);
    expect(await runJob('leagues settled', env)).toEqual({ leagues: 0 });
  });
});
