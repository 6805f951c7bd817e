import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  DAILY_DEFENCES_LOST_CAP,
  defenceLost,
  fight,
  FIGHT_HP,
  FIGHT_MAX_ROUNDS,
  FIGHT_RECOVERY_MS,
  FIGHT_STAT_BASE,
  isKnockout,
  isUpset,
  nextUtcMidnight,
  protectedGold,
  RATING_FLOOR,
  ratingAfter,
  ratingChange,
  utcDay,
  type Fighter,
} from '../../game/rules/fight';
import { DAILY_FIGHT_LOSS_PERCENT, fightPurse, isNewcomer, lossesAfter, NEWCOMER_FIGHT_LOSS_CAP, winGold } from '../../game/rules/fight-gold';
import { seededRandom } from '../../game/rules/random';
import { DAY_MS } from '../../game/time';
import { CPU_BOUND_MS } from './cpu-bound';

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
  it('replays the same rounds from the same seed', { timeout: CPU_BOUND_MS }, () => {
    fc.assert(
      fc.property(fighter, fighter, seed, (a, d, s) => {
        expect(fight(a, d, seededRandom(s))).toEqual(fight(a, d, seededRandom(s)));
      }),
    );
  });

  // Rules version 2 (docs/decisions/015-rules-that-teach.md): a coin decides who strikes first, and 30 strikes
  // at most; version 1 always let the attacker start and stopped at 10.
  it('lasts at most 30 strikes, alternating from whoever the coin chose, and ends at once when someone reaches 0 HP', { timeout: CPU_BOUND_MS }, () => {
    fc.assert(
      fc.property(fighter, fighter, seed, (a, d, s) => {
        const { rounds, winner } = fight(a, d, seededRandom(s));
        expect(FIGHT_MAX_ROUNDS).toBe(30);
        expect(rounds.length).toBeGreaterThan(0);
        expect(rounds.length).toBeLessThanOrEqual(FIGHT_MAX_ROUNDS);
        const first = rounds[0]!.by;
        rounds.forEach((round, index) => expect(round.by === first).toBe(index % 2 === 0));
        // Nobody strikes after a knockout.
        rounds.slice(0, -1).forEach((round) => expect(Math.min(round.attackerHp, round.defenderHp)).toBeGreaterThan(0));
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

  it('is even between equal players: the attacker wins 45–55 % of 10,000 fights', { timeout: CPU_BOUND_MS }, () => {
    for (const player of [{ attack: 0, defense: 0 }, { attack: 40, defense: 25 }, { attack: 300, defense: 120 }, { attack: 400, defense: 0 }]) {
      const rate = attackerWinRate(player, player);
      expect(rate, JSON.stringify(player)).toBeGreaterThanOrEqual(0.45);
      expect(rate, JSON.stringify(player)).toBeLessThanOrEqual(0.55);
    }
  });

  it('lets either side strike first, half the time each', () => {
    let attackerFirst = 0;
    for (let s = 0; s < 10_000; s += 1) if (fight({ attack: 40, defense: 25 }, { attack: 40, defense: 25 }, seededRandom(s * 2654435761)).rounds[0]!.by === 'attacker') attackerFirst += 1;
    expect(attackerFirst / 10_000).toBeGreaterThan(0.48);
    expect(attackerFirst / 10_000).toBeLessThan(0.52);
  });

  it('ends by knockout in at least half of 10,000 fights between a player and one with twice their power (seeded)', { timeout: CPU_BOUND_MS }, () => {
    const twice = (stat: number) => 2 * (stat + FIGHT_STAT_BASE) - FIGHT_STAT_BASE;
    for (const weak of [{ attack: 0, defense: 0 }, { attack: 30, defense: 20 }, { attack: 150, defense: 40 }, { attack: 60, defense: 60 }, { attack: 5, defense: 90 }]) {
      const strong = { attack: twice(weak.attack), defense: twice(weak.defense) };
      for (const [attacker, defender] of [[strong, weak], [weak, strong]] as const) {
        let knockouts = 0;
        for (let s = 0; s < 10_000; s += 1) if (isKnockout(fight(attacker, defender, seededRandom(s * 2654435761)))) knockouts += 1;
        expect(knockouts / 10_000, JSON.stringify({ attacker, defender })).toBeGreaterThanOrEqual(0.5);
      }
    }
  });

  it('favours twice the power (stats and base doubled): at least 80 % of 10,000 fights, attacking or defending', { timeout: CPU_BOUND_MS }, () => {
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

  it('pays a purse by the defender’s level, half theirs and half minted, never more than the cap', () => {
    expect(protectedGold(1)).toBe(60);
    expect(protectedGold(5)).toBe(100);
    expect([1, 5, 9, 50].map(fightPurse)).toEqual([8, 16, 24, 24]);
    const rich = { gold: 100_000, level: 9, createdAt: 0 };
    const none = { day: 0, today: 0, firstWeek: 0 };
    expect(winGold(rich, none, 30 * DAY_MS)).toEqual({ lost: 12, minted: 12, taken: 24 });
    // Nothing above the protected gold: the winner gains the minted half only.
    expect(winGold({ gold: 60, level: 1, createdAt: 0 }, none, 30 * DAY_MS)).toEqual({ lost: 0, minted: 4, taken: 4 });
  });

  it('takes at most 2 % of a defender’s gold in a UTC day, and 100 in all in their first 7 days (a property)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 10_000_000 }), fc.integer({ min: 1, max: 200 }), fc.integer({ min: 1, max: 300 }), fc.boolean(), (start, level, fights, newcomer) => {
        const createdAt = newcomer ? 10 * DAY_MS : 0;
        const now = 12 * DAY_MS + 3_600_000;
        let gold = start;
        let losses = { day: 0, today: 0, firstWeek: 0 };
        for (let n = 0; n < fights; n += 1) {
          const { lost, taken, minted } = winGold({ gold, level, createdAt }, losses, now + n);
          expect(taken).toBe(lost + minted);
          gold -= lost;
          losses = lossesAfter(losses, createdAt, lost, now + n);
        }
        expect(start - gold).toBeLessThanOrEqual(Math.floor((start * DAILY_FIGHT_LOSS_PERCENT) / 100));
        if (newcomer) expect(start - gold).toBeLessThanOrEqual(NEWCOMER_FIGHT_LOSS_CAP);
        expect(gold).toBeGreaterThanOrEqual(Math.min(start, protectedGold(level)));
      }),
    );
  });

  it('counts a day’s losses from 00:00 UTC, and a newcomer’s only in their first 7 days', () => {
    const day = 20 * DAY_MS;
    const lost = lossesAfter({ day: utcDay(day) - 1, today: 30, firstWeek: 90 }, day - 6 * DAY_MS, 5, day);
    expect(lost).toEqual({ day: utcDay(day), today: 5, firstWeek: 95 });
    expect(lossesAfter(lost, day - 8 * DAY_MS, 5, day)).toEqual({ day: utcDay(day), today: 10, firstWeek: 95 });
    expect(isNewcomer(day - 7 * DAY_MS + 1, day)).toBe(true);
    expect(isNewcomer(day - 7 * DAY_MS, day)).toBe(false);
  });

  it('never lets a rating fall below 100', () => {
    expect(RATING_FLOOR).toBe(100);
    expect(ratingAfter(110, -16)).toBe(100);
    expect(ratingAfter(100, -29)).toBe(100);
    expect(ratingAfter(100, 16)).toBe(116);
    fc.assert(
      fc.property(fc.array(fc.boolean(), { maxLength: 300 }), (results) => {
        let rating = 1000;
        for (const won of results) rating = ratingAfter(rating, ratingChange(rating, 1000, won));
        expect(rating).toBeGreaterThanOrEqual(RATING_FLOOR);
      }),
    );
  });
});

describe('recovery after a lost defence', () => {
  const DAY = 24 * 60 * 60 * 1000;
  const noon = Date.UTC(2026, 10, 24, 12, 0, 0);

  it('lasts 10 minutes for the first two lost defences of a UTC day, and until 00:00 UTC from the third', () => {
    let lost = { day: 0, count: 0 };
    const ends: number[] = [];
    for (let n = 0; n < DAILY_DEFENCES_LOST_CAP + 1; n += 1) {
      const at = noon + n * 60_000;
      const result = defenceLost(lost, at);
      lost = result.lost;
      ends.push(result.recoveringUntil - at);
    }
    expect(DAILY_DEFENCES_LOST_CAP).toBe(3);
    expect(ends.slice(0, 2)).toEqual([FIGHT_RECOVERY_MS, FIGHT_RECOVERY_MS]);
    expect(defenceLost({ day: utcDay(noon), count: 2 }, noon).recoveringUntil).toBe(Date.UTC(2026, 10, 25));
    expect(defenceLost({ day: utcDay(noon), count: 5 }, noon).recoveringUntil).toBe(Date.UTC(2026, 10, 25));
    expect(lost).toEqual({ day: utcDay(noon), count: 4 });
  });

  it('counts each UTC day afresh: yesterday’s losses do not carry over', () => {
    const result = defenceLost({ day: utcDay(noon) - 1, count: 7 }, noon);
    expect(result.lost).toEqual({ day: utcDay(noon), count: 1 });
    expect(result.recoveringUntil).toBe(noon + FIGHT_RECOVERY_MS);
  });

  it('never ends a third-loss recovery sooner than 10 minutes, even just before midnight', () => {
    const late = Date.UTC(2026, 10, 24, 23, 58);
    expect(defenceLost({ day: utcDay(late), count: 2 }, late).recoveringUntil).toBe(late + FIGHT_RECOVERY_MS);
    expect(nextUtcMidnight(late)).toBe(Date.UTC(2026, 10, 25));
    expect(nextUtcMidnight(Date.UTC(2026, 10, 25))).toBe(Date.UTC(2026, 10, 25) + DAY);
  });

  it('calls a win against a player twice as strong an upset', () => {
    expect(isUpset({ attack: 10, defense: 10 }, { attack: 30, defense: 10 })).toBe(true);
    expect(isUpset({ attack: 10, defense: 10 }, { attack: 30, defense: 9 })).toBe(false);
    expect(isUpset({ attack: 0, defense: 0 }, { attack: 0, defense: 0 })).toBe(false);
  });
});
