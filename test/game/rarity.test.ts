import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  DROP_WEIGHT_TOTAL,
  DROP_WEIGHTS,
  DROPPABLE,
  isRarity,
  RARITIES,
  RARITY_COLORS,
  RARITY_NAMES,
  rarityRank,
  RESEARCH_GROWTH,
  researchDurationMs,
  researchMinutes,
  tierPoints,
  type Rarity,
} from '../../game/rules';

/** WCAG 2 relative luminance of a #rrggbb colour. */
function luminance(hex: string): number {
  const channels = [1, 3, 5].map((start) => Number.parseInt(hex.slice(start, start + 2), 16) / 255);
  const [r = 0, g = 0, b = 0] = channels.map((c) => (c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4));
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

function contrast(a: string, b: string): number {
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return ((light ?? 0) + 0.05) / ((dark ?? 0) + 0.05);
}

describe('rarity tiers', () => {
  it('are the eleven tiers of the spec, commonest first', () => {
    expect(RARITIES).toEqual([
      'verycommon',
      'common',
      'uncommon',
      'rare',
      'veryrare',
      'epic',
      'legendary',
      'artifact',
      'heirloom',
      'assembled',
      'limited',
    ]);
  });

  it('rank higher the rarer they are', () => {
    RARITIES.forEach((rarity, index) => expect(rarityRank(rarity)).toBe(index));
    expect(rarityRank('heirloom')).toBeGreaterThan(rarityRank('legendary'));
  });

  it('are recognised by isRarity and nothing else is', () => {
    for (const rarity of RARITIES) expect(isRarity(rarity)).toBe(true);
    for (const other of ['', 'Rare', 'mythic', 'toString', 3, null]) expect(isRarity(other)).toBe(false);
  });

  it('have the display names of the trophy case list', () => {
    expect(RARITIES.map((rarity) => RARITY_NAMES[rarity])).toEqual([
      'Very Common',
      'Common',
      'Uncommon',
      'Rare',
      'Very Rare',
      'Epic',
      'Legendary',
      'Artifact',
      'Heirloom',
      'Assembled',
      'Limited',
    ]);
  });

  it('each have a distinct hex colour readable on white and on a dark background', () => {
    const colours = RARITIES.map((rarity) => RARITY_COLORS[rarity]);
    expect(new Set(colours).size).toBe(RARITIES.length);
    for (const colour of colours) {
      expect(colour).toMatch(/^#[0-9a-f]{6}$/);
      expect(contrast(colour, '#ffffff')).toBeGreaterThanOrEqual(3.5);
      expect(contrast(colour, '#111827')).toBeGreaterThanOrEqual(3.5);
    }
  });

  it('can drop only in the first nine tiers', () => {
    expect(DROPPABLE).toEqual(RARITIES.slice(0, 9));
    expect(DROPPABLE).not.toContain('assembled');
    expect(DROPPABLE).not.toContain('limited');
  });

  it('drop with the spec percentages as integer weights out of 100,006', () => {
    const percent = { verycommon: 50, common: 25, uncommon: 15, rare: 7.5, veryrare: 2.2, epic: 0.25, legendary: 0.05, artifact: 0.005, heirloom: 0.001 };
    for (const rarity of DROPPABLE) {
      expect(Number.isInteger(DROP_WEIGHTS[rarity])).toBe(true);
      expect(DROP_WEIGHTS[rarity]).toBe(Math.round(percent[rarity] * 1000));
    }
    expect(DROP_WEIGHT_TOTAL).toBe(100_006);
  });

  it('are worth 1 trophy point for very common, doubling per tier up to 256 for heirloom', () => {
    expect(DROPPABLE.map(tierPoints)).toEqual([1, 2, 4, 8, 16, 32, 64, 128, 256]);
  });

  it('score an Assembled item as a Legendary, and Limited continues the doubling', () => {
    expect(tierPoints('assembled')).toBe(tierPoints('legendary'));
    expect(tierPoints('limited')).toBe(1024);
  });

  // Issue #24 and docs/decisions/015-rules-that-teach.md: research grows 1.6x per tier while points double.
  it('take 10 minutes of research for very common, growing 1.6x per tier up to 429 minutes for heirloom', () => {
    expect(RESEARCH_GROWTH).toBe(1.6);
    expect(DROPPABLE.map((rarity) => researchDurationMs(rarity) / 60_000)).toEqual([10, 16, 26, 41, 66, 105, 168, 268, 429]);
  });

  it('continue the growth of research time for the display-only tiers', () => {
    expect(researchDurationMs('assembled') / 60_000).toBe(687);
    expect(researchDurationMs('limited') / 60_000).toBe(1100);
  });

  it('pay more trophy points per minute of research the rarer they are, strictly, tier after tier', () => {
    const perMinute = (rarity: Rarity) => tierPoints(rarity) / researchMinutes(rarity);
    for (const [commoner, rarer] of DROPPABLE.slice(0, -1).map((rarity, index) => [rarity, DROPPABLE[index + 1]!] as const)) {
      expect(perMinute(rarer), `${rarer} over ${commoner}`).toBeGreaterThan(perMinute(commoner));
    }
    // The same over any two droppable tiers and any quality: a rarer find of equal quality earns more per minute.
    fc.assert(
      fc.property(fc.constantFrom(...DROPPABLE), fc.constantFrom(...DROPPABLE), fc.integer({ min: 1, max: 10 }), (a, b, quality) => {
        fc.pre(rarityRank(a) < rarityRank(b));
        expect((tierPoints(b) * quality) / researchMinutes(b)).toBeGreaterThan((tierPoints(a) * quality) / researchMinutes(a));
      }),
    );
  });
});
