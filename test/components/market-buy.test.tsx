/**
 * The market tells the truth before a purchase (docs/design.md sections 9.4 and 9.7): the buy confirmation says
 * where the item goes only when the server would take it (the inventory, else the duffel bag), and with no room
 * Buy says why and shows the server's own refusal without sending; each listing and the confirmation say whose
 * research it is and that it adds to the collection, not the score; the item filter offers only items the player
 * has seen. The market is read through the app's own data layer, answered at the network. Light and dark, axe
 * clean.
 */
import { describe, expect, test } from 'vitest';
import { commands, page, userEvent } from 'vitest/browser';
import { MarketPage } from '../../client/features/market/market-page';
import { INVENTORY_SIZE } from '../../game/constants';
import { MSG } from '../../game/messages';
import type { Item, Market, MarketSeen, MyListings, Profile } from '../../game/wire';
import { anItem, aProfile, apiRequests, expectAxeClean } from './fixtures';
import { forgetReadsBetweenTests, renderScreen } from './screens';
import { newUid } from './signed-in';

forgetReadsBetweenTests();

const PRICE = 120;
const nothingMine: MyListings = { listings: [], uncollected: 0 };
/** Purchases sent so far: a blocked Buy must send none. */
const purchases = () => apiRequests().filter((entry) => new URL(entry.name).pathname.endsWith('/buy')).length;

/** A Chainsaw listed by Bram, researched by `researchedBy`, as GET /api/market answers it. */
function anOffer(researchedBy: string | null): Market['listings'][number] {
  const item = anItem('chainsaw', { id: `sold-${newUid()}`, quality: 7, research: 100, researchedBy, equippedAt: null });
  return { id: `l-${item.id}`, itemId: item.id, item, price: PRICE, status: 'open', createdAt: Date.now(), expiresAt: Date.now() + 86_400_000, seller: 'Bram' };
}

/** A trader (level 5, verified, 500 gold) holding `inventory` and a bag of `duffelBagSize` slots with `duffelBag`. */
function aTrader(inventory: number, duffelBagSize: number, duffelBag = 0): Profile {
  const items = (count: number, where: string): Item[] => Array.from({ length: count }, (_, n) => anItem('feather', { id: `${where}-${n}` }));
  return aProfile({ uid: newUid(), level: 5, gold: 500, inventory: items(inventory, 'inv'), duffelBagSize, duffelBag: items(duffelBag, 'bag') });
}

/** The market screen of `profile`, offering `offer` and the filter `seen`; answers the offer's row. */
async function openMarket(profile: Profile, offer: Market['listings'][number], seen: MarketSeen = { catalogIds: ['chainsaw'] }) {
  await commands.answer('/api/market?sort=price', { listings: [offer], medians: null } satisfies Market);
  await commands.answer('/api/market/mine', nothingMine);
  await commands.answer('/api/market/seen', seen);
  await renderScreen(<MarketPage />, profile, { path: '/market' });
  const row = page.getByTestId('listing');
  await expect.element(row.getByTestId('listed-name')).toHaveTextContent('Chainsaw');
  return { row, buy: row.getByRole('button', { name: `Buy Chainsaw for ${PRICE} gold` }) };
}

describe.each(['light', 'dark'] as const)('%s', (scheme) => {
  test('with room in the inventory the confirmation says it goes there, and whose research it is', async () => {
    await commands.colorScheme(scheme);
    const { row, buy } = await openMarket(aTrader(2, 0), anOffer('Bram'));
    await expect.element(row.getByTestId('researched-by')).toHaveTextContent('Researched by Bram: adds to your collection, not your score');
    await expectAxeClean(`a listing with its researcher, ${scheme}`);
    await buy.click();
    const dialog = page.getByRole('alertdialog', { name: `Buy Chainsaw (Rare, quality 7) from Bram for ${PRICE} gold?` });
    await expect.element(dialog.getByTestId('buy-where')).toHaveTextContent(`You will have ${500 - PRICE} gold left. It goes to your inventory.`);
    await expect.element(dialog.getByTestId('buy-researched-by')).toHaveTextContent('Researched by Bram: adds to your collection, not your score.');
    await expectAxeClean(`the buy confirmation, ${scheme}`);
  });

  test('with no room anywhere Buy says so, and pressed shows the server’s refusal and what to do, sending nothing', async () => {
    await commands.colorScheme(scheme);
    const { buy } = await openMarket(aTrader(INVENTORY_SIZE, 0), anOffer('Bram'));
    await expect.element(buy).toHaveAccessibleDescription('No room: free a slot first.');
    await expectAxeClean(`Buy with no room, ${scheme}`);
    const before = purchases();
    await buy.click({ force: true });
    await expect.element(page.getByRole('dialog', { name: `${MSG.inventoryFull} Free a slot in your inventory to buy.` })).toBeVisible();
    await expect.element(page.getByRole('alertdialog')).not.toBeInTheDocument();
    expect(purchases() - before).toBe(0);
  });
});

test('with the inventory full and room in the bag the confirmation says it goes to the duffel bag', async () => {
  const { buy } = await openMarket(aTrader(INVENTORY_SIZE, 2, 1), anOffer('Bram'));
  await buy.click();
  await expect.element(page.getByRole('alertdialog').getByTestId('buy-where')).toHaveTextContent(`You will have ${500 - PRICE} gold left. Your inventory is full, so it goes to your duffel bag.`);
});

test('with the inventory and the bag full, the refusal is the bag’s limit, as the server’s', async () => {
  const { buy } = await openMarket(aTrader(INVENTORY_SIZE, 2, 2), anOffer('Bram'));
  await buy.click({ force: true });
  await expect.element(page.getByRole('dialog', { name: `${MSG.duffelFull(2)} Free a slot in your inventory or duffel bag to buy.` })).toBeVisible();
});

test('an item the buyer researched themselves says it scores', async () => {
  const profile = aTrader(0, 0);
  const { row } = await openMarket(profile, anOffer(profile.username));
  await expect.element(row.getByTestId('researched-by')).toHaveTextContent(MSG.researchedByYou);
});

test('an item researched by nobody known says it adds to the collection, not the score', async () => {
  const { row } = await openMarket(aTrader(0, 0), anOffer(null));
  await expect.element(row.getByTestId('researched-by')).toHaveTextContent(MSG.researchedByNobody);
});

test('the item filter offers only the items the player has seen, in both the whole list and a tier', async () => {
  await openMarket(aTrader(0, 0), anOffer('Bram'), { catalogIds: ['feather', 'chainsaw'] });
  const options = () => page.getByLabelText('Item').getByRole('option').elements().map((option) => option.textContent);
  await expect.poll(options).toEqual(['All items', 'Chainsaw', 'Feather']);
  await userEvent.selectOptions(page.getByLabelText('Tier'), 'rare');
  await expect.poll(options).toEqual(['All items', 'Chainsaw']);
});
