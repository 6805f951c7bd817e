/**
 * Sparring (docs/design.md section 10.2) through the real Worker: what the dummy is and what a win pays, a burst of
 * spars that the energy allows once, the fight contract it counts for, and what it never moves: protection, a
 * rating, a record of wins, a board. The spar is the player's next verifiable fight roll, and its record keeps the
 * dummy's stats, so its replay verifies after the player levels up.
 */
import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { API } from '../../game/api';
import { MSG } from '../../game/messages';
import { fightStats, SPARRING_DUMMY_NAME, sparringDummy, sparringPays } from '../../game/rules';
import { verdictOf } from '../../game/rules/fair-verdict';
import { contractsFor } from '../../game/rules/contracts';
import { utcDay } from '../../game/rules/fight';
import { xpForLevel } from '../../game/rules/level';
import type { Arena, FairRoll, Fight, FightResult, Leaderboard, Profile, Rotation, Sparring } from '../../game/wire';
import { call, expectError, json, newPlayer, setPlayer, storedFights } from './helpers';

type Player = Awaited<ReturnType<typeof newPlayer>>;

const spar = (p: Player) => call(API.spar.path, { body: {}, token: p.token });
const sparred = async (response: Response) => {
  expect(response.status, await response.clone().text()).toBe(200);
  return json<FightResult>(response);
};
const profileOf = async (p: Player) => json<Profile>(await call(`/api/users/${p.uid}`, { token: p.token }));

describe('sparring', () => {
  it('shows a dummy that follows the player’s fight power, and what a win pays: the best open zone’s worth of 2 energy', async () => {
    const player = await newPlayer();
    await setPlayer(player.uid, { total_attack: 120, total_defense: 80 });
    const view = await json<Sparring>(await call(API.sparring.path, { token: player.token }));
    const dummy = sparringDummy(fightStats({ attack: 120, defense: 80 }, []));
    expect(view).toEqual({ energy: 2, dummy: { ...dummy, power: dummy.attack + dummy.defense }, pays: sparringPays(1) });
    expect(view.dummy).toEqual({ attack: 108, defense: 72, power: 180 });
    expect(view.pays).toEqual({ xp: 2, gold: 17 });
  });

  it('a spar is a fight against the dummy: 2 energy, paid in minted gold and XP on a win, listed and logged', async () => {
    const player = await newPlayer();
    const { fight, profile } = await sparred(await spar(player));
    const won = fight.winner === player.username;
    const pays = won ? sparringPays(1) : { xp: 0, gold: 0 };
    expect(fight).toMatchObject({ attacker: player.username, defender: SPARRING_DUMMY_NAME, goldTaken: pays.gold, goldMinted: pays.gold, ratingChange: 0, xp: pays.xp, rematch: false });
    expect(profile).toMatchObject({ energy: 18, gold: 100 + pays.gold, xp: pays.xp });
    const [listed] = await json<Fight[]>(await call(API.fights.path, { token: player.token }));
    expect(listed).toEqual(fight);
    const [line] = await json<{ text: string; rollId: string | null }[]>(await call(`/api/users/${player.uid}/log`, { token: player.token }));
    expect(line).toMatchObject({ rollId: fight.id, text: won ? `Sparred with the scrap dummy and won: +${pays.gold} gold, +${pays.xp} XP.` : 'Sparred with the scrap dummy and lost.' });
  });

  it('20 parallel spars with 3 energy spend 2 energy once and pay once', async () => {
    const player = await newPlayer();
    await setPlayer(player.uid, { energy: 3, energy_at: Date.now() });
    const responses = await Promise.all(Array.from({ length: 20 }, () => spar(player)));
    const statuses = responses.map((response) => response.status);
    expect(statuses.filter((status) => status === 200)).toHaveLength(1);
    for (const response of responses.filter((r) => r.status !== 200)) await expectError(response, 400, MSG.notEnoughEnergy);
    const { fight } = await json<FightResult>(responses.find((response) => response.status === 200)!);
    const mine = (await storedFights()).filter((stored) => stored.attackerUid === player.uid);
    expect(mine).toHaveLength(1);
    const after = await profileOf(player);
    expect(after.energy).toBe(1);
    expect(after).toMatchObject({ gold: 100 + fight.goldTaken, xp: fight.xp });
  });

  it('a won spar counts for the fight contract; a lost one does not', { timeout: 120_000 }, async () => {
    let player: Player | undefined;
    for (let tries = 0; tries < 40 && !player; tries += 1) {
      const drawn = await newPlayer();
      if (contractsFor(drawn.uid, utcDay(Date.now()))[2]!.kind === 'fight') player = drawn;
    }
    if (!player) throw new Error('no player drew the fight contract in 40 tries');
    const progress = async () =>
      (await env.DB.prepare('SELECT progress FROM contract_progress WHERE uid = ? AND day = ? AND slot = 2').bind(player.uid, utcDay(Date.now())).first<{ progress: number }>())?.progress ?? 0;
    let wins = 0;
    for (let n = 0; n < 10 && wins === 0; n += 1) {
      const { fight } = await sparred(await spar(player));
      if (fight.winner === player.username) wins += 1;
      else expect(await progress()).toBe(0);
    }
    expect(wins).toBe(1);
    expect(await progress()).toBe(1);
  });

  it('a protected player who spars stays protected: an attacker after hears 409 protected', async () => {
    const [newcomer, attacker] = await Promise.all([newPlayer(), newPlayer()]);
    await sparred(await spar(newcomer));
    const arena = await json<Arena>(await call(API.arena.path, { token: newcomer.token }));
    expect(arena.me.protectedUntil).toBeGreaterThan(Date.now());
    const refused = await expectError(await call(API.fight.path, { body: { defender: newcomer.username }, token: attacker.token }), 409);
    expect(refused.code).toBe('protected');
  });

  it('moves no rating, no record of wins and no board', async () => {
    const player = await newPlayer();
    const board = async () => (await json<Leaderboard>(await call('/api/leaderboard?board=alltime', { token: player.token }))).me;
    const before = { arena: (await json<Arena>(await call(API.arena.path, { token: player.token }))).me, board: await board() };
    for (let n = 0; n < 3; n += 1) await sparred(await spar(player));
    const after = { arena: (await json<Arena>(await call(API.arena.path, { token: player.token }))).me, board: await board() };
    expect(after).toEqual(before);
    const { rating, wins, losses } = (await env.DB.prepare('SELECT rating, wins, losses FROM players WHERE uid = ?').bind(player.uid).first<{ rating: number; wins: number; losses: number }>())!;
    expect({ rating, wins, losses }).toEqual({ rating: 1000, wins: 0, losses: 0 });
  });

  it('its replay verifies after the player levels up and changes gear: the record keeps the dummy’s stats', async () => {
    const player = await newPlayer();
    await setPlayer(player.uid, { total_attack: 60, total_defense: 40 });
    const { fight } = await sparred(await spar(player));
    await call(API.rotateSeed.path, { body: {}, token: player.token }).then((response) => json<Rotation>(response));
    await setPlayer(player.uid, { xp: xpForLevel(12), level: 12, total_attack: 400, total_defense: 300 });
    const roll = await json<FairRoll>(await call(`/api/fairness/rolls/${fight.id}`, { token: player.token }));
    expect(roll.outcome).toMatchObject({ kind: 'fight', attacker: { attack: 60, defense: 40 }, defender: sparringDummy({ attack: 60, defense: 40 }), result: { winner: fight.winner === player.username ? 'attacker' : 'defender', rounds: fight.rounds } });
    expect(verdictOf(roll).kind).toBe('verified');
  });
});
