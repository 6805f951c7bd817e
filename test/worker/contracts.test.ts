/**
 * Daily contracts (docs/design.md sections 8.2 and 9.8) through the Worker: moved in the batch of the intent that
 * makes progress (the scavenge contract by the energy each zone spends), claimed once however many tabs claim at
 * once, the bonus (a craft day's for the other two) and the streak. The draw's pure rules: test/game/contracts.test.ts.
 */
import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { MSG } from '../../game/messages';
import { BONUS_REWARD, contractsFor, CONTRACT_RATING_SPREAD, STREAK_CASH } from '../../game/rules/contracts';
import { utcDay } from '../../game/rules/fight';
import { xpForLevel } from '../../game/rules/level';
import { zoneById, type ZoneId } from '../../game/rules/zones';
import type { Contracts, IntentResult, Profile } from '../../game/wire';
import { claimBonus, claimContract } from '../../worker/features/contracts/decide';
import { contractEventsOf } from '../../worker/features/contracts/progress';
import { call, expectError, giveItem, json, mintPlayer, newPlayer, setPlayer, unprotect } from './helpers';

const today = () => utcDay(Date.now());

async function contractsOf(player: { token: string }) {
  const response = await call('/api/contracts', { token: player.token });
  expect(response.status).toBe(200);
  return json<Contracts>(response);
}

async function profileOf(player: { uid: string; token: string }) {
  return json<Profile>(await call(`/api/users/${player.uid}`, { token: player.token }));
}

/** A contract's progress set straight in D1, as if the intents had made it. */
async function setProgress(uid: string, slot: number, progress: number, claimedAt: number | null = null, day = today()) {
  await env.DB.prepare('INSERT OR REPLACE INTO contract_progress (uid, day, slot, progress, claimed_at) VALUES (?, ?, ?, ?, ?)').bind(uid, day, slot, progress, claimedAt).run();
}

const finish = (uid: string, slot: number) => setProgress(uid, slot, contractsFor(uid, today())[slot]!.target);

describe('GET /api/contracts', () => {
  it("answers today's three contracts with no progress, the reset at the next UTC midnight and no streak", async () => {
    const player = await newPlayer();
    const answer = await contractsOf(player);
    expect(answer.day).toBe(new Date().toISOString().slice(0, 10));
    expect(answer.resetsAt).toBe((today() + 1) * 86_400_000);
    expect(answer.streak).toBe(0);
    expect(answer.bonusClaimedAt).toBeNull();
    expect(answer.contracts.map(({ slot, kind, target, reward }) => ({ slot, kind, target, reward }))).toEqual(contractsFor(player.uid, today()));
    expect(answer.contracts.every((contract) => contract.progress === 0 && contract.claimedAt === null)).toBe(true);
  });
});

describe('progress is written by the intent that makes it', () => {
  it('a burst of 12 scavenges with 8 energy moves the scavenge contract by exactly the 8 that happened', async () => {
    const player = await newPlayer();
    await setPlayer(player.uid, { energy: 8, energy_at: Date.now() });
    const statuses = await Promise.all(Array.from({ length: 12 }, async () => (await call('/api/scavenge', { body: {}, token: player.token })).status));
    expect(statuses.filter((status) => status === 200)).toHaveLength(8);
    expect((await contractsOf(player)).contracts[0]!.progress).toBe(8);
  });

  it("counts the energy each zone spends: a Rail Yard scavenge moves it by 2, a Bunker Row one by 5", async () => {
    const player = await newPlayer();
    await setPlayer(player.uid, { xp: xpForLevel(10), level: 10, energy: 20, energy_at: Date.now() });
    let spent = 0;
    for (const zone of ['streets', 'rail-yard', 'bunker-row'] as ZoneId[]) {
      const answer = await call('/api/scavenge', { body: { zone }, token: player.token });
      expect(answer.status, await answer.clone().text()).toBe(200);
      spent += zoneById(zone).energy;
      expect((await contractsOf(player)).contracts[0]!.progress, zone).toBe(spent);
    }
    expect(spent).toBe(1 + 2 + 5);
  });

  it('a burst of Rail Yard scavenges with 9 energy counts the 8 energy the 4 that happened spent', async () => {
    const player = await newPlayer();
    await setPlayer(player.uid, { xp: xpForLevel(3), level: 3, energy: 9, energy_at: Date.now() });
    const statuses = await Promise.all(Array.from({ length: 8 }, async () => (await call('/api/scavenge', { body: { zone: 'rail-yard' }, token: player.token })).status));
    expect(statuses.filter((status) => status === 200)).toHaveLength(4);
    expect((await contractsOf(player)).contracts[0]!.progress).toBe(8);
  });

  it('never passes the target', async () => {
    const player = await newPlayer();
    const { target } = contractsFor(player.uid, today())[0]!;
    await setProgress(player.uid, 0, target - 1);
    for (let index = 0; index < 3; index += 1) expect((await call('/api/scavenge', { body: {}, token: player.token })).status).toBe(200);
    expect((await contractsOf(player)).contracts[0]!.progress).toBe(target);
  });
});

