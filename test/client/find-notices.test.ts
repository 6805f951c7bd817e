/**
 * The scavenge screen's words about a scavenge (client/features/scavenge/find-notices.ts): a toast only for a
 * Very Rare or better find or one new to the collection (issue #24), and the summary a screen reader hears.
 */
import { describe, expect, it } from 'vitest';
import { findNotices, findsSummary } from '../../client/features/scavenge/find-notices';
import { CATALOGUE, RARITIES, type Rarity } from '../../game/rules';
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

describe('findNotices', () => {
  const everything = new Set(CATALOGUE.map((entry) => entry.id));

  it('says nothing of Rares and below the player already has', () => {
    for (const rarity of ['verycommon', 'common', 'uncommon', 'rare'] as const) expect(findNotices([find(rarity)], everything)).toEqual([]);
  });

  it('cheers every tier from Very Rare up, rarest first, several in one line', () => {
    for (const rarity of RARITIES.filter((tier) => ['veryrare', 'epic', 'legendary', 'artifact', 'heirloom'].includes(tier))) {
      const great = find(rarity);
      expect(findNotices([find('common'), great], everything)).toEqual([expect.stringMatching(new RegExp(`find: ${great.itemName}!$`))]);
    }
    const [veryRare, epic] = [find('veryrare'), find('epic')];
    expect(findNotices([veryRare, epic], everything)).toEqual([`2 great finds: ${epic.itemName}, ${veryRare.itemName}`]);
  });

  it('names finds new to the collection once each, and none while the collection is unread', () => {
    const [a, b] = [find('common'), find('uncommon')];
    const held = new Set([...everything].filter((id) => id !== a.catalogId && id !== b.catalogId));
    expect(findNotices([a, b, { ...a, id: 'again' }], held)).toEqual([`New for your collection: ${a.itemName}, ${b.itemName}`]);
    expect(findNotices([a, b], null)).toEqual([]);
  });
});

describe('findsSummary', () => {
  it('names every find and the rarest as the best', () => {
    const loot = [find('common'), find('epic'), find('verycommon')];
    expect(findsSummary(loot)).toBe(`3 finds: ${loot.map((item) => item.itemName).join(', ')}; best: ${loot[1]!.itemName} (Epic).`);
    expect(findsSummary([])).toBe('Nothing found.');
  });
});
