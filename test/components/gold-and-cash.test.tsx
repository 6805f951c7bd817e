/**
 * Spends that ask first (issue #40, docs/design.md sections 9.2 and 9.3): the gold shop's energy refill names
 * its price and the gold left, sends once however often its question is answered, and shows the server's
 * refusals; every cash spend in What cash buys names what it buys and its price, and a Field Kit's row stays
 * where it was so the next item's button never slides under the finger; the Showcase never asks for a choice
 * with a trophy ticked; the sell form says the market's floor; the contracts say energy, and on a craft day the
 * bonus asks for two (section 9.8). The server's answers are given at the network.
 */
import { describe, expect, test } from 'vitest';
import { render } from 'vitest-browser-react';
import { MemoryRouter } from 'react-router';
import { commands, page } from 'vitest/browser';
import CashShop from '../../client/features/cash/cash-shop';
import { HowItWorksPage } from '../../client/features/how-it-works/how-it-works-page';
import ContractsPanel from '../../client/features/contracts/contracts-panel';
import { SellPanel } from '../../client/features/market/sell';
import type { MarketIntent } from '../../client/features/market/api';
import { ShopPage } from '../../client/features/shop/shop-page';
import { MessageDialog } from '../../client/components/dialog';
import { usePlayer } from '../../client/lib/player';
import { useIntent } from '../../client/lib/use-intent';
import { MAX_ENERGY } from '../../game/constants';
import { MSG } from '../../game/messages';
import { CATALOGUE, refillPrice, researchDurationMs, salvageGold, type Rarity } from '../../game/rules';
import type { Contracts, IntentResult, Profile, Shop } from '../../game/wire';
import { anItem, aProfile, apiRequests, expectAxeClean } from './fixtures';
import { forgetReadsBetweenTests, renderScreen } from './screens';
import { newUid } from './signed-in';

forgetReadsBetweenTests();

const aPlayer = (changes: Partial<Profile>) => {
  const uid = newUid();
  return aProfile({ uid, username: `p${uid.slice(2, 12)}`, ...changes });
};
const shopOf = (price: number, boughtToday: number): Shop => ({ refill: { price, boughtToday } });
/** Requests to `path` so far: the page, and so its record, lives through the whole file. */
const sent = (path: string) => apiRequests().filter((entry) => new URL(entry.name).pathname === path).length;
const kitButton = (name: string) => new RegExp(`^Finish researching ${name} \\(`);
const ofTier = (rarity: Rarity, n = 0) => CATALOGUE.filter((entry) => entry.rarity === rarity)[n]!.id;

