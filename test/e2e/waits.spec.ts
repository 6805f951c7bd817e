/**
 * Every wait says how long (issue 17, point 4): research as "… left" / "ready", energy as "Full in …" beside the
 * spec's countdown, and a notice (one toast, several collapsing into one) when energy fills or research completes
 * while the game is open, on any screen. How each says it is a component test (test/components/: research-waits,
 * profile-header, wait-notices); here the shell shows the notices on a screen that never reads the profile, and
 * their one toast covers nothing. The dev fixtures set energy and research; Playwright's clock lets time pass.
 */
import type { Locator, Page } from '@playwright/test';
import { MAX_ENERGY } from '../../game/constants';
import { researchDurationMs } from '../../game/rules';
import { expect, test } from './fixtures';
import { SCREENS, expectAxeClean } from './screens';

const region = (page: Page, name: string) => page.getByRole('region', { name, exact: true });
const itemOf = (panel: Locator, id: string) => panel.locator(`[data-item-key="${id}"]`);

/** Two boxes share some area. */
const overlap = (a: { x: number; y: number; width: number; height: number }, b: typeof a) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

for (const { name, viewport, colorScheme } of SCREENS) {
  test.describe(`waits on ${name}`, () => {
    test.use({ viewport, colorScheme, reducedMotion: 'reduce' });

    test('the toasts come on any screen: energy filling and research ending while the leaderboard is open', async ({ page, signUp, game }) => {
      await signUp();
      await game.scavenge();
      const [item] = (await game.take([0])).profile.inventory;
      await game.setEnergy(MAX_ENERGY - 1);
      await page.clock.install();
      // The shell reads the profile once; the leaderboard never reads it again, so what follows is the clock's.
      const profileRead = page.waitForResponse((response) => /\/api\/users\/[^/]+$/.test(new URL(response.url()).pathname) && response.ok());
      await page.goto('/leaderboard?tab=alltime');
      await profileRead;
      await expect(page.getByRole('table')).toBeVisible();
      const toast = page.getByTestId('toast');
      await expect(toast).toHaveCount(0);
      // Every read of the screen answered first, as in the test below: a profile answering after the jump would
      // set the page's clock back. On a loaded machine the energy was once not full when the test looked.
      await page.waitForLoadState('networkidle');

      await page.clock.fastForward('02:05');
      await expect(toast).toHaveText(`✓Energy is full: ${MAX_ENERGY}/${MAX_ENERGY}.`);
      await page.clock.fastForward(researchDurationMs(item!.rarity) + 5_000);
      await expect(toast).toContainText(`Research complete: ${item!.itemName}. It can go in the trophy case.`);
      await expect(toast).toHaveCount(1);
      await expect(page).toHaveURL(/\/leaderboard\?tab=alltime$/);
    });

    test('two items finishing research at once make one toast, which covers none of their rows', async ({ page, signUp, game }) => {
      await signUp();
      await game.scavenge();
      const taken = (await game.take([0, 1])).profile.inventory;
      // At the maximum no energy countdown runs, so no profile read resets the page's clock while time jumps.
      await game.setEnergy(MAX_ENERGY);
      await page.clock.install();
      await page.goto('/profile');
      const equipped = region(page, 'Equipped:');
      for (const item of taken) await expect(itemOf(equipped, item.id).getByTestId('research-left')).toHaveText(/left$/);
      // Every read of the screen answered first: a profile answering after the jump would set the page's clock back.
      await page.waitForLoadState('networkidle');

      const longest = Math.max(...taken.map((item) => researchDurationMs(item.rarity)));
      await page.clock.fastForward(longest + 5_000);
      const toast = page.getByTestId('toast');
      await expect(toast).toHaveCount(1);
      const names = taken.map((item) => item.itemName);
      await expect(toast).toHaveText(new RegExp(`^✓2 items researched: (${names.join(', ')}|${[...names].reverse().join(', ')})$`));
      for (const item of taken) await expect(itemOf(equipped, item.id).getByTestId('research-left')).toHaveText('ready');

      const toastBox = (await toast.boundingBox())!;
      for (const row of await equipped.getByTestId('item').all()) expect(overlap(toastBox, (await row.boundingBox())!)).toBe(false);
      await expectAxeClean(page, `/profile with a toast, ${name}`);
    });
  });
}
