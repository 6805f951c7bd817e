import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  equipResearch,
  isFullyResearched,
  NEW_RESEARCH,
  RARITIES,
  type ResearchState,
  researchDurationMs,
  researchPercent,
  unequipResearch,
} from '../../game/rules';

const MINUTE = 60_000;
const T0 = Date.UTC(2026, 0, 1);

const rarity = fc.constantFrom(...RARITIES);
const moment = fc.integer({ min: 0, max: 4_000_000_000_000 });
const span = fc.integer({ min: 0, max: 20_000 * MINUTE });

describe('research', () => {
  it('starts at 0 for new loot', () => {
    expect(researchPercent('rare', NEW_RESEARCH, T0)).toBe(0);
  });

  it('does not progress for loot that is never equipped', () => {
    expect(researchPercent('verycommon', NEW_RESEARCH, T0 + 10_000 * MINUTE)).toBe(0);
  });

  it('takes 10 equipped minutes for a very common item', () => {
    const equipped = equipResearch(NEW_RESEARCH, T0, 0);
    expect(researchPercent('verycommon', equipped, T0 + 5 * MINUTE)).toBe(50);
    expect(researchPercent('verycommon', equipped, T0 + 10 * MINUTE - 1)).toBe(99);
    expect(researchPercent('verycommon', equipped, T0 + 10 * MINUTE)).toBe(100);
    expect(researchPercent('verycommon', equipped, T0 + 1000 * MINUTE)).toBe(100);
  });

  // 10 × 1.6^8 minutes since issue #24 (docs/decisions/015-rules-that-teach.md); 2,560 before.
  it('takes 429 equipped minutes for an heirloom', () => {
    const equipped = equipResearch(NEW_RESEARCH, T0, 0);
    expect(researchPercent('heirloom', equipped, T0 + 214.5 * MINUTE)).toBe(50);
    expect(isFullyResearched('heirloom', equipped, T0 + 429 * MINUTE - 1)).toBe(false);
    expect(isFullyResearched('heirloom', equipped, T0 + 429 * MINUTE)).toBe(true);
  });

  it('keeps progress across unequip and re-equip', () => {
    let state: ResearchState = equipResearch(NEW_RESEARCH, T0, 0);
    state = unequipResearch(state, T0 + 4 * MINUTE); // 4 minutes banked
    expect(researchPercent('verycommon', state, T0 + 500 * MINUTE)).toBe(40);
    state = equipResearch(state, T0 + 500 * MINUTE, 0);
    expect(researchPercent('verycommon', state, T0 + 506 * MINUTE)).toBe(100);
  });

  it('ignores a repeated equip or unequip', () => {
    const equipped = equipResearch(NEW_RESEARCH, T0, 0);
    expect(equipResearch(equipped, T0 + MINUTE, 0)).toEqual(equipped);
    expect(unequipResearch(NEW_RESEARCH, T0)).toBe(NEW_RESEARCH);
  });

  it('counts an equip time from the future as no progress', () => {
    expect(researchPercent('verycommon', equipResearch(NEW_RESEARCH, T0 + MINUTE, 0), T0)).toBe(0);
  });

  it('reaches 100 at exactly the tier duration, not a millisecond earlier, for every tier', () => {
    fc.assert(
      fc.property(rarity, moment, (tier, at) => {
        const equipped = equipResearch(NEW_RESEARCH, at, 0);
        expect(researchPercent(tier, equipped, at + researchDurationMs(tier) - 1)).toBe(99);
        expect(researchPercent(tier, equipped, at + researchDurationMs(tier))).toBe(100);
      }),
    );
  });

  it('never falls while equipped and stays between 0 and 100', () => {
    fc.assert(
      fc.property(rarity, moment, span, span, (tier, at, first, extra) => {
        const equipped = equipResearch(NEW_RESEARCH, at, 0);
        const earlier = researchPercent(tier, equipped, at + first);
        const later = researchPercent(tier, equipped, at + first + extra);
        expect(Number.isInteger(earlier)).toBe(true);
        expect(earlier).toBeGreaterThanOrEqual(0);
        expect(later).toBeGreaterThanOrEqual(earlier);
        expect(later).toBeLessThanOrEqual(100);
      }),
    );
  });

  it('is frozen while unequipped', () => {
    fc.assert(
      fc.property(rarity, moment, span, span, (tier, at, equippedFor, idle) => {
        const stored = unequipResearch(equipResearch(NEW_RESEARCH, at, 0), at + equippedFor);
        expect(researchPercent(tier, stored, at + equippedFor + idle)).toBe(researchPercent(tier, stored, at + equippedFor));
      }),
    );
  });

  it('equals floor(100 × equipped time / tier duration) after any sequence of moves', () => {
    const move = fc.record({ after: fc.integer({ min: 0, max: 200 * MINUTE }), equip: fc.boolean() });
    fc.assert(
      fc.property(rarity, fc.array(move, { maxLength: 30 }), fc.integer({ min: 0, max: 200 * MINUTE }), (tier, moves, tail) => {
        let state: ResearchState = NEW_RESEARCH;
        let now = T0;
        let equippedTotal = 0;
        let equipped = false;
        for (const { after, equip } of moves) {
          if (equipped) equippedTotal += after;
          now += after;
          state = equip ? equipResearch(state, now, 0) : unequipResearch(state, now);
          equipped = equip;
        }
        if (equipped) equippedTotal += tail;
        now += tail;
        const expected = Math.min(100, Math.floor((equippedTotal * 100) / researchDurationMs(tier)));
        expect(researchPercent(tier, state, now)).toBe(expected);
      }),
    );
  });
});
