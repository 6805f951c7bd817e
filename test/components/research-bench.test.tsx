/**
 * The research bench on the gold shop (docs/design.md section 9.3): its states (nothing under research, the
 * bench free or busy, no duffel room, too little gold), the question naming the item and the price, a double tap
 * that sends once, and the server's refusal in its words. Light and dark, axe clean. The server's answers are
 * given at the network; the real round trip is test/e2e/shop.spec.ts.
 */
import { describe, expect, test } from 'vitest';
import { commands, page } from 'vitest/browser';
import { ShopPage } from '../../client/features/shop/shop-page';
import { MSG } from '../../game/messages';
import { BENCH_GOLD } from '../../game/rules/shop';
import type { IntentResult, Profile, Shop } from '../../game/wire';
import { anItem, aProfile, apiRequests, expectAxeClean } from './fixtures';
import { forgetReadsBetweenTests, renderScreen } from './screens';
import { newUid } from './signed-in';

forgetReadsBetweenTests();

const aPlayer = (changes: Partial<Profile>) => {
  const uid = newUid();
  return aProfile({ uid, username: `p${uid.slice(2, 12)}`, ...changes });
};
const SHOP: Shop = { refill: { price: 300, boughtToday: 0 } };
const sent = (path: string) => apiRequests().filter((entry) => new URL(entry.name).pathname === path).length;
const bench = page.getByTestId('bench');

describe.each(['light', 'dark'] as const)('%s', (scheme) => {
  test('nothing under research: the bench says so and offers nothing', async () => {
    await commands.colorScheme(scheme);
    const profile = aPlayer({ gold: 500, duffelBagSize: 2, inventory: [anItem('feather', { research: 100 })] });
    await commands.answer('/api/shop', SHOP);
    await renderScreen(<ShopPage />, profile, { path: '/shop' });
    await expect.element(bench.getByTestId('bench-empty')).toHaveTextContent('Nothing in your inventory is under research.');
    await expect.element(bench.getByTestId('bench-state')).toHaveTextContent('The bench is free. You have 500 gold and 2 free slots in your duffel bag.');
    expect(bench.getByRole('button').all()).toEqual([]);
    await expectAxeClean(`the bench with nothing to move, ${scheme}`);
  });

  test('asks first naming the item and the price, sends once for a double tap, then shows the item on the bench', async () => {
    await commands.colorScheme(scheme);
    const chainsaw = anItem('chainsaw', { quality: 4, equippedAt: Date.now() - 60_000 });
    const profile = aPlayer({ gold: 500, duffelBagSize: 1, inventory: [chainsaw, anItem('feather', { research: 100 })] });
    const after: IntentResult = { profile: { ...profile, gold: 500 - BENCH_GOLD, inventory: profile.inventory.slice(1), duffelBag: [chainsaw], serverTime: profile.serverTime + 1 }, loot: [] };
    await commands.answer('/api/shop', SHOP);
    await commands.answer('/api/shop/bench', after, 200, { held: true });
    await renderScreen(<ShopPage />, profile, { path: '/shop' });
    expect(bench.getByTestId('bench-item').all()).toHaveLength(1);
    await bench.getByRole('button', { name: `Move Chainsaw to the bench (${BENCH_GOLD} gold)` }).click();
    const question = page.getByRole('alertdialog', { name: `Move Chainsaw (Q4) to the bench for ${BENCH_GOLD} gold?` });
    await expect.poll(() => question.getByTestId('bench-left').element().textContent).toMatch(new RegExp(`^It keeps researching in your duffel bag \\(.+ left\\), and you keep ${500 - BENCH_GOLD} gold\\.$`));
    await expect.element(question.getByRole('button', { name: 'Cancel' })).toHaveFocus();
    await expectAxeClean(`the bench question, ${scheme}`);
    const before = sent('/api/shop/bench');
    const yes = question.getByRole('button', { name: `Move (${BENCH_GOLD} gold)` });
    await yes.click();
    await yes.click({ force: true });
    await expect.element(yes).toBeDisabled();
    await commands.answer('/api/shop/bench', after);
    await expect.element(question).not.toBeInTheDocument();
    await expect
      .poll(() => bench.getByTestId('bench-state').element().textContent)
      .toMatch(new RegExp(`^On the bench: Chainsaw \\(Q4\\), .+ left\\. You have ${500 - BENCH_GOLD} gold and 0 free slots in your duffel bag\\.$`));
    await expect.element(bench.getByTestId('bench-empty')).toBeInTheDocument();
    expect(sent('/api/shop/bench') - before).toBe(1);
    await expectAxeClean(`the bench busy, ${scheme}`);
  });

  test('says beforehand why it would refuse: busy, no duffel room, not enough gold; pressed, the same words', async () => {
    await commands.colorScheme(scheme);
    const researching = anItem('radio-transceiver', { id: 'r1' });
    const busy = aPlayer({ gold: 500, duffelBagSize: 2, inventory: [researching], duffelBag: [anItem('chainsaw', { id: 'c1' })] });
    await commands.answer('/api/shop', SHOP);
    await renderScreen(<ShopPage />, busy, { path: '/shop' });
    const move = bench.getByRole('button', { name: /^Move Radio Transceiver to the bench/ });
    await expect.element(move).toHaveAccessibleDescription(MSG.benchBusy);
    await move.click({ force: true });
    await expect.element(page.getByRole('dialog', { name: MSG.benchBusy })).toBeVisible();
  });

  test('without a free duffel slot or the gold, the button says so', async () => {
    await commands.colorScheme(scheme);
    const noRoom = aPlayer({ gold: 500, duffelBagSize: 0, inventory: [anItem('radio-transceiver')] });
    await commands.answer('/api/shop', SHOP);
    await renderScreen(<ShopPage />, noRoom, { path: '/shop' });
    await expect.element(bench.getByRole('button', { name: /^Move Radio Transceiver/ })).toHaveAccessibleDescription(MSG.benchNeedsRoom);
  });

  test("shows the server's refusal in its words", async () => {
    await commands.colorScheme(scheme);
    const poor = aPlayer({ gold: BENCH_GOLD, duffelBagSize: 1, inventory: [anItem('radio-transceiver')] });
    await commands.answer('/api/shop', SHOP);
    await commands.answer('/api/shop/bench', { error: { code: 'not_enough_gold', message: MSG.notEnoughGold } }, 400);
    await renderScreen(<ShopPage />, poor, { path: '/shop' });
    await bench.getByRole('button', { name: /^Move Radio Transceiver/ }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: `Move (${BENCH_GOLD} gold)` }).click();
    await expect.element(page.getByRole('dialog', { name: MSG.notEnoughGold }).getByRole('alert')).toHaveTextContent(MSG.notEnoughGold);
  });
});
