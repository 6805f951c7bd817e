/**
 * Every find counts (issue #40, docs/design.md sections 9.1 and 9.2), on a 390 px phone in light and a desktop in
 * dark, axe clean: a full 20-energy bar with a full inventory played with "Take best" takes at most 45 taps in all,
 * each step completed in one tap (take, drop, salvage the rest) and nothing left pending; and the delete dialog
 * keeps the spec's words and pays the salvage it names. When each one-tap step asks, and the dialogs' words, are
 * tested on the components (test/components/salvage.test.tsx).
 */
import type { Locator, Page } from '@playwright/test';
import { INVENTORY_SIZE, LOOT_PER_SCAVENGE, MAX_ENERGY, SCAVENGE_ANIMATION_MS } from '../../game/constants';
import { MSG } from '../../game/messages';
import { CATALOGUE } from '../../game/rules';
import { grantItem } from './craft-helpers';
import { expect, test } from './fixtures';
import { expectAxeClean, SCREENS } from './screens';

const region = (page: Page, name: string) => page.getByRole('region', { name, exact: true });

/** The first finds, of our choosing (POST /dev/fixtures/loot): Commons that beat a Feather and ask nothing. */
async function arrangeFinds(page: Page, baseURL: string) {
  const commons = CATALOGUE.filter((entry) => entry.rarity === 'common');
  for (let slot = 0; slot < LOOT_PER_SCAVENGE; slot += 1) {
    const response = await page.request.post('/dev/fixtures/loot', { data: { catalogId: commons[slot]!.id, quality: 5, slot }, headers: { Origin: baseURL } });
    expect(response.status(), await response.text()).toBe(200);
  }
}

for (const screen of SCREENS) {
  test.describe(`on ${screen.name}`, () => {
    test.use({ viewport: screen.viewport, colorScheme: screen.colorScheme, reducedMotion: 'reduce' });

    test('a full energy bar with a full inventory takes at most 45 taps, each step done in one', async ({ page, signUp, game, baseURL }) => {
      // Twenty scavenges and their steps on a busy machine.
      test.setTimeout(20 * 8_000 + 30_000);
      // The page's clock runs as usual, but each search's 2 seconds are skipped (below): the taps are counted,
      // not the waits.
      await page.clock.install();
      await signUp();
      // A full inventory of Feathers (no attack, no defense, fully researched), and the first finds arranged.
      for (let n = 0; n < INVENTORY_SIZE; n += 1) await grantItem(page, baseURL!, 'feather', 1);
      await game.scavenge();
      await arrangeFinds(page, baseURL!);
      await game.setEnergy(MAX_ENERGY);
      await page.goto('/scavenge');

      let taps = 0;
      const tap = async (button: Locator) => {
        taps += 1;
        await button.click();
      };
      const bar = page.getByTestId('action-bar');
      const takeBest = bar.getByRole('button', { name: 'Take best', exact: true });
      const scavenge = bar.getByRole('button', { name: 'Scavenge (1 energy)' });
      const announcer = page.getByTestId('scavenge-announcer');
      const finds = region(page, 'Scavenged Loot').getByTestId('item-row');
      await expect(finds).toHaveCount(LOOT_PER_SCAVENGE);
      await expect(bar.getByRole('button', { name: 'Keep for research' })).not.toHaveAccessibleDescription('Reading your trophy case…');

      /**
       * "Take best": the step done, or (a Very Rare find left, say) asked first and confirmed, a tap more. When
       * nothing beats what is equipped it waits (its reason says so), and the next Scavenge salvages the finds.
       */
      const step = async () => {
        if ((await takeBest.getAttribute('aria-disabled')) === 'true') return;
        await tap(takeBest);
        const ask = page.getByRole('alertdialog');
        await expect.poll(async () => (await ask.isVisible()) || (await finds.count()) === 0).toBe(true);
        if (await ask.isVisible()) await tap(ask.getByRole('button', { name: 'Yes, take and salvage' }));
        // Nothing stays pending: the rest was salvaged with the step.
        await expect(finds).toHaveCount(0);
        await expect(page.getByTestId('action-line')).toHaveText(/^Took \d+ finds?(, dropped \d+ items?)?\.( Salvaged \d+ items? for [\d,]+ gold\.)?$/);
        // The taken finds' research is done at once, so no later step drops research in progress: the
        // arrangement that makes none ask.
        for (const item of (await game.profile()).inventory) await game.research(item.id);
      };

      await step();
      await expectAxeClean(page, `/scavenge after a one-tap step, ${screen.name}`);
      for (let energy = MAX_ENERGY; energy > 0; energy -= 1) {
        await tap(scavenge);
        const leave = page.getByRole('alertdialog', { name: /^Leave .* behind\?$/ });
        await expect.poll(async () => (await leave.isVisible()) || (await announcer.textContent()) === MSG.scavenging).toBe(true);
        if (await leave.isVisible()) await tap(leave.getByRole('button', { name: 'Scavenge anyway' }));
        // The search's timer is set with the announcement, in the same tap.
        await expect(announcer).toHaveText(MSG.scavenging);
        await page.clock.fastForward(SCAVENGE_ANIMATION_MS);
        await expect(announcer).not.toHaveText(MSG.scavenging, { timeout: 15_000 });
        await expect(finds).toHaveCount(LOOT_PER_SCAVENGE);
        await step();
      }
      const profile = await game.profile();
      expect(profile.energy).toBe(0);
      expect(profile.inventory).toHaveLength(INVENTORY_SIZE);
      test.info().annotations.push({ type: 'taps', description: String(taps) });
      expect(taps, 'taps for a full energy bar').toBeLessThanOrEqual(45);
    });

    test('the delete dialog keeps the spec\'s words, names the salvage, and pays it', async ({ page, signUp, game }) => {
      await signUp();
      await game.scavenge();
      await game.take([0, 1, 2]);
      const before = await game.profile();
      const [a, b] = before.inventory;
      await page.goto('/profile');
      const equipped = region(page, 'Equipped:');
      for (const item of [a!, b!]) await equipped.locator(`[data-item-key="${item.id}"]`).getByTestId('item-row').click();
      await page.getByRole('button', { name: 'Delete selected items' }).click();
      const dialog = page.getByRole('alertdialog', { name: 'Are you sure you want to delete the selected items?' });
      await expect(dialog.getByRole('button', { name: 'Yes, Delete', exact: true })).toBeVisible();
      await expect(dialog.getByRole('button', { name: 'Cancel', exact: true })).toBeFocused();
      const gold = a!.salvage + b!.salvage;
      await expect(dialog.getByTestId('salvage-line')).toHaveText(MSG.salvageLine(gold));
      await expectAxeClean(page, `the delete dialog, ${screen.name}`);
      await dialog.getByRole('button', { name: 'Yes, Delete', exact: true }).click();
      await expect(page.getByTestId('selection-line')).toHaveText(`Deleted 2 items for ${gold} gold in salvage.`);
      const after = await game.profile();
      expect(after.gold - before.gold).toBe(gold);
      expect(after.inventory.map((item) => item.id)).toEqual(before.inventory.slice(2).map((item) => item.id));
      await expect(page.getByTestId('toast')).toHaveCount(0);
    });
  });
}
