/**
 * The market's screens (issue #27, docs/design.md sections 8.5 and 9.4): a find listed from its details, found by
 * tier and item, bought by another player after a confirmation that says where it goes and that it adds to their
 * collection, not their score, and its gold collected by the seller; what a player who
 * cannot trade yet is told (with the loading, empty and error states: test/components/read-states.test.tsx). On a phone in light and a desktop in dark, by
 * keyboard, axe clean. The trades' races are the worker's tests (test/worker/market.test.ts).
 */
import type { Page } from '@playwright/test';
import { listingFee, proceedsOf } from '../../game/rules/market';
import { apiGet, apiPost, expect, playerInNewContext, test } from './fixtures';
import { expectAxeClean, SCREENS } from './screens';

/** Level 5 (400 XP), a verified email and some gold: what trading needs. */
async function makeTrader(page: Page, baseURL: string, gold: number) {
  for (const [path, data] of [
    ['/dev/fixtures/xp', { xp: 400 }],
    ['/dev/fixtures/verified', {}],
    ['/dev/fixtures/gold', { gold }],
  ] as const) {
    const response = await apiPost(page.request, baseURL, path, data);
    expect(response.status(), `${path} answered ${await response.text()}`).toBe(200);
  }
}

/** A fully researched item of this kind in the signed-in player's inventory; answers its id. */
async function giveItem(page: Page, baseURL: string, catalogId: string, quality: number) {
  const response = await apiPost(page.request, baseURL, '/dev/fixtures/item', { catalogId, quality });
  expect(response.status(), await response.text()).toBe(200);
  return ((await response.json()) as { id: string }).id;
}

const PRICE = 150;
/** One Rare item a screen, so the two screens' sales (on one server) never share medians or listings. */
const ITEM_ON = { phone: { id: 'compound-bow', name: 'Compound Bow' }, desktop: { id: 'chainsaw', name: 'Chainsaw' } } as const;

