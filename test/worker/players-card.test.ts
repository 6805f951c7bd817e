/** The public player card (issue 17) and the leaderboard's one order (game/rules/rank.ts LEADERBOARD_ORDER). */
import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { API } from '../../game/api';
import { MSG } from '../../game/messages';
import { compareBoard, sameRank } from '../../game/rules/rank';
import type { Leaderboard, PlayerCard } from '../../game/wire';
import { app } from '../../worker/app';
import { countingD1, newD1Count } from './d1-counter';
import { apiRequest, call, expectError, json, newPlayer, setPlayer, signUp, uniqueName } from './helpers';

const cardOf = (name: string, token: string) => call(`/api/players/${encodeURIComponent(name)}`, { token });

describe('GET /api/players/:username', () => {
  it("answers another player's public facts, their rank and guild, and nothing private", async () => {
    const [viewer, leader] = await Promise.all([newPlayer(), newPlayer()]);
    await setPlayer(leader.uid, { gold: 1000 });
    const tag = (Date.now() % 1e6).toString(36).slice(-4).toUpperCase();
    const created = await call('/api/guilds', { body: { name: `G ${uniqueName('g').slice(0, 12)}`, tag, open: true }, token: leader.token });
    expect(created.status, await created.clone().text()).toBe(200);
    const { guild } = API.guild.response.parse(await created.json());
    // After the founding, which stores the player's state as their items make it.
    await setPlayer(leader.uid, { trophy_case_score: 37, total_attack: 12, total_defense: 8, rating: 1234 });

    const response = await cardOf(leader.username.toUpperCase(), viewer.token);
    expect(response.status).toBe(200);
    const card = API.playerCard.response.parse(await response.json());
    const ahead = await env.DB.prepare('SELECT count(*) AS n FROM players WHERE (trophy_case_score, total_attack + total_defense) > (37, 20)').first<{ n: number }>();
    expect(card).toEqual({
      username: leader.username,
      level: 1,
      rank: 1 + ahead!.n,
      trophyCaseScore: 37,
      trophies: 0,
      totalAttack: 12,
      totalDefense: 8,
      totalPower: 20,
      rating: 1234,
      wins: 0,
      losses: 0,
      guild: { id: guild.id, name: guild.name, tag: guild.tag },
      showcase: [],
      medals: [],
      ribbons: [],
    } satisfies PlayerCard);
    const text = JSON.stringify(card);
    for (const secret of [leader.email, leader.uid, '"gold"', '"energy"']) expect(text).not.toContain(secret);
  });

  it('agrees with the leaderboard on rank, and says null for a player outside any guild', async () => {
    const player = await newPlayer();
    const board = await json<Leaderboard>(await call('/api/leaderboard', { token: player.token }));
    const card = await json<PlayerCard>(await cardOf(player.username, player.token));
    expect(card.rank).toBe(board.me.rank);
    expect(card.guild).toBeNull();
  });

  it('is a 404 with a clear message for an unknown name, and a 400 for a malformed one, changing nothing', async () => {
    const viewer = await newPlayer();
    await expectError(await cardOf('nobody0000zz', viewer.token), 404, MSG.playerNotFound);
    for (const bad of ['ab', 'has space', 'x'.repeat(40), 'dash-name', "o'brien"]) {
      await expectError(await cardOf(bad, viewer.token), 400, MSG.usernameInvalid);
    }
  });

  it('needs a signed-in player with a username', async () => {
    const player = await newPlayer();
    await expectError(await cardOf(player.username, ''), 401);
    const account = await signUp();
    await expectError(await cardOf(player.username, account.token), 403);
  });

  it('takes one D1 round trip: the session check rides in the read', async () => {
    const [viewer, other] = await Promise.all([newPlayer(), newPlayer()]);
    const count = newD1Count();
    const response = await app.fetch(apiRequest(`/api/players/${other.username}`, { token: viewer.token }), { ...env, DB: countingD1(env.DB, count) });
    expect(response.status).toBe(200);
    expect(count).toMatchObject({ calls: 1, batches: 1 });
  });
});

describe('the leaderboard order', () => {
  it('lists the top as compareBoard orders it: score, then power, then name ignoring case, ties marked by a shared rank', async () => {
    // Far above any other test's scores, so these are the top of the board; names differing in case order.
    const score = 3e9;
    const names = ['Zed', 'amy', 'Bea', 'cal'].map((start) => `${start}${uniqueName('').slice(-8)}`);
    const players = await Promise.all(names.map((name) => newPlayer(name)));
    const stats = [[score, 5, 5], [score, 5, 5], [score, 5, 5], [score, 9, 9]] as const;
    for (const [i, [trophies, attack, defense]] of stats.entries()) {
      await setPlayer(players[i]!.uid, { trophy_case_score: trophies, total_attack: attack, total_defense: defense });
    }
    const board = await json<Leaderboard>(await call('/api/leaderboard', { token: players[0]!.token }));
    const top = board.top.slice(0, 4);
    expect(top).toEqual([...top].sort(compareBoard));
    expect(top.map((row) => row.username)).toEqual([names[3], names[1], names[2], names[0]]);
    expect(top.map((row) => row.rank)).toEqual([1, 2, 2, 2]);
    expect(sameRank(top[1]!, top[2]!)).toBe(true);
  });
});
