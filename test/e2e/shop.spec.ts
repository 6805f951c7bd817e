/**
 * Spending without surprises (issue #40, docs/design.md sections 9.2 and 9.3): the gold shop's energy refill,
 * reached from what cash buys, asks first with the price and the gold left and pays once for a double tap; and
 * a double tap on a Field Kit's question buys one kit, the finished row keeping its place so the next item's
 * button never slides under the finger. On a phone in light and a desktop in dark; axe clean. (The questions'
 * words and the refusals in detail: test/components/gold-and-cash.test.tsx.)
 */
import type { Page } from '@playwright/test';
import { MAX_ENERGY } from '../../game/constants';
import { MSG } from '../../game/messages';
import { expect, test } from './fixtures';
import { expectAxeClean, SCREENS } from './screens';

/**
 * Holds the POSTs to `path` until `release()`, so a second tap lands while the first is under way (the tap a
 * slow network leaves room for), and counts them.
 */
async function holdPosts(page: Page, path: string) {
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  const sent: string[] = [];
  page.on('request', (request) => void (request.method() === 'POST' && new URL(request.url()).pathname === path && sent.push(path)));
  await page.route(`**${path}`, async (route) => {
    await held;
    await route.continue();
  });
  return { release, sent };
}

/** Two taps 150 ms apart on the middle of what `box` bounds. */
const doubleTap = (page: Page, box: { x: number; y: number; width: number; height: number }) =>
  page.mouse.dblclick(box.x + box.width / 2, box.y + box.height / 2, { delay: 150 });

for (const screen of SCREENS) {
  test.describe(`on ${screen.name}`, () => {
    test.use({ viewport: screen.viewport, colorScheme: screen.colorScheme, reducedMotion: 'reduce' });

    test('the energy refill: found from what cash buys, asks first, a double tap pays once, then the next price', async ({ page, signUp, game }) => {
      await signUp();
      await game.setEnergy(2);
      await game.setGold(550);
      await page.goto('/profile');
      await page.getByRole('button', { name: /: What cash buys$/ }).click();
      await page.getByRole('dialog', { name: 'What cash buys' }).getByRole('link', { name: 'gold shop' }).click();
      await expect(page).toHaveURL(/\/shop$/);
      await expect(page.getByRole('heading', { level: 1, name: 'Gold shop' })).toBeVisible();
      const state = page.getByTestId('refill-state');
      await expect(state).toHaveText(`You have 2/${MAX_ENERGY} energy and 550 gold. No refill bought today.`);
      await page.getByRole('button', { name: 'Refill energy (300 gold)' }).click();
      const question = page.getByRole('alertdialog', { name: 'Refill your energy for 300 gold?' });
      await expect(question.getByTestId('refill-left')).toHaveText(`Your energy goes from 2 to ${MAX_ENERGY}, and you keep 250 gold.`);
      await expectAxeClean(page, `the refill question, ${screen.name}`);
      const yes = question.getByRole('button', { name: 'Refill (300 gold)' });
      const posts = await holdPosts(page, '/api/shop/refill');
      await doubleTap(page, (await yes.boundingBox())!);
      // The second tap found the question's button waiting for the answer.
      await expect(yes).toBeDisabled();
      posts.release();
      await expect(page.getByTestId('toast')).toContainText(`Energy refill: energy back to ${MAX_ENERGY}.`);
      await expect(state).toHaveText(`You have ${MAX_ENERGY}/${MAX_ENERGY} energy and 250 gold. Refills bought today: 1.`);
      const next = page.getByRole('button', { name: 'Refill energy (600 gold)' });
      await expect(next).toHaveAccessibleDescription(MSG.energyAlreadyFull);
      expect(posts.sent).toHaveLength(1);
      expect((await game.profile()).gold).toBe(250);
      await expectAxeClean(page, `the gold shop after a refill, ${screen.name}`);
      // Pressed anyway, it shows the server's words.
      await next.click({ force: true });
      await expect(page.getByRole('dialog', { name: MSG.energyAlreadyFull })).toBeVisible();
    });

    test('a double tap on a Field Kit buys one kit: the finished row stays where it was', async ({ page, signUp, game }) => {
      await signUp();
      await game.scavenge();
      await game.take([0, 1]);
      await game.setCash(50);
      await page.goto('/profile');
      await page.getByRole('button', { name: /: What cash buys$/ }).click();
      const shop = page.getByRole('dialog', { name: 'What cash buys' });
      const rows = shop.getByRole('region', { name: 'Field Kit' }).getByRole('listitem');
      await expect(rows).toHaveCount(2);
      const top = rows.nth(0);
      const kit = top.getByRole('button', { name: /^Finish researching / });
      const topName = /^Finish researching (.+) \(\d+ cash\)$/.exec((await kit.getAttribute('aria-label'))!)![1]!;
      const price = Number(/\((\d+) cash\)$/.exec((await kit.getAttribute('aria-label'))!)![1]);
      const kitBox = (await kit.boundingBox())!;
      await kit.click();
      const question = page.getByRole('alertdialog', { name: `Finish researching ${topName} now with a Field Kit for ${price} cash?` });
      await expect(question.getByTestId('cash-left')).toHaveText(`You keep ${50 - price} cash.`);
      await expectAxeClean(page, `the Field Kit question, ${screen.name}`);
      const pay = question.getByRole('button', { name: `Pay ${price} cash` });
      const posts = await holdPosts(page, '/api/cash/field-kit');
      await doubleTap(page, (await pay.boundingBox())!);
      await expect(pay).toBeDisabled();
      posts.release();
      await expect(page.getByTestId('toast')).toContainText(`Field Kit: ${topName} is fully researched.`);
      await expect(question).toBeHidden();
      // The finished item keeps the top row; the other item's button did not slide up into its place.
      await expect(top).toHaveText(`${topName} · fully researched`);
      await expect(rows.nth(1).getByRole('button', { name: /^Finish researching / })).toBeVisible();
      // A late tap where the first Finish was opens nothing and buys nothing.
      await page.mouse.click(kitBox.x + kitBox.width / 2, kitBox.y + kitBox.height / 2);
      await expect(page.getByRole('alertdialog')).toHaveCount(0);
      expect(posts.sent).toHaveLength(1);
      expect((await game.profile()).cash).toBe(50 - price);
      await expectAxeClean(page, `what cash buys after a Field Kit, ${screen.name}`);
    });
  });
}
