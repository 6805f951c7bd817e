/**
 * The research bench (docs/design.md section 9.3), a gold sink a casual player wants: a find taken into a slot
 * moves, still researching, to the bench in the duffel bag for its price, freeing the slot; the question names
 * the item and the price, and a double tap pays once. On a phone in light and a desktop in dark; axe clean.
 * (Each state and refusal: test/components/research-bench.test.tsx; the server's rules: test/worker/shop.test.ts.)
 */
import { BENCH_GOLD } from '../../game/rules/shop';
import { expect, test } from './fixtures';
import { expectAxeClean, SCREENS } from './screens';

for (const screen of SCREENS) {
  test.describe(`on ${screen.name}`, () => {
    test.use({ viewport: screen.viewport, colorScheme: screen.colorScheme, reducedMotion: 'reduce' });

    test('a find under research moves to the bench for its price, once for a double tap, and keeps researching', async ({ page, signUp, game }) => {
      await signUp();
      await game.setGold(500);
      await game.scavenge();
      const { profile } = await game.take([0]);
      const item = profile.inventory.find((owned) => owned.research < 100)!;
      await game.upgradeDuffel();
      const gold = (await game.profile()).gold;
      await page.goto('/shop');
      const bench = page.getByTestId('bench');
      await expect(bench.getByTestId('bench-state')).toHaveText(`The bench is free. You have ${gold} gold and 1 free slot in your duffel bag.`);
      await bench.getByRole('button', { name: `Move ${item.itemName} to the bench (${BENCH_GOLD} gold)` }).click();
      const question = page.getByRole('alertdialog', { name: `Move ${item.itemName} (Q${item.quality}) to the bench for ${BENCH_GOLD} gold?` });
      await expect(question.getByTestId('bench-left')).toContainText(`you keep ${gold - BENCH_GOLD} gold`);
      await expectAxeClean(page, `the bench question, ${screen.name}`);
      const sent: string[] = [];
      page.on('request', (request) => void (request.method() === 'POST' && request.url().endsWith('/api/shop/bench') && sent.push(request.url())));
      await question.getByRole('button', { name: `Move (${BENCH_GOLD} gold)` }).dblclick();
      await expect(page.getByTestId('toast')).toContainText(`${item.itemName} (Q${item.quality}) researches on the bench.`);
      await expect(bench.getByTestId('bench-state')).toHaveText(new RegExp(`^On the bench: ${item.itemName} \\(Q${item.quality}\\), .+ left\\. You have ${gold - BENCH_GOLD} gold and 0 free slots`));
      const after = await game.profile();
      expect(sent).toHaveLength(1);
      expect(after.gold).toBe(gold - BENCH_GOLD);
      expect(after.duffelBag.map((owned) => [owned.id, owned.equippedAt])).toEqual([[item.id, item.equippedAt]]);
      expect(after.inventory.map((owned) => owned.id)).not.toContain(item.id);
      await expectAxeClean(page, `the bench busy, ${screen.name}`);
    });
  });
}
