import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { catalogueById, craftedQuality, RECIPES, recipeSize, tierPoints, trophyScore } from '../../game/rules';

describe('a recipe', () => {
  // docs/design.md section 8.1 and docs/decisions/009-crafting.md: Assembled is earned, not cheap.
  it('never makes an item worth more trophy points than a Legendary of the same quality', () => {
    fc.assert(
      fc.property(fc.constantFrom(...RECIPES), fc.array(fc.integer({ min: 1, max: 10 }), { minLength: 1, maxLength: 12 }), (recipe, qualities) => {
        const result = catalogueById(recipe.resultId)!;
        const quality = craftedQuality(qualities);
        expect(trophyScore([{ rarity: result.rarity, quality }])).toBeLessThanOrEqual(trophyScore([{ rarity: 'legendary', quality }]));
      }),
    );
  });

  it('makes an Assembled item from parts, however many, for 150 to 300 gold', () => {
    for (const recipe of RECIPES) {
      expect(catalogueById(recipe.resultId)?.rarity).toBe('assembled');
      expect(recipeSize(recipe)).toBeGreaterThan(1);
      expect(recipe.gold).toBeGreaterThanOrEqual(150);
      expect(recipe.gold).toBeLessThanOrEqual(300);
    }
    expect(tierPoints('assembled')).toBe(64);
  });

  // docs/design.md section 9.3: crafting is a choice worth making. At equal quality the result's points against
  // the parts' own (named parts at their tier, "any N" at that tier); npm run simulate:economy measures it on
  // rolled qualities too.
  it('scores at least 20 % more than its parts would researched apart', () => {
    for (const recipe of RECIPES) {
      const apart = recipe.inputs.reduce((sum, input) => sum + input.count * tierPoints(input.kind === 'tier' ? input.rarity : catalogueById(input.catalogId)!.rarity), 0);
      expect(tierPoints('assembled'), recipe.id).toBeGreaterThanOrEqual(1.2 * apart);
    }
  });
});