/** A new player whose draw today has `kind` in `slot` (a third of players have a given second contract). */
async function playerWith(kind: string, slot: number) {
  for (let tries = 0; tries < 40; tries += 1) {
    const player = await newPlayer();
    if (contractsFor(player.uid, today())[slot]!.kind === kind) return player;
  }
  throw new Error(`no player drew ${kind} in 40 tries`);
}

const storedProgress = async (uid: string, slot: number) =>
  (await env.DB.prepare('SELECT progress FROM contract_progress WHERE uid = ? AND day = ? AND slot = ?').bind(uid, today(), slot).first<{ progress: number }>())?.progress ?? 0;

describe('what the contracts read of an intent (the commit hook, worker/core/commit-hooks.ts)', () => {
  it('counts each event its contract counts, and nothing else', () => {
    expect(
      contractEventsOf([
        { kind: 'scavenged', energy: 1 },
        { kind: 'scavenged', energy: 5 },
        { kind: 'took', qualities: [3, 9] },
        { kind: 'took', qualities: [10] },
        { kind: 'trophy', catalogId: 'compound-bow', rarity: 'rare', quality: 1, researchedAt: 0, scores: true },
        { kind: 'trophy', catalogId: 'machete', rarity: 'uncommon', quality: 10, researchedAt: 0, scores: true },
        { kind: 'fight-won', ratingGap: CONTRACT_RATING_SPREAD },
        { kind: 'fight-won', ratingGap: CONTRACT_RATING_SPREAD + 1 },
        { kind: 'crafted' },
        { kind: 'crafted' },
      ]),
    ).toEqual({ scavengeEnergy: 6, takenQualities: [3, 9, 10], rareTrophies: 1, closeWins: 1, crafts: 2 });
    expect(contractEventsOf([])).toEqual({ scavengeEnergy: 0, takenQualities: [], rareTrophies: 0, closeWins: 0, crafts: 0 });
  });
});

describe('each intent moves its own contract', () => {
  it('a Rare trophy moves the trophies contract; a Common one does not', async () => {
    const player = await playerWith('trophies', 1);
    const common = await giveItem(player.uid, { catalogId: 'kitchen-knife', researched: true });
    expect((await call('/api/trophycase', { body: { itemId: common }, token: player.token })).status).toBe(200);
    expect(await storedProgress(player.uid, 1)).toBe(0);
    const rare = await giveItem(player.uid, { catalogId: 'compound-bow', researched: true });
    expect((await call('/api/trophycase', { body: { itemId: rare }, token: player.token })).status).toBe(200);
    expect(await storedProgress(player.uid, 1)).toBe(1);
  });

  it('a fight won against a player within 150 rating moves the fight contract; one further away does not', async () => {
    const attacker = await playerWith('fight', 2);
    const [near, far] = await Promise.all([newPlayer(), newPlayer()]);
    await unprotect(near, far);
    await giveItem(attacker.uid, { catalogId: 'compound-bow', quality: 10 });
    await setPlayer(attacker.uid, { total_attack: 500, rating: 1000 });
    await setPlayer(far.uid, { rating: 1200 });
    await setPlayer(near.uid, { rating: 1100 });
    const fight = async (defender: string) => json<{ fight: { winner: string } }>(await call('/api/arena/fights', { body: { defender }, token: attacker.token }));
    expect((await fight(far.username)).fight.winner).toBe(attacker.username);
    expect(await storedProgress(attacker.uid, 2)).toBe(0);
    await setPlayer(attacker.uid, { energy: 20, energy_at: Date.now() });
    expect((await fight(near.username)).fight.winner).toBe(attacker.username);
    expect(await storedProgress(attacker.uid, 2)).toBe(1);
  });
});

