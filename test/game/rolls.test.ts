import { beforeAll, describe, expect, it } from 'vitest';
import { LOOT_PER_SCAVENGE } from '../../game/constants';
import {
  catalogueById,
  DROP_WEIGHTS,
  DROPPABLE,
  type DroppableRarity,
  itemsOfRarity,
  type RandomSource,
  randomInt,
  rollItem,
  rollLoot,
  rollQuality,
  rollRarity,
  seededRandom,
  weightedPick,
} from '../../game/rules';
import { fits, tally } from './chi-square';
import { CPU_BOUND_MS } from './cpu-bound';

/**
 * 3 million rolls: enough for every tier, heirloom included (expected 3e6 / 100,006 ≈ 30), to have an expected
 * count of at least 5, so the chi-square needs no merged bins. Takes well under a second.
 */
const RARITY_ROLLS = 3_000_000;

/** Probability of each quality per the spec: 10 → 3 %, 9 → 5 %, 8 → 7 %, 7 → 15 %, 6 → 20 %, 1..5 → 10 % each. */
const QUALITY_PROBABILITIES = new Map([
  [10, 0.03],
  [9, 0.05],
  [8, 0.07],
  [7, 0.15],
  [6, 0.2],
  [5, 0.1],
  [4, 0.1],
  [3, 0.1],
  [2, 0.1],
  [1, 0.1],
]);

/** The spec's drop chances in percent, written out independently of DROP_WEIGHTS; they add up to 100.006. */
const SPEC_DROP_PERCENT: Record<DroppableRarity, number> = {
  verycommon: 50,
  common: 25,
  uncommon: 15,
  rare: 7.5,
  veryrare: 2.2,
  epic: 0.25,
  legendary: 0.05,
  artifact: 0.005,
  heirloom: 0.001,
};

function rarityCells(counts: Map<DroppableRarity, number>) {
  return DROPPABLE.map((rarity) => [counts.get(rarity) ?? 0, SPEC_DROP_PERCENT[rarity] / 100.006] as const);
}

function qualityCells(counts: Map<number, number>) {
  return [...QUALITY_PROBABILITIES].map(([quality, p]) => [counts.get(quality) ?? 0, p] as const);
}

describe('rollRarity', () => {
  let counts: Map<DroppableRarity, number>;
  beforeAll(() => {
    const source = seededRandom(20_261_122);
    counts = tally(RARITY_ROLLS, () => rollRarity(source));
  });

  it('follows the drop table (chi-square, 8 degrees of freedom, p = 0.001)', () => {
    expect(fits(rarityCells(counts))).toBe(true);
  });

  it('drops artifacts at 5 in 100,006 (exact binomial bounds)', () => {
    // Binomial(3e6, 5/100006), mean ≈ 150: P(X < 111) ≈ 0.0004 and P(X > 192) ≈ 0.0004 (scipy.stats.binom).
    expect(counts.get('artifact')).toBeGreaterThanOrEqual(111);
    expect(counts.get('artifact')).toBeLessThanOrEqual(192);
  });

  it('drops heirlooms at 1 in 100,006 (exact binomial bounds)', () => {
    // Binomial(3e6, 1/100006), mean ≈ 30: P(X < 14) ≈ 0.0004 and P(X > 50) ≈ 0.0003 (scipy.stats.binom).
    expect(counts.get('heirloom')).toBeGreaterThanOrEqual(14);
    expect(counts.get('heirloom')).toBeLessThanOrEqual(50);
  });

  it('never drops the display-only tiers', () => {
    expect([...counts.keys()].sort()).toEqual([...DROPPABLE].sort());
  });

  it('is judged by a test that rejects a wrong table (sanity check of the test itself)', { timeout: CPU_BOUND_MS }, () => {
    // Artifact and heirloom weights swapped: a mistake only the rarest bins can reveal.
    const swapped = DROPPABLE.map((rarity) => {
      const weight = rarity === 'artifact' ? DROP_WEIGHTS.heirloom : rarity === 'heirloom' ? DROP_WEIGHTS.artifact : DROP_WEIGHTS[rarity];
      return [rarity, weight] as const;
    });
    const source = seededRandom(20_261_122);
    expect(fits(rarityCells(tally(RARITY_ROLLS, () => weightedPick(source, swapped))))).toBe(false);
  });
});

describe('rollQuality', () => {
  const rolls = 200_000;

  it('follows the quality table (chi-square, 9 degrees of freedom, p = 0.001)', () => {
    const source = seededRandom(31_337);
    expect(fits(qualityCells(tally(rolls, () => rollQuality(source))))).toBe(true);
  });

  it('is judged by a test that rejects a plain 1..10 roll (sanity check of the test itself)', () => {
    const source = seededRandom(31_337);
    expect(fits(qualityCells(tally(rolls, () => 1 + randomInt(source, 10))))).toBe(false);
  });

  it('is judged by a test that rejects a slightly generous top quality (sanity check of the test itself)', () => {
    // 10 at 4 % instead of 3 %, taken from the uniform half.
    const generous = [[10, 4], [9, 5], [8, 7], [7, 15], [6, 20], [null, 49]] as const;
    const source = seededRandom(31_337);
    const roll = (src: RandomSource) => weightedPick(src, generous) ?? 1 + randomInt(src, 5);
    expect(fits(qualityCells(tally(rolls, () => roll(source))))).toBe(false);
  });
});

describe('rollItem', () => {
  const rolls = 200_000;
  let items: Map<string, number>;
  beforeAll(() => {
    const source = seededRandom(4_242);
    items = tally(rolls, () => rollItem(source).catalogId);
  });

  it('only yields catalogue items of droppable tiers, never an assembled one', () => {
    for (const id of items.keys()) {
      const item = catalogueById(id);
      expect(item).toBeDefined();
      expect(DROPPABLE).toContain(item?.rarity);
    }
  });

  it('picks uniformly among the items of the rolled tier (chi-square over the very common items)', () => {
    const veryCommon = itemsOfRarity('verycommon');
    const cells = veryCommon.map((item) => [items.get(item.id) ?? 0, 1 / veryCommon.length] as const);
    expect(fits(cells)).toBe(true);
  });

  it('gives every roll a quality from 1 to 10', () => {
    const source = seededRandom(5);
    const qualities = tally(10_000, () => rollItem(source).quality);
    expect([...qualities.keys()].sort((a, b) => a - b)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
  });
});

describe('rollLoot', () => {
  it('rolls six items per scavenge by default', () => {
    expect(LOOT_PER_SCAVENGE).toBe(6);
    expect(rollLoot(seededRandom(1))).toHaveLength(6);
    expect(rollLoot(seededRandom(1), 3)).toHaveLength(3);
  });

  it('is reproducible with the same seed', () => {
    expect(rollLoot(seededRandom(77))).toEqual(rollLoot(seededRandom(77)));
  });
});
