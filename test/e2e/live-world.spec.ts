/**
 * A live world (issue #43, docs/design.md section 9.11): two players, one on a phone in light and one on a desktop
 * in dark, each seeing the other's doing without a reload, over the chat socket they already have. One lists and
 * the other sees the listing appear within 2 s; one buys and the other's Buy turns into "Sold just now"; a scored
 * trophy moves the other's season board and league, and a donation moves a guildmate's drive bar. Axe clean. How each event
 * changes a screen, and that a malformed one is dropped: test/components/world-events.test.tsx; the room's
 * coalescing and who gets what: test/worker/world.test.ts.
 */
import type { Page } from '@playwright/test';
import { CHAT_SOCKET_PATH } from '../../game/chat-protocol';
import { catalogueById } from '../../game/rules/catalogue';
import { salvagePoints } from '../../game/rules/drive';
import { apiGet, apiPost, type ApiActor, apiPlayerInNewContext, expect, playerInNewContext, test } from './fixtures';
import { foundGuild, joinGuild } from './guild-helpers';
import { DESKTOP, expectAxeClean, PHONE } from './screens';

/**
 * What "live" means here: the room's one-second window and the read it sets off, well within the only read these
 * screens repeat on their own (the drive's, every 15 s), so a change seen in time came by the world frame. A bound
 * sized for a loaded machine, not a measure of speed (it was 2 s, which a busy run passed).
 */
const LIVE = { timeout: 10_000 };

/**
 * Resolves once the page's chat socket has its first frame (the room's history): from then the room sends it the
 * world's frames. Call it before the page opens, and wait for it before the change it should see.
 */
function chatJoined(page: Page): Promise<void> {
  return new Promise((resolve) => {
    page.on('websocket', (socket) => {
      if (new URL(socket.url()).pathname === CHAT_SOCKET_PATH) socket.once('framereceived', () => resolve());
    });
  });
}
const PRICE = 150;

/** Posts a dev fixture or an intent as `player`; answers the JSON. */
async function send<T>(player: ApiActor, baseURL: string, path: string, data: unknown): Promise<T> {
  const response = await apiPost(player.request, baseURL, path, data);
  expect(response.status(), `${path} answered ${await response.text()}`).toBe(200);
  return (await response.json()) as T;
}

/** Level 5, a verified email and `gold`: what trading needs. */
async function makeTrader(player: ApiActor, baseURL: string, gold: number) {
  await send(player, baseURL, '/dev/fixtures/xp', { xp: 400 });
  await send(player, baseURL, '/dev/fixtures/verified', {});
  await send(player, baseURL, '/dev/fixtures/gold', { gold });
}

/** A fully researched item, researched by `player`, in their inventory; answers its id. */
const giveItem = async (player: ApiActor, baseURL: string, catalogId: string, quality: number) => (await send<{ id: string }>(player, baseURL, '/dev/fixtures/item', { catalogId, quality })).id;

/** The market, newest first, so a listing made now comes at the top whatever else is for sale. */
async function openMarketNewest(page: Page) {
  await page.goto('/market');
  await page.getByLabel('Sort').selectOption('newest');
  await expect(page.getByTestId('listings').or(page.getByTestId('market-empty'))).toBeVisible();
}

test.use({ viewport: PHONE, colorScheme: 'light' });

test('one lists and the other sees it without a reload; one buys and the other’s Buy says "Sold just now"', async ({ page, browser, baseURL, signUp }) => {
  test.slow();
  const { username: phoneName } = await signUp();
  await makeTrader(page, baseURL!, 400);
  const desktop = await playerInNewContext(browser, baseURL!, { viewport: DESKTOP, colorScheme: 'dark' });
  await makeTrader(desktop.page, baseURL!, 400);
  await openMarketNewest(desktop.page);

  // The phone lists a Chainsaw through the sell form; the desktop, already on the market, sees it come in.
  const chainsaw = await giveItem(page, baseURL!, 'chainsaw', 7);
  await page.goto(`/market?sell=${chainsaw}`);
  await page.getByTestId('sell-form').getByLabel('Price in gold').fill(String(PRICE));
  await page.getByTestId('sell-form').getByLabel('Price in gold').press('Enter');
  await expect(page.getByRole('status').filter({ hasText: `Listed Chainsaw for ${PRICE} gold.` })).toBeVisible();
  const listed = desktop.page.getByTestId('listing').filter({ hasText: `from ${phoneName}` });
  await expect(listed.getByRole('button', { name: `Buy Chainsaw for ${PRICE} gold` })).toBeVisible(LIVE);

  // A third player lists a Compound Bow; the phone buys it while the desktop watches.
  const seller = await apiPlayerInNewContext(browser, baseURL!);
  await makeTrader(seller, baseURL!, 100);
  const bow = await giveItem(seller, baseURL!, 'compound-bow', 7);
  await send(seller, baseURL!, '/api/market/listings', { itemId: bow, price: PRICE });
  const watched = desktop.page.getByTestId('listing').filter({ hasText: `from ${seller.username}` });
  await expect(watched.getByRole('button', { name: `Buy Compound Bow for ${PRICE} gold` })).toBeVisible(LIVE);

  await openMarketNewest(page);
  const offer = page.getByTestId('listing').filter({ hasText: `from ${seller.username}` });
  await offer.getByRole('button', { name: `Buy Compound Bow for ${PRICE} gold` }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: `Buy for ${PRICE} gold` }).click();
  await expect(page.getByRole('status').filter({ hasText: `You bought Compound Bow for ${PRICE} gold.` })).toBeVisible();

  await expect(watched.getByTestId('sold-just-now')).toHaveText('Sold just now', LIVE);
  await expect(watched.getByRole('button', { name: /^Buy / })).toHaveCount(0);
  await expectAxeClean(desktop.page, 'a listing sold just now, a desktop, dark');
  await expectAxeClean(page, 'the market after buying, a phone, light');
  await seller.context.close();
  await desktop.context.close();
});