describe('claiming a contract', () => {
  it('refuses one not finished yet, changing nothing', async () => {
    const player = await newPlayer();
    await setProgress(player.uid, 0, 1);
    const before = await profileOf(player);
    await expectError(await call('/api/contracts/0/claim', { body: {}, token: player.token }), 409, MSG.contractNotFinished);
    expect(await profileOf(player)).toMatchObject({ cash: before.cash, gold: before.gold });
    expect((await contractsOf(player)).contracts[0]!.claimedAt).toBeNull();
  });

  it('pays once when ten tabs claim the finished contract at once; the others hear it was claimed', async () => {
    const player = await newPlayer();
    await finish(player.uid, 0);
    const { reward } = contractsFor(player.uid, today())[0]!;
    const answers = await Promise.all(Array.from({ length: 10 }, () => call('/api/contracts/0/claim', { body: {}, token: player.token })));
    const paid = answers.filter((answer) => answer.status === 200);
    expect(paid).toHaveLength(1);
    for (const answer of answers.filter((one) => one.status !== 200)) await expectError(answer, 409, MSG.alreadyClaimed);
    expect((await json<IntentResult>(paid[0]!)).profile.cash).toBe(reward.cash);
    expect(await profileOf(player)).toMatchObject({ cash: reward.cash, gold: 100 + reward.gold });
    expect((await contractsOf(player)).contracts[0]!.claimedAt).toEqual(expect.any(Number));
  });

  it('refuses a slot that is not one, and a body that names a day', async () => {
    const player = await newPlayer();
    await finish(player.uid, 0);
    for (const path of ['/api/contracts/3/claim', '/api/contracts/x/claim', '/api/contracts/-1/claim']) expect((await call(path, { body: {}, token: player.token })).status, path).toBe(400);
    expect((await call('/api/contracts/0/claim', { body: { day: 1 }, token: player.token })).status).toBe(400);
    expect((await profileOf(player)).cash).toBe(0);
  });

  it("counts the commit's day: yesterday's finished contract cannot be claimed today", async () => {
    const player = await newPlayer();
    await setProgress(player.uid, 0, 1000, null, today() - 1);
    await expectError(await call('/api/contracts/0/claim', { body: {}, token: player.token }), 409, MSG.contractNotFinished);
    // The decision takes the day from the commit's clock alone.
    const state = { player: { uid: 'u', cash: 0, gold: 0 }, items: [], loot: [] } as never;
    const rows = [{ uid: 'u', day: 100, slot: 0, progress: 1000, claimedAt: null }];
    expect(() => claimContract(state, rows, 0, 101 * 86_400_000)).toThrow(MSG.contractNotFinished);
    expect(claimContract(state, rows, 0, 100 * 86_400_000 + 5).player.cash).toBe(contractsFor('u', 100)[0]!.reward.cash);
  });
});

