import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  fight,
  FIGHT_HP,
  FIGHT_MAX_ROUNDS,
  FIGHT_STAT_BASE,
  goldTaken,
  isUpset,
  ratingChange,
  type Fighter,
} from '../../game/rules/fight';
import { seededRandom } from '../../game/rules/random';

const stat = fc.integer({ min: 0, max: 400 });
const fighter = fc.record({ attack: stat, defense: stat });
const seed = fc.integer({ min: 0, max: 2 ** 32 - 1 });

/** How often the attacker wins over `fights` seeds. */
function attackerWinRate(attacker: Fighter, defender: Fighter, fights = 10_000): number {
  let wins = 0;
  for (let s = 0; s < fights; s += 1) if (fight(attacker, defender, seededRandom(s * 2654435761)).winner === 'attacker') wins += 1;
  return wins / fights;
}

describe('a fight', () => {
  it('replays the same rounds from the same seed', () => {
    fc.assert(
      fc.property(fighter, fighter, seed, (a, d, s) => {
        expect(fight(a, d, seededRandom(s))).toEqual(fight(a, d, seededRandom(s)));
      }),
    );
  });

  it('lasts at most 10 strikes, alternating from the attacker, and ends when someone reaches 0 HP', () => {
    fc.assert(
      fc.property(fighter, fighter, seed, (a, d, s) => {
        const { rounds, winner } = fight(a, d, seededRandom(s));
        expect(rounds.length).toBeGreaterThan(0);
        expect(rounds.length).toBeLessThanOrEqual(FIGHT_MAX_ROUNDS);
        rounds.forEach((round, index) => expect(round.by).toBe(index % 2 === 0 ? 'attacker' : 'defender'));
        const last = rounds.at(-1)!;
        if (rounds.length < FIGHT_MAX_ROUNDS) expect(Math.min(last.attackerHp, last.defenderHp)).toBe(0);
        expect(winner).toBe(last.attackerHp > last.defenderHp ? 'attacker' : 'defender');
        // HP only goes down, by exactly each strike's damage.
        let hp = { attacker: FIGHT_HP, defender: FIGHT_HP };
        for (const round of rounds) {
          const target = round.by === 'attacker' ? 'defender' : 'attacker';
          hp = { ...hp, [target]: Math.max(0, hp[target] - round.damage) };
          expect([round.attackerHp, round.defenderHp]).toEqual([hp.attacker, hp.defender]);
        }
      }),
    );
  });

  it('is monotonic: for any seed, more attack or defense never turns an attacker’s win into a loss', () => {
    fc.assert(
      fc.property(fighter, fighter, seed, fc.integer({ min: 1, max: 200 }), fc.constantFrom('attack', 'defense'), (a, d, s, more, which) => {
        const stronger = { ...a, [which]: a[which] + more };
        if (fight(a, d, seededRandom(s)).winner === 'attacker') expect(fight(stronger, d, seededRandom(s)).winner).toBe('attacker');
        // And the other way round: a stronger defender never turns its own win into a loss.
        const tougher = { ...d, [which]: d[which] + more };
        if (fight(a, d, seededRandom(s)).winner === 'defender') expect(fight(a, tougher, seededRandom(s)).winner).toBe('defender');
      }),
      { numRuns: 500 },
    );
  });

  it('is even between equal players: the attacker wins 45–55 % of 10,000 fights', () => {
    for (const player of [{ attack: 0, defense: 0 }, { attack: 40, defense: 25 }, { attack: 300, defense: 120 }, { attack: 400, defense: 0 }]) {
      const rate = attackerWinRate(player, player);
      expect(rate, JSON.stringify(player)).toBeGreaterThanOrEqual(0.45);
      expect(rate, JSON.stringify(player)).toBeLessThanOrEqual(0.55);
    }
  });

  it('favours twice the power (stats and base doubled): at least 80 % of 10,000 fights, attacking or defending', () => {
    const twice = (stat: number) => 2 * (stat + FIGHT_STAT_BASE) - FIGHT_STAT_BASE;
    for (const weak of [{ attack: 0, defense: 0 }, { attack: 30, defense: 20 }, { attack: 150, defense: 40 }, { attack: 5, defense: 90 }]) {
      const strong = { attack: twice(weak.attack), defense: twice(weak.defense) };
      expect(attackerWinRate(strong, weak), JSON.stringify(weak)).toBeGreaterThanOrEqual(0.8);
      expect(1 - attackerWinRate(weak, strong), JSON.stringify(weak)).toBeGreaterThanOrEqual(0.8);
    }
  });
});

describe('what a fight is worth', () => {
  it('moves Elo points by K = 32: even players ±16, and the favourite gains little', () => {
    expect(ratingChange(1000, 1000, true)).toBe(16);
    expect(ratingChange(1000, 1000, false)).toBe(-16);
    expect(ratingChange(1400, 1000, true)).toBe(3);
    expect(ratingChange(1000, 1400, true)).toBe(29);
  });

  it('gives a winning attacker 10 % of the defender’s gold, rounded down', () => {
    expect(goldTaken(100)).toBe(10);
    expect(goldTaken(19)).toBe(1);
    expect(goldTaken(9)).toBe(0);
    expect(goldTaken(0)).toBe(0);
  });

  it('calls a win against a player twice as strong an upset', () => {
    expect(isUpset({ attack: 10, defense: 10 }, { attack: 30, defense: 10 })).toBe(true);
    expect(isUpset({ attack: 10, defense: 10 }, { attack: 30, defense: 9 })).toBe(false);
    expect(isUpset({ attack: 0, defense: 0 }, { attack: 0, defense: 0 })).toBe(false);
  });
});
