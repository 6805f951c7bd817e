/**
 * Daily contracts' rules (docs/design.md sections 8.2 and 9.8): the draw from the uid and the day, what each
 * intent counts, the scavenge contract in energy so every zone serves it, the bonus that a craft day does not hold
 * back, and the streak.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { SCAVENGE_COST } from '../../game/constants';
import {
  bonusContracts,
  contractsFor,
  contractText,
  CONTRACT_KINDS,
  progressFrom,
  researchFinishedToday,
  STREAK_LENGTH,
  streakAfterBonus,
  streakOn,
  type ContractTerms,
} from '../../game/rules/contracts';
import { researchDurationMs } from '../../game/rules/rarity';
import { ZONES } from '../../game/rules/zones';

describe('the draw', () => {
  it('is three contracts a day, the same for the same uid and day, from the six kinds, energy to scavenge first', () => {
    fc.assert(
      fc.property(fc.uuid(), fc.integer({ min: 0, max: 100_000 }), (uid, day) => {
        const contracts = contractsFor(uid, day);
        expect(contracts).toEqual(contractsFor(uid, day));
        expect(contracts.map((contract) => contract.slot)).toEqual([0, 1, 2]);
        expect(contracts[0]!.kind).toBe('scavenge');
        for (const contract of contracts) {
          expect(CONTRACT_KINDS).toContain(contract.kind);
          expect(contract.reward.cash).toBeGreaterThanOrEqual(1);
          expect(contract.reward.cash).toBeLessThanOrEqual(2);
        }
      }),
    );
  });

  it('gives every kind to some players, and a craft to each player one day a week', () => {
    const kinds = new Set<string>();
    for (let index = 0; index < 200; index += 1) for (const contract of contractsFor(`player-${index}`, 20_000)) kinds.add(contract.kind);
    expect([...kinds].sort()).toEqual([...CONTRACT_KINDS].sort());
    const week = Array.from({ length: 7 }, (_, offset) => contractsFor('someone', 20_000 + offset)[2]!.kind);
    expect(week.filter((kind) => kind === 'craft')).toHaveLength(1);
  });
});

describe('the scavenge contract counts energy (section 9.8)', () => {
  const sizes = () => {
    const seen = new Map<number, number>();
    for (let index = 0; index < 300; index += 1) {
      const { target, reward } = contractsFor(`player-${index}`, 20_000)[0]!;
      seen.set(target, reward.cash);
    }
    return seen;
  };

  it("keeps the effort of 15, 25 and 40 scavenges of the Streets, in energy, paying 1, 1 and 2 cash", () => {
    expect(sizes()).toEqual(new Map([[15 * SCAVENGE_COST, 1], [25 * SCAVENGE_COST, 1], [40 * SCAVENGE_COST, 2]]));
  });

  it("says what it asks in energy", () => {
    expect(contractText({ kind: 'scavenge', target: 25 })).toBe('Spend 25 energy scavenging');
  });

  it('is served by every zone: a scavenge moves it by its zone’s energy', () => {
    const contracts = contractsFor('someone', 20_000);
    for (const zone of ZONES) expect(progressFrom(contracts, { scavengeEnergy: zone.energy }), zone.id).toEqual(new Map([[0, zone.energy]]));
  });
});

describe('what each intent counts', () => {
  it('moves the matching contract only', () => {
    const contracts = [
      { slot: 0, kind: 'scavenge', target: 15, reward: { cash: 1, gold: 0 } },
      { slot: 1, kind: 'take-quality', target: 1, reward: { cash: 1, gold: 0 } },
      { slot: 2, kind: 'fight', target: 1, reward: { cash: 1, gold: 0 } },
    ] as const;
    expect(progressFrom(contracts, { scavengeEnergy: 5 })).toEqual(new Map([[0, 5]]));
    expect(progressFrom(contracts, { takenQualities: [3, 8, 10] })).toEqual(new Map([[1, 2]]));
    expect(progressFrom(contracts, { takenQualities: [7] })).toEqual(new Map());
    expect(progressFrom(contracts, { closeWins: 1, crafts: 1 })).toEqual(new Map([[2, 1]]));
  });

  it('measures research the player finished today on Very Rare or better items, by the time recorded once', () => {
    const now = Date.UTC(2026, 10, 25, 12);
    const duration = researchDurationMs('veryrare');
    const finishedAt = (at: number) => ({ rarity: 'veryrare' as const, uid: 'me', researchMs: 0, equippedAt: at - duration, researchedBy: null, researchedAt: null });
    expect(researchFinishedToday([finishedAt(now - 60_000)], 'me', now)).toBe(1);
    expect(researchFinishedToday([finishedAt(Date.UTC(2026, 10, 24, 23))], 'me', now)).toBe(0);
    expect(researchFinishedToday([finishedAt(now + 60_000)], 'me', now)).toBe(0);
    expect(researchFinishedToday([{ ...finishedAt(now - 60_000), rarity: 'rare' }], 'me', now)).toBe(0);
    // Finished today and then unequipped: the record keeps the time, so it still counts.
    expect(researchFinishedToday([{ ...finishedAt(now), equippedAt: null, researchMs: duration, researchedBy: 'me', researchedAt: now - 60_000 }], 'me', now)).toBe(1);
    // Researched days ago and re-equipped today: the recorded time, not the equip, decides.
    const old = Date.UTC(2026, 10, 20);
    expect(researchFinishedToday([{ ...finishedAt(now), equippedAt: now - 1_000, researchMs: duration, researchedBy: 'me', researchedAt: old }], 'me', now)).toBe(0);
    // Researched today by someone else (bought): not this player's research.
    expect(researchFinishedToday([{ ...finishedAt(now), equippedAt: now - 1_000, researchMs: duration, researchedBy: 'seller', researchedAt: now - 60_000 }], 'me', now)).toBe(0);
  });
});

describe('the bonus and the streak', () => {
  it('asks for all three, or on a craft day for the other two (section 9.8)', () => {
    const day = (third: ContractTerms['kind']) => [
      { slot: 0, kind: 'scavenge' as const },
      { slot: 1, kind: 'research' as const },
      { slot: 2, kind: third },
    ];
    expect(bonusContracts(day('fight')).map((contract) => contract.slot)).toEqual([0, 1, 2]);
    expect(bonusContracts(day('craft')).map((contract) => contract.slot)).toEqual([0, 1]);
  });

  it('is reachable seven days in a row without crafting: each week has a craft day, and no bonus asks for it', () => {
    for (let index = 0; index < 100; index += 1) {
      const week = Array.from({ length: STREAK_LENGTH }, (_, offset) => contractsFor(`player-${index}`, 20_000 + offset));
      expect(week.flat().filter((contract) => contract.kind === 'craft')).toHaveLength(1);
      for (const contracts of week) expect(bonusContracts(contracts).map((contract) => contract.kind)).not.toContain('craft');
    }
  });

  it('keeps a streak of days in a row, resets it after a missed day, and pays the seventh', () => {
    expect(streakOn(4, 100, 101)).toBe(4);
    expect(streakOn(4, 100, 102)).toBe(0);
    expect(streakAfterBonus(6, 100, 101)).toEqual({ streak: 7, weekDone: true });
    expect(streakAfterBonus(6, 99, 101)).toEqual({ streak: 1, weekDone: false });
  });
});
