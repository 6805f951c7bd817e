import { describe, expect, it } from 'vitest';
import { CATALOGUE, catalogueById, DROPPABLE, itemsOfRarity, RARITIES } from '../../game/rules';

const meanPower = (rarity: (typeof RARITIES)[number]) => {
  const items = itemsOfRarity(rarity);
  return items.reduce((sum, item) => sum + item.attack + item.defense, 0) / items.length;
};

describe('the item catalogue', () => {
  it('holds about 100 items, and a season medal for each month', () => {
    const gear = CATALOGUE.filter((item) => item.rarity !== 'limited');
    expect(gear.length).toBeGreaterThanOrEqual(90);
    expect(gear.length).toBeLessThanOrEqual(110);
    expect(itemsOfRarity('limited').map((item) => item.id)).toEqual(Array.from({ length: 12 }, (_, month) => `medal-${String(month + 1).padStart(2, '0')}`));
  });

  it('gives every item a unique kebab-case id and a unique name', () => {
    const ids = CATALOGUE.map((item) => item.id);
    const names = CATALOGUE.map((item) => item.name);
    expect(new Set(ids).size).toBe(ids.length);
    expect(new Set(names).size).toBe(names.length);
    for (const id of ids) expect(id).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
  });

  it('has items in every droppable tier, more of them in the commoner tiers', () => {
    const counts = DROPPABLE.map((rarity) => itemsOfRarity(rarity).length);
    for (const count of counts) expect(count).toBeGreaterThan(0);
    for (let i = 1; i < counts.length; i += 1) expect(counts[i]).toBeLessThanOrEqual(counts[i - 1] ?? 0);
  });

  it('has display-only assembled items, and limited medals without stats (never gear)', () => {
    expect(itemsOfRarity('assembled').length).toBeGreaterThan(0);
    for (const medal of itemsOfRarity('limited')) expect([medal.attack, medal.defense]).toEqual([0, 0]);
  });

  it('values every item at 100', () => {
    for (const item of CATALOGUE) expect(item.value).toBe(100);
  });

  it('gives every item non-negative integer stats', () => {
    for (const item of CATALOGUE) {
      expect(Number.isInteger(item.attack) && item.attack >= 0).toBe(true);
      expect(Number.isInteger(item.defense) && item.defense >= 0).toBe(true);
    }
  });

  it('gives every item a one-sentence description and a short history', () => {
    for (const item of CATALOGUE) {
      expect(item.description).toMatch(/^[A-Z].*[.!?]$/);
      expect(item.description.split(/[.!?](\s|$)/).filter((part) => part.trim() !== '').length).toBe(1);
      expect(item.history).toMatch(/^[A-Z].*[.!?]$/);
      expect(item.history.length).toBeLessThanOrEqual(200);
    }
  });

  it('grows stronger with rarity: mean attack + defense strictly increases tier by tier', () => {
    const tiers = RARITIES.filter((rarity) => rarity !== 'limited' && itemsOfRarity(rarity).length > 0);
    const means = tiers.map(meanPower);
    for (let i = 1; i < means.length; i += 1) expect(means[i]).toBeGreaterThan(means[i - 1] ?? Infinity);
  });

  it('contains the tiny Feather with 0 attack and 0 defense', () => {
    expect(CATALOGUE.find((item) => item.name === 'Feather')).toMatchObject({ rarity: 'verycommon', attack: 0, defense: 0 });
  });

  it('contains an heirloom with 150 attack and 40 defense', () => {
    expect(itemsOfRarity('heirloom').some((item) => item.attack === 150 && item.defense === 40)).toBe(true);
  });

  it('finds every item by id and nothing for an unknown id', () => {
    for (const item of CATALOGUE) expect(catalogueById(item.id)).toBe(item);
    expect(catalogueById('no-such-item')).toBeUndefined();
    expect(catalogueById('toString')).toBeUndefined();
  });

  it('splits into the tiers without losing or duplicating an item', () => {
    const byTier = RARITIES.flatMap((rarity) => itemsOfRarity(rarity));
    expect(byTier).toHaveLength(CATALOGUE.length);
    expect(new Set(byTier)).toEqual(new Set(CATALOGUE));
    for (const rarity of RARITIES) for (const item of itemsOfRarity(rarity)) expect(item.rarity).toBe(rarity);
  });

  it('cannot be changed at run time', () => {
    expect(Object.isFrozen(CATALOGUE)).toBe(true);
    for (const item of CATALOGUE) expect(Object.isFrozen(item)).toBe(true);
  });
});
