import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  bestSwap,
  displayStat,
  gainOf,
  itemPower,
  keepForResearch,
  RARITIES,
  researchDurationMs,
  researchInProgress,
  researchLeftMs,
  researchLostMs,
  type ResearchItem,
  type SortableItem,
} from '../../game/rules';

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

describe('keepForResearch', () => {
  const NOW = 1_000_000_000;
  let n = 0;
  /** An item of a catalogue id with `researched` ms of equipped time banked (equipped items are equipped at NOW). */
  const owned = (catalogId: string, rarity: ResearchItem['rarity'], researched: number, quality = 5, attack = 10): ResearchItem => ({
    id: `r${n++}`,
    itemName: catalogId,
    catalogId,
    rarity,
    attack,
    defense: attack,
    quality,
    researchMs: researched,
    equippedAt: NOW,
  });
  const find = (catalogId: string, rarity: ResearchItem['rarity'], quality = 5, attack = 10): ResearchItem => ({
    ...owned(catalogId, rarity, 0, quality, attack),
    equippedAt: null,
  });
  const done = (rarity: ResearchItem['rarity']) => researchDurationMs(rarity);

  it('never drops an item with research in progress, however weak, for a stronger find', () => {
    const halfway = owned('feather', 'verycommon', done('verycommon') / 2, 1, 1);
    const { take, drop } = keepForResearch([halfway], [find('katana', 'veryrare', 10, 90)], new Set(['feather']), NOW, 1);
    expect(drop).toEqual([]);
    expect(take).toEqual([]);
  });

  it('never drops a fully researched item the trophy case does not hold yet', () => {
    const ready = owned('radio', 'rare', done('rare'));
    expect(keepForResearch([ready], [find('katana', 'epic')], new Set(), NOW, 1)).toEqual({ take: [], drop: [] });
  });

  it('drops a finished item already in the trophy case for a find new to the case, even a weaker one', () => {
    const finished = owned('katana', 'epic', done('epic'), 10, 90);
    const fresh = find('feather', 'verycommon', 1, 1);
    expect(keepForResearch([finished], [fresh], new Set(['katana']), NOW, 1)).toEqual({ take: [fresh], drop: [finished] });
  });

  it('prefers finds new to the trophy case, then more trophy points, then power', () => {
    const known = find('radio', 'epic', 10, 99);
    const newCommon = find('feather', 'common', 3);
    const newRare = find('compass', 'rare', 2);
    const { take } = keepForResearch([], [known, newCommon, newRare], new Set(['radio']), NOW, 2);
    expect(take).toEqual([newCommon, newRare]);
    // With room for all three, the known one comes too: a free slot still researches.
    expect(keepForResearch([], [known, newCommon, newRare], new Set(['radio']), NOW, 3).take).toHaveLength(3);
  });

  it('counts a second copy of the same new item as no longer new', () => {
    const first = find('compass', 'rare', 9);
    const second = find('compass', 'rare', 8);
    const other = find('feather', 'common', 1);
    expect(keepForResearch([], [first, second, other], new Set(), NOW, 2).take).toEqual([first, other]);
  });

  it('keeps at most `size` items, never drops a protected one, and drops only what a find replaces (property)', () => {
    const tiers = fc.constantFrom('verycommon', 'common', 'uncommon', 'rare', 'veryrare', 'epic', 'legendary', 'artifact', 'heirloom' as const);
    const ids = fc.constantFrom('a', 'b', 'c', 'd', 'e', 'f', 'g', 'h');
    const anItem = fc.record({ id: ids, rarity: tiers, quality: fc.integer({ min: 1, max: 10 }), progress: fc.constantFrom(0, 0.5, 1), attack: fc.integer({ min: 0, max: 60 }) });
    fc.assert(
      fc.property(fc.array(anItem, { maxLength: 6 }), fc.array(anItem, { maxLength: 6 }), fc.subarray(['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h']), (e, f, inCase) => {
        const equipped = e.map((x) => owned(x.id, x.rarity, done(x.rarity) * x.progress, x.quality, x.attack));
        const finds = f.map((x) => find(x.id, x.rarity, x.quality, x.attack));
        const trophies = new Set(inCase);
        const { take, drop } = keepForResearch(equipped, finds, trophies, NOW);
        expect(equipped.length - drop.length + take.length).toBeLessThanOrEqual(6);
        expect(equipped.length - drop.length + take.length).toBe(Math.max(equipped.length - drop.length, Math.min(6, equipped.length + finds.length)));
        for (const gone of drop) {
          expect(researchInProgress(gone, NOW)).toBe(false);
          expect(trophies.has(gone.catalogId)).toBe(true);
        }
        expect(drop.length).toBeLessThanOrEqual(take.length);
      }),
    );
  });
});

describe('researchLostMs', () => {
  it('adds up the research the dropped items carry, each up to its full research time', () => {
    const at = 5_000_000;
    const rare = { id: 'x', itemName: 'x', catalogId: 'x', rarity: 'rare' as const, attack: 1, defense: 1, quality: 1 };
    expect(researchLostMs([{ ...rare, researchMs: 60_000, equippedAt: at - 70_000 }], at)).toBe(130_000);
    expect(researchLostMs([{ ...rare, researchMs: researchDurationMs('rare') * 3, equippedAt: null }], at)).toBe(researchDurationMs('rare'));
    expect(researchLostMs([{ ...rare, researchMs: 0, equippedAt: null }], at)).toBe(0);
    // 2 h 10 min over two items.
    expect(researchLostMs([{ ...rare, rarity: 'legendary', researchMs: 120 * 60_000, equippedAt: null }, { ...rare, researchMs: 10 * 60_000, equippedAt: null }], at)).toBe(130 * 60_000);
  });
});
