import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { bestSwap, displayStat, gainOf, itemPower, RARITIES, researchDurationMs, researchLeftMs, type SortableItem } from '../../game/rules';

let nextId = 0;
const item = (attack: number, defense: number, quality = 1, rarity: SortableItem['rarity'] = 'common'): SortableItem => ({
  id: `i${nextId++}`,
  itemName: `Item ${nextId}`,
  rarity,
  attack,
  defense,
  quality,
});
const power = (x: SortableItem) => itemPower(x.attack, x.defense, x.quality);

describe('bestSwap', () => {
  it('fills free slots with the finds, best first, and drops nothing', () => {
    const equipped = [item(5, 5)];
    const finds = [item(1, 1), item(9, 9), item(3, 3)];
    const { take, drop } = bestSwap(equipped, finds, 3);
    expect(take).toEqual([finds[1], finds[2]]);
    expect(drop).toEqual([]);
  });

  it('swaps the weakest equipped items for stronger finds', () => {
    const equipped = [item(10, 10), item(1, 0), item(2, 2)];
    const finds = [item(5, 5), item(0, 1)];
    const { take, drop } = bestSwap(equipped, finds, 3);
    expect(take).toEqual([finds[0]]);
    expect(drop).toEqual([equipped[1]]);
  });

  it('takes nothing when every find is weaker than everything equipped', () => {
    const equipped = [item(10, 10), item(8, 8)];
    expect(bestSwap(equipped, [item(1, 1), item(2, 2)], 2)).toEqual({ take: [], drop: [] });
  });

  it('uses the power rule: quality counts, and a tie goes to the rarer item', () => {
    const plain = item(10, 0, 1, 'common'); // power 10
    const polished = item(5, 0, 10, 'verycommon'); // round(5 × 2.8) = 14
    const rare = item(10, 0, 1, 'rare'); // power 10, rarer than `plain`
    expect(bestSwap([plain], [polished, rare], 2)).toEqual({ take: [polished, rare], drop: [plain] });
  });

  it('always keeps the strongest `size` items and never more than fit', () => {
    const stats = fc.record({ attack: fc.integer({ min: 0, max: 60 }), defense: fc.integer({ min: 0, max: 60 }), quality: fc.integer({ min: 1, max: 10 }), rarity: fc.constantFrom(...RARITIES) });
    fc.assert(
      fc.property(fc.array(stats, { maxLength: 6 }), fc.array(stats, { maxLength: 6 }), (a, b) => {
        const equipped = a.map((s) => item(s.attack, s.defense, s.quality, s.rarity));
        const finds = b.map((s) => item(s.attack, s.defense, s.quality, s.rarity));
        const { take, drop } = bestSwap(equipped, finds, 6);
        const kept = [...equipped.filter((x) => !drop.includes(x)), ...take];
        expect(kept.length).toBe(Math.min(6, equipped.length + finds.length));
        const left = [...drop, ...finds.filter((x) => !take.includes(x))];
        for (const out of left) for (const k of kept) expect(power(k)).toBeGreaterThanOrEqual(power(out));
      }),
    );
  });
});

describe('gainOf', () => {
  it('adds the find’s displayed stats while a slot is free', () => {
    const find = item(10, 4, 6);
    expect(gainOf(find, [item(50, 50)], 6)).toEqual({ attack: displayStat(10, 6), defense: displayStat(4, 6), replaces: null });
  });

  it('is the difference against the weakest equipped item when the inventory is full', () => {
    const weakest = item(3, 20);
    const equipped = [item(40, 40), weakest, item(30, 30)];
    expect(gainOf(item(15, 2), equipped, 3)).toEqual({ attack: 12, defense: -18, replaces: weakest });
  });

  it('counts a missing stat as nothing', () => {
    expect(gainOf({ ...item(0, 0), attack: null, defense: 5 }, [], 6)).toEqual({ attack: 0, defense: 5, replaces: null });
  });
});

describe('researchLeftMs', () => {
  const duration = researchDurationMs('rare');
  it('counts down only while equipped, and is 0 once complete', () => {
    expect(researchLeftMs('rare', { researchMs: 0, equippedAt: null }, 1_000)).toBe(duration);
    expect(researchLeftMs('rare', { researchMs: 1_000, equippedAt: 10_000 }, 15_000)).toBe(duration - 6_000);
    expect(researchLeftMs('rare', { researchMs: duration + 5, equippedAt: null }, 0)).toBe(0);
  });
});
