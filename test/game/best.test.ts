import fc from 'fast-check';
import { CPU_BOUND_MS } from './cpu-bound';
import { describe, expect, it } from 'vitest';
import {
  bestFind,
  bestSwap,
  displayStat,
  gainOf,
  itemPower,
  keepForResearch,
  RARITIES,
  researchDurationMs,
  researchLeftMs,
  researchLostMs,
  researchPercent,
  outscores,
  slotWorth,
  takeBest,
  tierPoints,
  researchedMs,
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

  it('uses the power rule: quality counts, a tie between finds goes to the rarer, and at equal power what is equipped stays', () => {
    const plain = item(10, 0, 1, 'common'); // power 10
    const polished = item(5, 0, 10, 'verycommon'); // round(5 × 2.8) = 14
    const rare = item(10, 0, 1, 'rare'); // power 10, rarer than `plain`
    expect(bestSwap([plain], [polished, rare], 2)).toEqual({ take: [polished], drop: [] });
    expect(bestSwap([], [plain, rare], 1)).toEqual({ take: [rare], drop: [] });
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

describe('bestFind', () => {
  it('is the rarest find, then the best quality, then the strongest, then the first (one best for the log and the screen)', () => {
    const [rare, strongCommon, rareBetter] = [item(1, 1, 3, 'rare'), item(90, 90, 10, 'common'), item(1, 1, 4, 'rare')];
    expect(bestFind([strongCommon, rare, rareBetter])).toBe(rareBetter);
    const [weak, strong] = [item(1, 1, 4, 'rare'), item(9, 9, 4, 'rare')];
    expect(bestFind([weak, strong])).toBe(strong);
    const [first, twin] = [item(5, 5, 4, 'rare'), item(5, 5, 4, 'rare')];
    expect(bestFind([first, twin])).toBe(first);
    expect(bestFind([])).toBeUndefined();
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

describe('the one-tap rules (docs/design.md section 10.3)', () => {
  const NOW = 1_000_000_000;
  let n = 0;
  /** An equipped item of a catalogue id with `researched` ms of research banked (equipped at NOW). */
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
  const minutes = (m: number) => m * 60_000;
  const full = (rarity: ResearchItem['rarity']) => researchDurationMs(rarity);

  /** Six equipped Uncommons, each already in the trophy case, researching (1 to 6 minutes done). */
  const walkSlots = () => Array.from({ length: 6 }, (_, i) => owned(`known-${i}`, 'uncommon', minutes(i + 1), 3, 20));
  const walkCase = new Set(Array.from({ length: 6 }, (_, i) => `known-${i}`));

  it('a new Very Rare with every slot researching is kept, in place of the item with the least research done', () => {
    const slots = walkSlots();
    const sniper = find('sniper-rifle', 'veryrare', 2, 40);
    expect(keepForResearch(slots, [sniper, find('known-0', 'uncommon', 9)], walkCase, NOW)).toEqual({ take: [sniper], drop: [slots[0]] });
  });

  it('a 1 % item stays against an equal find: neither button swaps', () => {
    const battery = owned('button-battery', 'verycommon', full('verycommon') / 100, 4, 6);
    const fork = find('plastic-fork', 'verycommon', 4, 6);
    const known = new Set(['button-battery', 'plastic-fork']);
    expect(keepForResearch([battery], [fork], known, NOW, 1)).toEqual({ take: [], drop: [] });
    expect(takeBest([battery], [fork], known, NOW, 1)).toEqual({ take: [], drop: [] });
  });

  it('a Rare taken is not dropped next time for a find of lower score', () => {
    const slots = walkSlots();
    const rare = find('compound-bow', 'rare', 4, 30);
    const first = keepForResearch(slots, [rare], walkCase, NOW);
    expect(first.take).toEqual([rare]);
    const equipped = [...slots.filter((item) => !first.drop.includes(item)), { ...rare, equippedAt: NOW }];
    // The next scavenge: a new Uncommon (both are new; it has less trophy value) is not worth the Rare's slot...
    const next = keepForResearch(equipped, [find('harpoon-gun', 'uncommon', 5, 20)], walkCase, NOW + minutes(2));
    expect(next.drop.map((item) => item.id)).not.toContain(rare.id);
    // ...and once the Rare is half researched, "Take best" keeps it against a stronger find of lower score.
    const halfDone = equipped.map((item) => (item.id === rare.id ? { ...item, researchMs: full('rare') / 2 } : item));
    const strong = find('known-1', 'uncommon', 10, 60);
    const weakestOthers = halfDone.filter((item) => item.id !== rare.id).map((item) => ({ ...item, attack: 50, defense: 50 }));
    const best = takeBest([...weakestOthers, halfDone.find((item) => item.id === rare.id)!], [strong], walkCase, NOW);
    expect(best.drop.map((item) => item.id)).not.toContain(rare.id);
  });

  it('"Take best" never drops a half-researched Very Rare for a stronger Rare, but does for a find that outscores it', () => {
    const veryRare = owned('thermal-cloak', 'veryrare', full('veryrare') * 0.6, 1, 1);
    const known = new Set(['thermal-cloak', 'lead-pipe', 'katana']);
    expect(takeBest([veryRare], [find('lead-pipe', 'rare', 10, 90)], known, NOW, 1)).toEqual({ take: [], drop: [] });
    // More trophy value and less research left (a Common of quality 10: 20 points, 16 minutes) outscores it.
    const better = find('katana', 'common', 10, 90);
    expect(takeBest([veryRare], [better], known, NOW, 1)).toEqual({ take: [better], drop: [veryRare] });
    // Under half done, power decides as before.
    const early = owned('thermal-cloak', 'veryrare', full('veryrare') * 0.4, 1, 1);
    expect(takeBest([early], [find('lead-pipe', 'rare', 10, 90)], known, NOW, 1).drop).toEqual([early]);
  });

  it('never replaces a finished item, which belongs in the trophy case', () => {
    const ready = owned('radio', 'rare', full('rare'));
    expect(keepForResearch([ready], [find('katana', 'epic')], new Set(['radio']), NOW, 1)).toEqual({ take: [], drop: [] });
    expect(takeBest([ready], [find('katana', 'epic', 10, 99)], new Set(['radio']), NOW, 1)).toEqual({ take: [], drop: [] });
  });

  it('fills free slots, best first: new, then trophy value, then power; a second copy of a new item is no longer new', () => {
    const known = find('radio', 'epic', 10, 99);
    const newCommon = find('feather', 'common', 3);
    const newRare = find('compass', 'rare', 2);
    expect(keepForResearch([], [known, newCommon, newRare], new Set(['radio']), NOW, 2).take).toEqual([newRare, newCommon]);
    expect(keepForResearch([], [known, newCommon, newRare], new Set(['radio']), NOW, 3).take).toHaveLength(3);
    const first = find('compass', 'rare', 9);
    const second = find('compass', 'rare', 8);
    const other = find('feather', 'common', 1);
    expect(keepForResearch([], [first, second, other], new Set(), NOW, 2).take).toEqual([first, other]);
  });

  it('replaces a researching item for more trophy value only when that item has more research left', () => {
    const slow = owned('known-a', 'rare', minutes(1), 1); // 8 points, ~40 minutes left
    const quick = owned('known-b', 'verycommon', 0, 1); // 1 point, 10 minutes left
    const known = new Set(['known-a', 'known-b', 'known-c']);
    const upgrade = find('known-c', 'uncommon', 3); // 12 points, 26 minutes left
    expect(keepForResearch([slow, quick], [upgrade], known, NOW, 2)).toEqual({ take: [upgrade], drop: [slow] });
    expect(keepForResearch([quick], [upgrade], known, NOW, 1)).toEqual({ take: [], drop: [] });
  });

  /** Items drawn for the properties: a few catalogue ids, so freshness and duplicates happen often. */
  const tiers = fc.constantFrom('verycommon', 'common', 'uncommon', 'rare', 'veryrare', 'epic', 'legendary' as const);
  const anItem = fc.record({ id: fc.constantFrom('a', 'b', 'c', 'd', 'e', 'f', 'g', 'h'), rarity: tiers, quality: fc.integer({ min: 1, max: 10 }), progress: fc.constantFrom(0, 0.01, 0.3, 0.5, 0.9, 1), attack: fc.integer({ min: 0, max: 60 }) });
  const world = fc.tuple(fc.array(anItem, { maxLength: 6 }), fc.array(anItem, { minLength: 1, maxLength: 6 }), fc.subarray(['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h']));
  const build = ([e, f, inCase]: [typeof anItem extends fc.Arbitrary<infer A> ? A[] : never, typeof anItem extends fc.Arbitrary<infer A> ? A[] : never, string[]]) => ({
    equipped: e.map((x) => owned(x.id, x.rarity, Math.round(full(x.rarity) * x.progress), x.quality, x.attack)),
    finds: f.map((x) => find(x.id, x.rarity, x.quality, x.attack)),
    collected: new Set(inCase),
  });
  // CPU-bound: a fixed seed and a run count sized for a loaded 2-core machine.
  const runs = { seed: 51, numRuns: 400 };

  it('"Keep for research" takes something exactly when section 10.3 says some find is worth a slot (property)', () => {
    fc.assert(
      fc.property(world, (drawn) => {
        const { equipped, finds, collected } = build(drawn);
        // Section 10.3 in its own words, written apart from the implementation. New: neither in the case nor held.
        const isNew = (catalogId: string, held: readonly ResearchItem[]) => !collected.has(catalogId) && !held.some((other) => other.catalogId === catalogId);
        const points = (x: ResearchItem) => tierPoints(x.rarity) * (x.quality ?? 0);
        const left = (x: ResearchItem) => Math.max(0, researchDurationMs(x.rarity) - researchedMs(x, NOW));
        const worthASlot = (f: ResearchItem) =>
          equipped.length < 6 ||
          equipped.some((e) => {
            if (left(e) === 0) return false;
            const fNew = isNew(f.catalogId, equipped);
            const eNew = isNew(e.catalogId, equipped.filter((other) => other !== e));
            return fNew !== eNew ? fNew : points(f) > points(e) && left(e) > left(f);
          });
        const { take, drop } = keepForResearch(equipped, finds, collected, NOW);
        expect(take.length > 0).toBe(finds.some(worthASlot));
        // Never more than fit, a drop only for a take, and never a finished item.
        expect(equipped.length - drop.length + take.length).toBeLessThanOrEqual(6);
        expect(drop.length).toBeLessThanOrEqual(take.length);
        for (const gone of drop) expect(left(gone)).toBeGreaterThan(0);
      }),
      runs,
    );
  }, CPU_BOUND_MS);

  it('"Take best" never drops research half done or more for a find that does not outscore it (property)', () => {
    fc.assert(
      fc.property(world, (drawn) => {
        const { equipped, finds, collected } = build(drawn);
        const { take, drop } = takeBest(equipped, finds, collected, NOW);
        expect(equipped.length - drop.length + take.length).toBeLessThanOrEqual(6);
        const fresh = (x: ResearchItem, held: readonly ResearchItem[]) => !collected.has(x.catalogId) && !held.some((other) => other !== x && other.catalogId === x.catalogId);
        const after = [...equipped.filter((x) => !drop.includes(x)), ...take];
        for (const gone of drop.filter((x) => researchPercent(x.rarity, x, NOW) >= 50)) {
          expect(take.some((f) => outscores(slotWorth(f, fresh(f, after), NOW), slotWorth(gone, fresh(gone, equipped), NOW)))).toBe(true);
        }
      }),
      runs,
    );
  }, CPU_BOUND_MS);
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
