import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  compareItems,
  displayStat,
  itemPower,
  type MaybeNumber,
  RARITIES,
  rarityRank,
  type SortableItem,
  sortItems,
} from '../../game/rules';
import { CPU_BOUND_MS } from './cpu-bound';

/** round(base × (1 + 0.2 × (quality − 1))) in exact BigInt arithmetic: floor((2 × base × (quality + 4) + 5) / 10). */
function exactRounded(base: number, quality: number): number {
  return Number((2n * BigInt(base) * BigInt(quality + 4) + 5n) / 10n);
}

const quality = fc.integer({ min: 1, max: 10 });
const missing = fc.constantFrom(null, undefined, Number.NaN);

describe('displayStat', () => {
  it('shows the base stat at quality 1', () => {
    expect(displayStat(10, 1)).toBe(10);
  });

  it('adds 20 % per quality step above 1', () => {
    expect(displayStat(10, 10)).toBe(28);
    expect(displayStat(10, 6)).toBe(20);
  });

  it('is exact where the literal formula carries floating-point error', () => {
    expect(displayStat(5, 3)).toBe(7);
    expect(displayStat(7, 8)).toBe(17); // 7 × 2.4 = 16.8
  });

  it('rounds to the nearest integer', () => {
    expect(displayStat(1, 2)).toBe(1); // 1.2
    expect(displayStat(1, 4)).toBe(2); // 1.6
    expect(displayStat(3, 2)).toBe(4); // 3.6
  });

  it('keeps the Feather at 0 whatever its quality', () => {
    for (let q = 1; q <= 10; q += 1) expect(displayStat(0, q)).toBe(0);
  });

  it('shows ? when the base or the quality is missing', () => {
    fc.assert(
      fc.property(missing, quality, (absent, q) => {
        expect(displayStat(absent, q)).toBe('?');
        expect(displayStat(q, absent)).toBe('?');
      }),
    );
    expect(displayStat(null, null)).toBe('?');
  });

  it('equals the exact rounded formula for every integer stat and quality', () => {
    fc.assert(
      fc.property(fc.nat({ max: 1_000_000 }), quality, (base, q) => {
        expect(displayStat(base, q)).toBe(exactRounded(base, q));
      }),
    );
  });

  it('never falls as quality rises', () => {
    fc.assert(
      fc.property(fc.nat({ max: 10_000 }), fc.integer({ min: 1, max: 9 }), (base, q) => {
        expect(displayStat(base, q + 1)).toBeGreaterThanOrEqual(displayStat(base, q) as number);
      }),
    );
  });
});

describe('itemPower', () => {
  it('is attack plus defense at quality 1', () => {
    expect(itemPower(10, 5, 1)).toBe(15);
    expect(itemPower(0, 0, 10)).toBe(0);
  });

  it('scales the sum before rounding, as the spec says', () => {
    expect(itemPower(150, 40, 10)).toBe(532); // 190 × 2.8
    // 1 × 1.4 shows as 1 twice, yet the power is round(2 × 1.4) = 3.
    expect(itemPower(1, 1, 3)).toBe(3);
    expect(displayStat(1, 3)).toBe(1);
  });

  it('equals the exact rounded formula for every integer attack, defense and quality', () => {
    fc.assert(
      fc.property(fc.nat({ max: 100_000 }), fc.nat({ max: 100_000 }), quality, (attack, defense, q) => {
        expect(itemPower(attack, defense, q)).toBe(exactRounded(attack + defense, q));
      }),
    );
  });

  it('counts as 0 when any value is missing', () => {
    fc.assert(
      fc.property(missing, fc.nat({ max: 200 }), quality, (absent, stat, q) => {
        expect(itemPower(absent, stat, q)).toBe(0);
        expect(itemPower(stat, absent, q)).toBe(0);
        expect(itemPower(stat, stat, absent)).toBe(0);
      }),
    );
  });
});

function item(id: string, rarity: SortableItem['rarity'], attack: MaybeNumber, defense: MaybeNumber, q: MaybeNumber, name = id): SortableItem {
  return { id, itemName: name, rarity, attack, defense, quality: q };
}

const stat: fc.Arbitrary<MaybeNumber> = fc.oneof(
  { arbitrary: fc.nat({ max: 12 }), weight: 10 },
  { arbitrary: missing, weight: 1 },
);