describe('the energy refill', () => {
  test('asks first with the price and the gold left, buys once on a double tap, and reads the next price', async () => {
    const profile = aPlayer({ energy: 3, gold: 250 });
    const after: IntentResult = { profile: { ...profile, energy: MAX_ENERGY, gold: 150, serverTime: profile.serverTime + 1 }, loot: [] };
    await commands.answer('/api/shop', shopOf(100, 0));
    await commands.answer('/api/shop/refill', after, 200, { held: true });
    await renderScreen(<ShopPage />, profile, { path: '/shop' });
    const before = sent('/api/shop/refill');
    const buy = page.getByRole('button', { name: 'Refill energy (100 gold)' });
    await expect.element(page.getByTestId('refill-state')).toHaveTextContent(`You have 3/${MAX_ENERGY} energy and 250 gold. No refill bought today.`);
    await buy.click();
    const question = page.getByRole('alertdialog', { name: 'Refill your energy for 100 gold?' });
    await expect.element(question.getByTestId('refill-left')).toHaveTextContent(`Your energy goes from 3 to ${MAX_ENERGY}, and you keep 150 gold.`);
    await expect.element(question.getByRole('button', { name: 'Cancel' })).toHaveFocus();
    await expectAxeClean('the refill question');
    const yes = question.getByRole('button', { name: 'Refill (100 gold)' });
    await yes.click();
    await yes.click({ force: true });
    // The second tap found the question's button waiting: nothing more was sent. Now the server answers.
    await expect.element(yes).toBeDisabled();
    await commands.answer('/api/shop', shopOf(200, 1));
    await commands.answer('/api/shop/refill', after);
    await expect.element(question).not.toBeInTheDocument();
    await expect.element(page.getByTestId('refill-state')).toHaveTextContent(`You have ${MAX_ENERGY}/${MAX_ENERGY} energy and 150 gold. Refills bought today: 1.`);
    await expect.element(page.getByRole('button', { name: 'Refill energy (200 gold)' })).toHaveAccessibleDescription(MSG.energyAlreadyFull);
    expect(sent('/api/shop/refill') - before).toBe(1);
  });

  test("shows the server's refusal in its words", async () => {
    const profile = aPlayer({ energy: 0, gold: 100 });
    await commands.answer('/api/shop', shopOf(100, 0));
    await commands.answer('/api/shop/refill', { error: { code: 'not_enough_gold', message: MSG.notEnoughGold } }, 400);
    await renderScreen(<ShopPage />, profile, { path: '/shop' });
    await page.getByRole('button', { name: 'Refill energy (100 gold)' }).click();
    await page.getByRole('alertdialog', { name: 'Refill your energy for 100 gold?' }).getByRole('button', { name: 'Refill (100 gold)' }).click();
    const popup = page.getByRole('dialog', { name: MSG.notEnoughGold });
    await expect.element(popup.getByRole('alert')).toHaveTextContent(MSG.notEnoughGold);
  });

  test('says beforehand why it would be refused, and a press shows the same words without sending', async () => {
    const profile = aPlayer({ energy: 4, gold: 150 });
    await commands.answer('/api/shop', shopOf(200, 1));
    await renderScreen(<ShopPage />, profile, { path: '/shop' });
    const before = sent('/api/shop/refill');
    const buy = page.getByRole('button', { name: 'Refill energy (200 gold)' });
    await expect.element(buy).toHaveAccessibleDescription('You need 50 gold more.');
    await buy.click({ force: true });
    await expect.element(page.getByRole('dialog', { name: MSG.notEnoughGold })).toBeVisible();
    await expectAxeClean('a refill the player cannot pay for');
    expect(sent('/api/shop/refill') - before).toBe(0);
  });
});

/** What cash buys with the shared profile, as the profile screen opens it: an intent's answer updates it. */
function CashShopOf({ uid }: { uid: string }) {
  const { profile, clockOffset } = usePlayer(uid);
  return profile && <CashShop profile={profile} clockOffset={clockOffset} onClose={() => {}} />;
}

async function renderCashShop(profile: Profile, trophies: unknown[] = []) {
  await commands.answer(`/api/trophycase/${profile.uid}`, trophies);
  await renderScreen(<CashShopOf uid={profile.uid} />, profile, { path: '/profile' });
  return page.getByRole('dialog', { name: 'What cash buys' });
}

