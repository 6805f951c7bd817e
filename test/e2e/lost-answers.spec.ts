/**
 * Every intent exactly once over a lossy network (issue #55, docs/decisions/031-idempotency-keys.md): the first
 * answer of an energy refill is lost at the network after the Worker committed it. The client shows "Retrying…",
 * sends the refill again with the same Idempotency-Key, and the Worker answers its first answer without charging
 * again: one refill bought, the gold taken once, on screen and on the server. On a phone in light and a desktop in
 * dark; axe clean while it retries.
 */
import { IDEMPOTENCY_HEADER } from '../../game/api';
import { MAX_ENERGY } from '../../game/constants';
import { REFILL_FIRST_GOLD } from '../../game/rules';
import { expect, test } from './fixtures';
import { expectAxeClean, SCREENS } from './screens';

for (const screen of SCREENS) {
  test.describe(`on ${screen.name}`, () => {
    test.use({ viewport: screen.viewport, colorScheme: screen.colorScheme });

    test('a refill whose answer is lost is sent again with its key, bought once, and the screen shows it once', async ({ page, signUp, game, consoleErrors }) => {
      await signUp();
      await game.setEnergy(2);
      // Enough for the day's first refill and 50 over, so a second charge could not go through either.
      await game.setGold(REFILL_FIRST_GOLD + 50);
      await page.goto('/shop');
      const state = page.getByTestId('refill-state');
      await expect(state).toHaveText(`You have 2/${MAX_ENERGY} energy and ${REFILL_FIRST_GOLD + 50} gold. No refill bought today.`);

      // The first try reaches the Worker, which commits it; its answer never reaches the page. The retry is held
      // until the test has seen the page say it is retrying.
      const keys: (string | undefined)[] = [];
      const committed: number[] = [];
      let seenRetrying = () => {};
      const retryMayGo = new Promise<void>((resolve) => (seenRetrying = resolve));
      await page.route('**/api/shop/refill', async (route) => {
        keys.push(route.request().headers()[IDEMPOTENCY_HEADER.toLowerCase()]);
        if (keys.length === 1) {
          committed.push((await route.fetch()).status());
          await route.abort('failed');
          return;
        }
        await retryMayGo;
        await route.continue();
      });

      await page.getByRole('button', { name: `Refill energy (${REFILL_FIRST_GOLD} gold)` }).click();
      await page.getByRole('alertdialog', { name: `Refill your energy for ${REFILL_FIRST_GOLD} gold?` }).getByRole('button', { name: `Refill (${REFILL_FIRST_GOLD} gold)` }).click();
      const retrying = page.getByTestId('retrying');
      await expect(retrying).toHaveText('Connection lost. Retrying…');
      expect(committed).toEqual([200]);
      expect((await game.profile()).gold).toBe(50);
      await expectAxeClean(page, `the gold shop while a refill is retried, ${screen.name}`);
      seenRetrying();

      await expect(page.getByTestId('toast')).toContainText(`Energy refill: energy back to ${MAX_ENERGY}.`);
      await expect(state).toHaveText(`You have ${MAX_ENERGY}/${MAX_ENERGY} energy and 50 gold. Refills bought today: 1.`);
      await expect(retrying).toBeHidden();
      expect(keys).toHaveLength(2);
      expect(keys[0]).toMatch(/^[0-9a-f]{32}$/);
      expect(keys[1]).toBe(keys[0]);
      // Charged once on the server: the repeat answered the first answer.
      expect((await game.profile()).gold).toBe(50);
      await page.reload();
      await expect(state).toHaveText(`You have ${MAX_ENERGY}/${MAX_ENERGY} energy and 50 gold. Refills bought today: 1.`);
      // The browser logs the dropped answer, and nothing else went wrong.
      expect(consoleErrors).toEqual(['Failed to load resource: net::ERR_FAILED']);
      consoleErrors.length = 0;
    });
  });
}