/** Small ranges so that equal powers, rarities, qualities and names are common. */
const items = fc.uniqueArray(
  fc.record({
    id: fc.string({ maxLength: 3 }),
    itemName: fc.constantFrom('Crowbar', 'Feather', 'Katana', 'crowbar'),
    rarity: fc.constantFrom(...RARITIES),
    attack: stat,
    defense: stat,
    quality: fc.oneof({ arbitrary: quality, weight: 10 }, { arbitrary: missing, weight: 1 }),
  }),
  { selector: (entry) => entry.id, maxLength: 30 },
);

const power = (entry: SortableItem) => itemPower(entry.attack, entry.defense, entry.quality);

describe('sortItems', () => {
  it('puts the most powerful item first', () => {
    const sorted = sortItems([item('weak', 'rare', 1, 1, 1), item('strong', 'common', 10, 0, 1), item('mid', 'epic', 3, 3, 1)]);
    expect(sorted.map((entry) => entry.id)).toEqual(['strong', 'mid', 'weak']);
  });

  it('breaks power ties by higher rarity first, following the spec order', () => {
    const tied = ['verycommon', 'common', 'rare', 'veryrare', 'epic', 'legendary', 'heirloom', 'limited'] as const;
    const sorted = sortItems(tied.map((rarity) => item(rarity, rarity, 5, 5, 2)));
    expect(sorted.map((entry) => entry.rarity)).toEqual([...tied].reverse());
  });

  it('then prefers higher quality, then name, then id', () => {
    // All four have power 12 and rarity rare: 10 at quality 2 (× 1.2), 6 at quality 6 (× 2).
    const sorted = sortItems([
      item('b', 'rare', 10, 0, 2, 'Same'),
      item('a', 'rare', 10, 0, 2, 'Same'),
      item('c', 'rare', 10, 0, 2, 'Earlier'),
      item('d', 'rare', 6, 0, 6, 'Zzz'),
    ]);
    expect(sorted.map((entry) => entry.id)).toEqual(['d', 'c', 'a', 'b']);
  });

  it('puts items with missing values last', () => {
    const sorted = sortItems([item('unknown', 'heirloom', null, 40, 10), item('feather', 'verycommon', 0, 1, 1)]);
    expect(sorted.map((entry) => entry.id)).toEqual(['feather', 'unknown']);
  });

  it('returns a permutation of its input and leaves the input untouched', () => {
    fc.assert(
      fc.property(items, (list) => {
        const before = [...list];
        const sorted = sortItems(list);
        expect(list).toEqual(before);
        expect(sorted).not.toBe(list);
        expect([...sorted].sort(compareById)).toEqual([...list].sort(compareById));
      }),
    );
  });

  it('orders power non-increasing, and equal powers by rarity rank descending', () => {
    fc.assert(
      fc.property(items, (list) => {
        const sorted = sortItems(list);
        for (let i = 1; i < sorted.length; i += 1) {
          const [previous, current] = [sorted[i - 1], sorted[i]];
          if (previous === undefined || current === undefined) throw new Error('index out of range');
          expect(power(previous)).toBeGreaterThanOrEqual(power(current));
          if (power(previous) === power(current)) {
            expect(rarityRank(previous.rarity)).toBeGreaterThanOrEqual(rarityRank(current.rarity));
          }
        }
      }),
    );
  });

  it('gives the same order whatever the input order', () => {
    const listAndShuffle = items.chain((list) =>
      fc.tuple(fc.constant(list), fc.shuffledSubarray(list, { minLength: list.length, maxLength: list.length })),
    );
    fc.assert(
      fc.property(listAndShuffle, ([list, shuffled]) => {
        expect(sortItems(shuffled)).toEqual(sortItems(list));
      }),
    );
  });

  it('is a consistent comparator: antisymmetric, and 0 only for the same id', { timeout: CPU_BOUND_MS }, () => {
    fc.assert(
      fc.property(items, (list) => {
        for (const a of list) {
          for (const b of list) {
            expect(Math.sign(compareItems(a, b)) === -Math.sign(compareItems(b, a))).toBe(true);
            expect(compareItems(a, b) === 0).toBe(a.id === b.id);
          }
        }
      }),
    );
  });
});

function compareById(a: SortableItem, b: SortableItem): number {
  return a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
}