describe('what cash buys', () => {
  test('a Field Kit asks first naming the item and the price; its row keeps its place once bought', async () => {
    // Two equipped items with research under way; the longer first, as the list sorts them.
    const [long, short] = [anItem(ofTier('rare'), { id: 'long', equippedAt: Date.now() }), anItem(ofTier('common'), { id: 'short', equippedAt: Date.now() })];
    const profile = aPlayer({ cash: 10, inventory: [long, short] });
    const shop = await renderCashShop(profile);
    const before = sent('/api/cash/field-kit');
    const first = shop.getByRole('button', { name: kitButton(long.itemName) });
    await expect.element(first).toBeVisible();
    const price = Number(/\((\d+) cash\)/.exec(first.element().getAttribute('aria-label') ?? '')![1]);
    await first.click();
    const question = page.getByRole('alertdialog', { name: `Finish researching ${long.itemName} now with a Field Kit for ${price} cash?` });
    await expect.element(question.getByTestId('cash-left')).toHaveTextContent(`You keep ${10 - price} cash.`);
    const done = { ...long, researchMs: researchDurationMs(long.rarity), research: 100 };
    const after: IntentResult = { profile: { ...profile, cash: 10 - price, inventory: [done, short], serverTime: profile.serverTime + 1 }, loot: [] };
    await commands.answer('/api/cash/field-kit', after);
    await question.getByRole('button', { name: `Pay ${price} cash` }).click();
    await expect.element(question).not.toBeInTheDocument();
    // The finished item still holds the first row: the next item's button did not move up into its place.
    const rows = shop.getByRole('region', { name: 'Field Kit' }).getByRole('listitem');
    await expect.element(rows.nth(0)).toHaveTextContent(`${long.itemName} · fully researched`);
    await expect.element(rows.nth(1).getByRole('button', { name: kitButton(short.itemName) })).toBeVisible();
    expect(sent('/api/cash/field-kit') - before).toBe(1);
  });

  test('a Second Wind asks first; the Showcase asks naming the trophies and the price', async () => {
    const [a, b] = [anItem(ofTier('rare'), { id: 'ta', research: 100 }), anItem(ofTier('epic'), { id: 'tb', research: 100 })];
    const profile = aPlayer({ cash: 100, energy: 2 });
    const shop = await renderCashShop(profile, [
      { item: a, addedAt: Date.now() },
      { item: b, addedAt: Date.now() },
    ]);
    const before = sent('/api/cash/showcase') + sent('/api/cash/second-wind');
    await shop.getByRole('button', { name: 'Buy Second Wind (4 cash)' }).click();
    const wind = page.getByRole('alertdialog', { name: 'Buy a Second Wind for 4 cash?' });
    await expect.element(wind.getByTestId('cash-left')).toHaveTextContent('You keep 96 cash.');
    await wind.getByRole('button', { name: 'Cancel' }).click();
    await expect.element(wind).not.toBeInTheDocument();

    const boxes = shop.getByRole('group', { name: 'Trophies to pin' }).getByRole('checkbox');
    await boxes.nth(0).click();
    await boxes.nth(1).click();
    await shop.getByRole('button', { name: 'Pin to my card (60 cash)' }).click();
    const pin = page.getByRole('alertdialog', { name: `Pin ${a.itemName} and ${b.itemName} to your card for 60 cash?` });
    await expect.element(pin.getByTestId('cash-left')).toHaveTextContent('You keep 40 cash.');
    await expectAxeClean('the Showcase question');
    expect(sent('/api/cash/showcase') + sent('/api/cash/second-wind') - before).toBe(0);
  });

  test('the Showcase never asks for a choice with a trophy ticked', async () => {
    const a = anItem(ofTier('rare'), { id: 'pinned', research: 100 });
    const profile = aPlayer({ cash: 0, showcase: { slots: 1, itemIds: [a.id] } });
    const shop = await renderCashShop(profile, [{ item: a, addedAt: Date.now() }]);
    const box = shop.getByRole('group', { name: 'Trophies to pin' }).getByRole('checkbox');
    await expect.element(box).toBeChecked();
    const pin = shop.getByRole('button', { name: /^Pin to my card/ });
    await expect.element(pin).toHaveAccessibleDescription('Your card already shows these trophies.');
    await box.click();
    await expect.element(pin).not.toHaveAttribute('aria-disabled');
  });
});

/** The sell form as the market screen shows it, with its refusal popup. */
function Sell({ profile, itemId }: { profile: Profile; itemId: string }) {
  const intent = useIntent<MarketIntent>();
  return (
    <>
      <SellPanel profile={profile} itemId={itemId} blocked={null} openListings={0} intent={intent} onListed={() => {}} />
      {intent.refusal && <MessageDialog message={intent.refusal} onClose={intent.dismiss} />}
    </>
  );
}