describe('the bonus for all three', () => {
  it('answers at /api/contracts/bonus/claim (never taken for a slot), once all three are claimed, and pays once under a burst', async () => {
    const player = await newPlayer();
    await expectError(await call('/api/contracts/bonus/claim', { body: {}, token: player.token }), 409, MSG.contractNotFinished);
    const contracts = contractsFor(player.uid, today());
    for (const contract of contracts) await setProgress(player.uid, contract.slot, contract.target, Date.now());
    const answers = await Promise.all(Array.from({ length: 10 }, () => call('/api/contracts/bonus/claim', { body: {}, token: player.token })));
    expect(answers.filter((answer) => answer.status === 200)).toHaveLength(1);
    for (const answer of answers.filter((one) => one.status !== 200)) await expectError(answer, 409, MSG.alreadyClaimed);
    expect(await profileOf(player)).toMatchObject({ cash: BONUS_REWARD.cash, gold: 100 + BONUS_REWARD.gold });
    const after = await contractsOf(player);
    expect(after.streak).toBe(1);
    expect(after.bonusClaimedAt).toEqual(expect.any(Number));
  });

  it('on a craft day asks for the other two: claimed without the craft, it pays and moves the streak (section 9.8)', async () => {
    let player: Awaited<ReturnType<typeof mintPlayer>> | undefined;
    // One player in seven has today as their craft day.
    for (let tries = 0; tries < 100 && !player; tries += 1) {
      const minted = await mintPlayer();
      if (contractsFor(minted.uid, today())[2]!.kind === 'craft') player = minted;
    }
    if (!player) throw new Error('no player drew a craft today in 100 tries');
    await env.DB.prepare('UPDATE players SET streak = 6, streak_day = ? WHERE uid = ?').bind(today() - 1, player.uid).run();
    const [first, second] = contractsFor(player.uid, today());
    await setProgress(player.uid, first!.slot, first!.target, Date.now());
    await expectError(await call('/api/contracts/bonus/claim', { body: {}, token: player.token }), 409, MSG.contractNotFinished);
    await setProgress(player.uid, second!.slot, second!.target, Date.now());
    const answer = await call('/api/contracts/bonus/claim', { body: {}, token: player.token });
    expect(answer.status, await answer.clone().text()).toBe(200);
    expect((await json<IntentResult>(answer)).profile).toMatchObject({ cash: BONUS_REWARD.cash + STREAK_CASH, gold: 100 + BONUS_REWARD.gold });
    expect(await contractsOf(player)).toMatchObject({ streak: 7, bonusClaimedAt: expect.any(Number) });
    const [line] = await json<{ text: string }[]>(await call(`/api/users/${player.uid}/log`, { token: player.token }));
    expect(line?.text).toBe(`Both contracts done, day 7 in a row (+${BONUS_REWARD.cash + STREAK_CASH} cash, ${BONUS_REWARD.gold} gold).`);
  });

  it('on any other day still asks for all three', () => {
    const uid = 'someone';
    const day = Array.from({ length: 7 }, (_, offset) => 20_000 + offset).find((one) => contractsFor(uid, one)[2]!.kind !== 'craft')!;
    const state = { player: { uid, cash: 0, gold: 0, streak: 0, streakDay: 0 }, items: [], loot: [] } as never;
    const claimed = (slots: number[]) => slots.map((slot) => ({ uid, day, slot, progress: 1, claimedAt: 1 }));
    expect(() => claimBonus(state, claimed([0, 1]), day * 86_400_000)).toThrow(MSG.contractNotFinished);
    expect(claimBonus(state, claimed([0, 1, 2]), day * 86_400_000).player).toMatchObject({ streak: 1, streakDay: day });
  });

  it('pays the seven-day streak on the seventh day in a row, and a missed day starts again', async () => {
    const [steady, late] = await Promise.all([newPlayer(), newPlayer()]);
    await env.DB.prepare('UPDATE players SET streak = 6, streak_day = ? WHERE uid = ?').bind(today() - 1, steady.uid).run();
    await env.DB.prepare('UPDATE players SET streak = 6, streak_day = ? WHERE uid = ?').bind(today() - 2, late.uid).run();
    expect((await contractsOf(late)).streak).toBe(0);
    for (const player of [steady, late]) {
      for (const contract of contractsFor(player.uid, today())) await setProgress(player.uid, contract.slot, contract.target, Date.now());
      expect((await call('/api/contracts/bonus/claim', { body: {}, token: player.token })).status).toBe(200);
    }
    expect((await profileOf(steady)).cash).toBe(BONUS_REWARD.cash + STREAK_CASH);
    expect((await contractsOf(steady)).streak).toBe(7);
    expect((await profileOf(late)).cash).toBe(BONUS_REWARD.cash);
    expect((await contractsOf(late)).streak).toBe(1);
  });
});
