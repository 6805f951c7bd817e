/**
 * The scavenge screen's words about a scavenge (client/features/scavenge/find-notices.ts): a toast only for a
 * Very Rare or better find (issue #40), a "New" badge, the salvage line, and the summary a screen reader hears.
 */
import { describe, expect, it } from 'vitest';
import { findNotice, findsSummary, isNewFind, salvagedLine, studiesNote } from '../../client/features/scavenge/find-notices';
import { CATALOGUE, duplicateLessonMs, RARITIES, researchDurationMs, type Rarity } from '../../game/rules';
import type { Item } from '../../game/wire';

let next = 0;
/** A find of the first catalogue item of a tier. */
function find(rarity: Rarity, quality = 5): Item {
  const entry = CATALOGUE.find((candidate) => candidate.rarity === rarity)!;
  next += 1;
  return {
    id: `f${next}`,
    slot: next % 6,
    catalogId: entry.id,
    itemName: entry.name,
    rarity,
    quality,
    attack: entry.attack,
    defense: entry.defense,
    value: 100,
    description: entry.description,
    history: entry.history,
    research: 0,
    researchMs: 0,
    equippedAt: null,
  } as Item;
}

describe('findNotice', () => {
  it('says nothing of Rares and below, new to the collection or not', () => {
    for (const rarity of ['verycommon', 'common', 'uncommon', 'rare'] as const) expect(findNotice([find(rarity)])).toBeNull();
  });

  it('cheers every tier from Very Rare up, rarest first, several in one line', () => {
    for (const rarity of RARITIES.filter((tier) => ['veryrare', 'epic', 'legendary', 'artifact', 'heirloom'].includes(tier))) {
      const great = find(rarity);
      expect(findNotice([find('common'), great])).toMatch(new RegExp(`find: ${great.itemName}!$`));
    }
    const [veryRare, epic] = [find('veryrare'), find('epic')];
    expect(findNotice([veryRare, epic])).toBe(`2 great finds: ${epic.itemName}, ${veryRare.itemName}`);
  });
});

describe('isNewFind', () => {
  it('is a find whose catalogue item the player holds nowhere, and none while the collection is unread', () => {
    const [a, b] = [find('common'), find('uncommon')];
    const held = new Set(CATALOGUE.map((entry) => entry.id).filter((id) => id !== a.catalogId));
    expect([a, b].map((item) => isNewFind(item, held))).toEqual([true, false]);
    expect(isNewFind(a, null)).toBe(false);
  });
});

describe('salvagedLine', () => {
  it('says how many were salvaged for how much gold, and nothing when none were', () => {
    expect(salvagedLine({ count: 5, gold: 1234 })).toBe('Salvaged 5 finds for 1,234 gold.');
    expect(salvagedLine({ count: 1, gold: 2 }, 'item')).toBe('Salvaged 1 item for 2 gold.');
    expect(salvagedLine({ count: 0, gold: 0 })).toBeNull();
  });
});

describe('findsSummary', () => {
  it('names every find and the rarest as the best', () => {
    const loot = [find('common'), find('epic'), find('verycommon')];
    expect(findsSummary(loot)).toBe(`3 finds: ${loot.map((item) => item.itemName).join(', ')}; best: ${loot[1]!.itemName} (Epic).`);
    expect(findsSummary([])).toBe('Nothing found.');
  });
});

describe('studiesNote', () => {
  const NOW = 1_000_000_000;
  it('says what a duplicate find teaches the equipped item of its catalogue item still researching, up to 100 %', () => {
    const duplicate = find('rare');
    const equipped = { ...duplicate, id: 'eq', slot: null, researchMs: 0, equippedAt: NOW };
    expect(studiesNote(duplicate, [equipped], NOW)).toBe(`Studies your ${duplicate.itemName}: +${Math.round(duplicateLessonMs('rare') / 60_000)} min`);
    const nearlyDone = { ...equipped, researchMs: researchDurationMs('rare') - 60_000 };
    expect(studiesNote(duplicate, [nearlyDone], NOW)).toBe(`Studies your ${duplicate.itemName}: +1 min`);
    expect(studiesNote(duplicate, [{ ...equipped, researchMs: researchDurationMs('rare') }], NOW)).toBeNull();
    expect(studiesNote(find('epic'), [equipped], NOW)).toBeNull();
  });
});