describe("the market's floor", () => {
  test('the sell form says the lowest price, and below it shows the refusal without sending', async () => {
    const item = anItem(ofTier('epic'), { id: 'for-sale', quality: 10, research: 100 });
    const floor = item.salvage * 2;
    const profile = aPlayer({ level: 5, gold: 100, inventory: [item] });
    await commands.answer(`/api/market?catalogId=${item.catalogId}&quality=${item.quality}`, { listings: [], medians: null });
    await renderScreen(<Sell profile={profile} itemId={item.id} />, profile, { path: '/market' });
    const form = page.getByTestId('sell-form');
    await expect.element(form.getByTestId('sell-fees')).toHaveTextContent(
      `From ${floor} to 1,000,000 gold: the lowest price is twice the ${item.salvage} gold its salvage pays. Listing costs 1 gold plus 1 % of the price, kept even if it does not sell.`,
    );
    await form.getByLabelText('Price in gold').fill(String(floor - 1));
    const list = form.getByRole('button', { name: `List for ${floor - 1} gold` });
    await expect.element(list).toHaveAccessibleDescription(MSG.belowFloor(floor));
    const before = sent('/api/market/listings');
    await list.click({ force: true });
    await expect.element(page.getByRole('dialog', { name: MSG.belowFloor(floor) })).toBeVisible();
    expect(sent('/api/market/listings') - before).toBe(0);
  });
});

describe("today's contracts", () => {
  test('the scavenge contract counts energy, and on a craft day the bonus asks for the other two', async () => {
    const profile = aPlayer({});
    const contracts: Contracts = {
      day: '2026-11-27',
      resetsAt: Date.now() + 3_600_000,
      streak: 0,
      bonusClaimedAt: null,
      contracts: [
        { slot: 0, kind: 'scavenge', target: 25, progress: 25, reward: { cash: 1, gold: 0 }, claimedAt: Date.now() },
        { slot: 1, kind: 'research', target: 1, progress: 0, reward: { cash: 2, gold: 0 }, claimedAt: null },
        { slot: 2, kind: 'craft', target: 1, progress: 0, reward: { cash: 2, gold: 0 }, claimedAt: null },
      ],
    };
    await commands.answer('/api/contracts', contracts);
    await renderScreen(<ContractsPanel />, profile, { path: '/profile' });
    const panel = page.getByRole('region', { name: "Today's contracts" });
    await expect.element(panel.getByTestId('contract').first()).toMatchTextContent('Spend 25 energy scavenging');
    await expect.element(panel.getByText('The first two (no craft needed): +2 cash and 15 gold')).toBeVisible();
    await expect.element(panel.getByRole('button', { name: 'Claim the bonus for both' })).toHaveAccessibleDescription('Claim both first (1 left).');
  });
});

describe('How it works', () => {
  test("prints salvage, the refill's price and the floor from the rules the server plays by", async () => {
    await render(
      <MemoryRouter>
        <HowItWorksPage />
      </MemoryRouter>,
    );
    const heirloom = page.getByTestId('salvage-heirloom').getByRole('cell');
    await expect.element(heirloom.nth(0)).toHaveTextContent(String(salvageGold({ catalogId: '', rarity: 'heirloom', quality: 1 })));
    await expect.element(heirloom.nth(1)).toHaveTextContent(String(salvageGold({ catalogId: '', rarity: 'heirloom', quality: 10 })));
    await expect.element(page.getByTestId('refill-first')).toHaveTextContent(`${refillPrice(0)} gold`);
    await expect.element(page.getByTestId('market-floor')).toHaveTextContent("twice the item's salvage");
    for (const title of ['Salvage', 'Gold', 'Zones', 'Contracts and cash', 'Seasons', 'The Salvage Drive', 'Notices']) {
      await expect.element(page.getByRole('region', { name: title, exact: true })).toBeVisible();
    }
    await expectAxeClean('How it works');
  });
});
