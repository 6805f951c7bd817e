/**
 * Zones on screen (issue #27, docs/design.md section 8.3): the picker on the scavenge screen says each zone's
 * energy and level; a zone above the player's level says so on the Scavenge button, and pressing it shows the
 * server's words; the choice is remembered; a scavenge there spends its energy and drops from its table; its odds
 * link opens the zone's column on /odds. On a phone in light and a desktop in dark, by keyboard, axe clean.
 */
import { MSG } from '../../game/messages';
import { RARITY_NAMES, xpForLevel } from '../../game/rules';
import { expect, test } from './fixtures';
import { expectAxeClean, SCREENS } from './screens';

for (const screen of SCREENS) {
  test.describe(`on ${screen.name}`, () => {
    test.use({ viewport: screen.viewport, colorScheme: screen.colorScheme });

    test('a zone is chosen by keyboard, waits for its level, is remembered, and scavenges from its table for its energy', async ({ page, signUp, game }) => {
      test.slow();
      await signUp();
      await page.goto('/scavenge');
      const picker = page.getByLabel('Where to scavenge');
      await expect(picker).toHaveValue('streets');
      await expect(page.getByRole('button', { name: 'Scavenge (1 energy)' })).toBeVisible();
      await expect(page.getByTestId('zone-about')).toHaveText('The usual odds. Odds of the Streets');

      // By keyboard: the Rail Yard, which opens at level 3.
      await picker.focus();
      await picker.selectOption('rail-yard');
      const scavenge = page.getByRole('button', { name: 'Scavenge (2 energy)' });
      await expect(scavenge).toHaveAccessibleDescription(MSG.zoneLevel(3));
      await expect(page.getByTestId('zone-about')).toHaveText('Uncommon and up: nothing common. Odds of the Rail Yard');
      await expectAxeClean(page, `the zone picker, ${screen.name}`);
      await scavenge.focus();
      await page.keyboard.press('Enter');
      const popup = page.getByTestId('message-dialog');
      await expect(popup).toHaveText(new RegExp(`^${MSG.zoneLevel(3)}`));
      await popup.getByRole('button', { name: 'Close' }).click();

      // Level 3: the choice was kept, and the scavenge spends 2 energy and finds nothing common.
      await game.setXp(xpForLevel(3));
      await page.reload();
      await expect(picker).toHaveValue('rail-yard');
      await expect(scavenge).not.toHaveAttribute('aria-disabled');
      await scavenge.click();
      const finds = page.getByTestId('loot-panel').getByTestId('item-row');
      await expect(finds).toHaveCount(6, { timeout: 10_000 });
      for (const text of await finds.allInnerTexts()) {
        expect(text).not.toContain(RARITY_NAMES.verycommon);
        expect(text).not.toMatch(new RegExp(`(^|\\n|\\s)${RARITY_NAMES.common}(\\s|$)`));
      }
      expect((await game.profile()).energy).toBe(18);
      if (screen.phone) {
        // Six finds and the action bar fill a phone: the zone moves into the finds' header, and opens the picker.
        await expect(page.getByTestId('zone-picker')).toBeHidden();
        await page.getByRole('button', { name: 'Where to scavenge: Rail Yard' }).click();
        const dialog = page.getByRole('dialog', { name: 'Where to scavenge' });
        await expect(dialog.getByRole('combobox', { name: 'Where to scavenge' })).toHaveValue('rail-yard');
        await expectAxeClean(page, `the zone dialog, ${screen.name}`);
        await dialog.getByRole('button', { name: 'Close' }).click();
      }
      await expect(page.getByRole('button', { name: 'Scavenge (2 energy)' })).toBeVisible();
    });

    test('a zone’s odds link opens its column of the published tables', async ({ page, signUp }) => {
      await signUp();
      await page.goto('/scavenge');
      await page.getByLabel('Where to scavenge').selectOption('bunker-row');
      await page.getByRole('link', { name: 'Odds of the Bunker Row' }).click();
      await expect(page).toHaveURL(/\/odds#zone-bunker-row$/);
      const column = page.getByRole('columnheader', { name: 'Bunker Row' });
      await expect(column).toBeInViewport();
      // The Bunker Row's column: never below Very Rare, 88 % Very Rare, and the spec's Heirloom odds.
      await expect(page.getByTestId('zone-odds-verycommon').getByRole('cell')).toHaveText(['50%', 'never', '50%', 'never']);
      await expect(page.getByTestId('zone-odds-veryrare').getByRole('cell')).toHaveText(['2.2%', '8.8%', '2.2%', '88%']);
      await expect(page.getByTestId('zone-odds-heirloom').getByRole('cell')).toHaveText(['0.001%', '0.001%', '0.001%', '0.001%']);
      await expect(page.getByTestId('zone-energy').getByRole('cell')).toHaveText(['1', '2', '1', '5']);
      await expect(page.getByTestId('zone-level').getByRole('cell')).toHaveText(['1', '3', '5', '10']);
      await expectAxeClean(page, `the zones' odds, ${screen.name}`);
    });
  });
}