test('a scored trophy moves the other’s season board and league, and says their own new rank', async ({ page, browser, baseURL, signUp }) => {
  test.slow();
  const phone = (await signUp()).username!;
  const desktop = await playerInNewContext(browser, baseURL!, { viewport: DESKTOP, colorScheme: 'dark' });
  // The desktop scores a little first, so it has a rank for the phone's bigger trophy to take.
  await send(desktop.page, baseURL!, '/api/trophycase', { itemId: await giveItem(desktop.page, baseURL!, 'feather', 1) });
  const boardJoined = chatJoined(desktop.page);
  await desktop.page.goto('/leaderboard');
  const standing = desktop.page.getByTestId('season-standing');
  await expect(standing).toHaveText(/^You are #\d+ with/);
  const before = Number(/#(\d+)/.exec((await standing.textContent()) ?? '')?.[1]);
  // The desktop's league in a second tab: its first score put it in this week's league of its tier.
  const league = await desktop.context.newPage();
  const leagueJoined = chatJoined(league);
  await league.goto('/leaderboard?tab=league');
  await expect(league.getByTestId('league-me')).toBeVisible();
  // Both tabs in the room before the phone scores: a tab still joining would miss the frame, and never see it.
  await Promise.all([boardJoined, leagueJoined]);

  await send(page, baseURL!, '/api/trophycase', { itemId: await giveItem(page, baseURL!, 'chainsaw', 10) });
  await expect(standing).not.toHaveText(new RegExp(`^You are #${before} `), LIVE);
  const after = Number(/#(\d+)/.exec((await standing.textContent()) ?? '')?.[1]);
  expect(after).toBeGreaterThan(before);
  await expect(desktop.page.getByTestId('rank-announcement')).toHaveText(`You are now #${after} this season.`);
  await expectAxeClean(desktop.page, 'a season board that moved, a desktop, dark');
  // Both new players joined scrap's open league with their first scores, a second apart. Another test's players
  // scoring in that second could have filled it: then the phone opened the next league, and there is nothing to
  // see, so the API says first.
  const desktopLeague = (await (await apiGet(desktop.page.request, '/api/league')).json()) as { members: { username: string }[] };
  if (desktopLeague.members.some((member) => member.username === phone)) {
    await expect(league.getByTestId('league-row').filter({ hasText: phone })).toBeVisible(LIVE);
  } else {
    test.info().annotations.push({ type: 'league', description: 'the league filled between the two first scores' });
  }
  await desktop.context.close();
});

test('a donation moves a guildmate’s drive bar without a reload', async ({ page, browser, baseURL, signUp }) => {
  test.slow();
  await signUp();
  const { guild } = await foundGuild(page, baseURL!);
  const desktop = await playerInNewContext(browser, baseURL!, { viewport: DESKTOP, colorScheme: 'dark' });
  await joinGuild(desktop.page, baseURL!, guild.id);
  await desktop.page.goto(`/guilds/${guild.id}`);
  const progress = desktop.page.getByRole('region', { name: 'Salvage Drive' }).getByTestId('drive-progress');
  await expect(progress).toHaveText(/^0 \//);
  // The guild's chat is the desktop's socket into the guild's room, which carries the drive's progress.
  const guildChat = desktop.page.getByTestId('guild-chat');
  await expect(guildChat).toBeVisible();
  await expect(guildChat.getByText('Connecting…')).toHaveCount(0);

  const gift = await giveItem(page, baseURL!, 'chainsaw', 7);
  await send(page, baseURL!, `/api/guilds/${guild.id}/donate`, { itemIds: [gift] });
  const worth = salvagePoints(catalogueById('chainsaw')!.rarity, 7);
  await expect(progress).toHaveText(new RegExp(`^${worth.toLocaleString('en-US')} /`), LIVE);
  await expectAxeClean(desktop.page, 'a drive that moved, a desktop, dark');
  await desktop.context.close();
});
