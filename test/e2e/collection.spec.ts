/**
 * The collection and the arena (docs/design.md sections 9.4 and 9.6), on a phone in light and a desktop in dark,
 * axe clean: before 'Add to Trophy Case' the item details say what the trophy does to the player's fight power, and
 * after adding it the profile's fight power is what they said. The details' words in each case are tested on the
 * components (test/components/score-note.test.tsx); the rules and the fight in test/worker/sets.test.ts.
 */
import { grantItem } from './craft-helpers';
import { expect, test } from './fixtures';
import { expectAxeClean, SCREENS } from './screens';

for (const screen of SCREENS) {
  test.describe(`on ${screen.name}`, () => {
    test.use({ viewport: screen.viewport, colorScheme: screen.colorScheme });

    test('the trophy dialog shows the fight power before and after, and adding it lands there', async ({ page, signUp, game, baseURL }) => {
      await signUp();
      // A Plasma Cutter of quality 5 (ATK 68 DEF 9), researched by the player now (the fixture's rule).
      await grantItem(page, baseURL!, 'plasma-cutter', 5);
      // Any intent writes the header's totals from the items (the fixture inserts the item alone).
      await game.scavenge();
      await page.goto('/profile');
      await page.getByRole('button', { name: 'Details of Plasma Cutter' }).first().click();
      const dialog = page.getByRole('dialog', { name: 'Plasma Cutter' });
      await expect(dialog.getByTestId('fight-power-change')).toHaveText('As a trophy, your fight power goes from ATK 68 DEF 9 to ATK 6 DEF 0.');
      await expect(dialog.getByTestId('score-note')).toHaveCount(0);
      await expectAxeClean(page, `the trophy dialog, ${screen.name}`);
      await dialog.getByRole('button', { name: 'Add to Trophy Case' }).click();
      await expect(dialog).toHaveCount(0);
      const profile = await game.profile();
      expect(profile).toMatchObject({ totalAttack: 0, totalDefense: 0, trophyStats: { attack: 68, defense: 9 } });
    });
  });
}