for (const screen of SCREENS) {
  test.describe(`on ${screen.name}`, () => {
    test.use({ viewport: screen.viewport, colorScheme: screen.colorScheme });

    test('a find listed from its details is found by its item, bought after a confirmation, and its gold collected', async ({ page, browser, baseURL, signUp }) => {
      test.slow();
      const item = ITEM_ON[screen.phone ? 'phone' : 'desktop'];
      const { username: seller } = await signUp();
      await makeTrader(page, baseURL!, 100);
      await giveItem(page, baseURL!, item.id, 7);

      // From the item's details on the profile, by keyboard.
      await page.goto('/profile');
      await page.getByRole('button', { name: `Details of ${item.name}` }).click();
      const sellLink = page.getByRole('dialog', { name: item.name }).getByRole('link', { name: 'Sell on the market' });
      await sellLink.focus();
      await page.keyboard.press('Enter');
      await expect(page).toHaveURL(/\/market\?sell=/);
      await expect(page.getByRole('heading', { level: 1, name: 'Market' })).toBeVisible();
      const form = page.getByTestId('sell-form');
      await expect(form.getByTestId('listed-name')).toHaveText(item.name);
      // Every sale of this item in a run is at PRICE (a retry sells it again): before the first, 'no sales'.
      await expect(form.getByTestId('medians')).toContainText(/no sales|150 gold/);

      // The button says what is missing before the tap; the fee and the proceeds show as the price is typed.
      await expect(form.getByTestId('disabled-reason')).toHaveText('Enter a price.');
      await form.getByLabel('Price in gold').fill(String(PRICE));
      await expect(form.getByTestId('sell-fees')).toHaveText(
        `Listing costs ${listingFee(PRICE)} gold now, kept even if it does not sell. If it sells you collect ${proceedsOf(PRICE)} gold. Unsold, it comes back after 72 hours.`,
      );
      await expectAxeClean(page, `the sell form, ${screen.name}`);
      await form.getByLabel('Price in gold').press('Enter');
      await expect(page.getByRole('status').filter({ hasText: `Listed ${item.name} for ${PRICE} gold.` })).toBeVisible();
      await expect(page).toHaveURL(/\/market$/);
      const mine = page.getByTestId('my-listing').filter({ hasText: item.name });
      await expect(mine.getByTestId('listing-status')).toHaveText(/^Ends in (3 d 0 h|2 d 23 h)$/);

      // Another player finds it by tier and item and buys it.
      const buyer = await playerInNewContext(browser, baseURL!, { viewport: screen.viewport, colorScheme: screen.colorScheme });
      await makeTrader(buyer.page, baseURL!, 400);
      await buyer.page.goto('/market');
      await buyer.page.getByLabel('Tier').selectOption('rare');
      await buyer.page.getByLabel('Item').selectOption(item.id);
      const offer = buyer.page.getByTestId('listing').filter({ hasText: `from ${seller}` });
      await expect(offer).toContainText(`${PRICE} gold`);
      // Bought, it adds to the buyer's collection, never their score (docs/design.md section 9.4): said before the tap.
      const notTheirScore = `Researched by ${seller}: adds to your collection, not your score`;
      await expect(offer.getByTestId('researched-by')).toHaveText(notTheirScore);
      await expectAxeClean(buyer.page, `the listings, ${screen.name}`);
      await offer.getByRole('button', { name: `Buy ${item.name} for ${PRICE} gold` }).click();
      const confirm = buyer.page.getByRole('alertdialog', { name: `Buy ${item.name} (Rare, quality 7) from ${seller} for ${PRICE} gold?` });
      // A new player's inventory has room: the confirmation says where it goes because the server would put it there.
      await expect(confirm.getByTestId('buy-where')).toHaveText(`You will have ${400 - PRICE} gold left. It goes to your inventory.`);
      await expect(confirm.getByTestId('buy-researched-by')).toHaveText(`${notTheirScore}.`);
      await expectAxeClean(buyer.page, `the buy confirmation, ${screen.name}`);
      await confirm.getByRole('button', { name: `Buy for ${PRICE} gold` }).click();
      await expect(buyer.page.getByRole('status').filter({ hasText: `You bought ${item.name} for ${PRICE} gold. It is in your inventory.` })).toBeVisible();
      await expect(offer).toHaveCount(0);
      // The sale is the item's first: its median is the price.
      await expect(buyer.page.getByTestId('medians')).toContainText(`${PRICE} gold`);
      await buyer.context.close();

      // The seller collects: the proceeds, once.
      await page.reload();
      await expect(mine.getByTestId('listing-status')).toHaveText(`Sold: ${proceedsOf(PRICE)} gold to collect`);
      await expect(page.getByTestId('to-collect')).toHaveText(`To collect: ${proceedsOf(PRICE)} gold from sales.`);
      const collect = page.getByRole('button', { name: 'Collect' });
      await collect.focus();
      await page.keyboard.press('Enter');
      await expect(page.getByRole('status').filter({ hasText: `Collected ${proceedsOf(PRICE)} gold.` })).toBeVisible();
      await expect(page.getByTestId('to-collect')).toHaveText('Nothing to collect.');
      const gold = (await (await apiGet(page.request, `/api/users/${await uidOf(page)}`)).json()) as { gold: number };
      expect(gold.gold).toBe(100 - listingFee(PRICE) + proceedsOf(PRICE));
      // Pressed anyway, the blocked Collect shows the server's words.
      await collect.click({ force: true });
      await expect(page.getByTestId('message-dialog')).toContainText('There is nothing to collect.');
      await expectAxeClean(page, `after collecting, ${screen.name}`);
    });
  });
}

async function uidOf(page: Page): Promise<string> {
  const { user } = (await (await apiGet(page.request, '/api/auth/session')).json()) as { user: { uid: string } };
  return user.uid;
}
