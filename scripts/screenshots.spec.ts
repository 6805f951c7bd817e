/**
 * The screenshots of `npm run screenshots` (scripts/screenshots.config.ts): each screen in an interesting state,
 * written to screenshots/<screen>-<width>x<height>[-dark].png. Not a test suite: it only checks enough to know
 * each picture shows what its name says.
 */
import type { Browser, Page, TestInfo } from '@playwright/test';
import { MSG } from '../game/messages';
import type { IntentResult } from '../game/wire';
import { expect, PASSWORD, playAWhile, test, uniqueEmail, uniqueName } from '../test/e2e/fixtures';

/** What the device shows, at its size: fixed bars stay where the player sees them. */
async function shoot(page: Page, testInfo: TestInfo, screen: string) {
  await expect(page.getByText(MSG.loading, { exact: true })).toHaveCount(0);
  await page.screenshot({ path: `screenshots/${screen}-${testInfo.project.name}.png` });
}

const isPhone = (page: Page) => page.viewportSize()!.width < 640;

/** Another player in their own browser, signed in through the API, with some trophies for the leaderboard. */
async function rival(browser: Browser, baseURL: string, trophies: number) {
  const context = await browser.newContext({ baseURL });
  const post = async (path: string, data: unknown = {}) => {
    const response = await context.request.post(path, { data, headers: { Origin: baseURL } });
    expect(response.ok(), `${path} answered ${await response.text()}`).toBe(true);
    return response;
  };
  await post('/api/auth/signup', { email: uniqueEmail(), password: PASSWORD, confirmPassword: PASSWORD });
  await post('/api/setUsername', { username: uniqueName('r') });
  await post('/api/scavenge');
  const taken = (await (await post('/api/scavenge/swap', { take: [0, 1, 2, 3], drop: [] })).json()) as IntentResult;
  for (const item of taken.profile.inventory.slice(0, trophies)) {
    await post('/dev/fixtures/research', { itemId: item.id });
    await post('/api/trophycase', { itemId: item.id });
  }
  return context;
}

test('signed-out screens', async ({ page }, testInfo) => {
  if (!isPhone(page)) {
    await page.goto('/');
    await shoot(page, testInfo, 'landing');
  }
  for (const [screen, path] of [
    ['login', '/login'],
    ['signup', '/signup'],
    ['resetpassword', '/resetpassword'],
    ['odds', '/odds'],
    ['about', '/about'],
    ['404', '/no/such/page'],
  ]) {
    await page.goto(path!);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await shoot(page, testInfo, screen!);
  }
  await page.goto('/login');
  await page.getByLabel('Email or username').fill('nobody');
  await page.getByLabel('Password').fill('wrong password');
  await page.getByRole('button', { name: 'Login', exact: true }).click();
  await expect(page.getByRole('alert')).toHaveText(MSG.invalidLogin);
  await shoot(page, testInfo, 'login-refused');
});

test('the choose-username screen', async ({ page, signUp }, testInfo) => {
  await signUp({ username: null });
  await page.goto('/setusername');
  await shoot(page, testInfo, 'setusername');
});

test('a player who has played a while', async ({ page, signUp, game, browser, baseURL }, testInfo) => {
  test.slow();
  const { username } = await signUp();
  const profile = await playAWhile(game);

  // Rivals with trophies for the leaderboard, and someone to talk to.
  const others = [await rival(browser, baseURL!, 3), await rival(browser, baseURL!, 2)];
  const chatter = await others[0]!.newPage();
  await chatter.goto('/chat');

  await page.goto('/profile');
  const duffel = page.getByRole('region', { name: 'Duffel Bag' });
  await expect(duffel.getByTestId('item-row')).toHaveCount(1);
  await shoot(page, testInfo, 'profile');
  if (isPhone(page)) {
    await duffel.scrollIntoViewIfNeeded();
    await shoot(page, testInfo, 'profile-duffel');
  }

  const item = profile.inventory[0]!;
  await page.getByRole('button', { name: `Details of ${item.itemName}` }).first().click();
  await expect(page.getByRole('dialog', { name: item.itemName })).toBeVisible();
  await shoot(page, testInfo, 'profile-item-details');
  await page.keyboard.press('Escape');

  await page.getByRole('button', { name: 'Trophy Case', exact: true }).click();
  const modal = page.getByRole('dialog', { name: 'Trophy Case' });
  await expect(modal.getByRole('button', { name: /^Very Common/ })).toBeVisible();
  await shoot(page, testInfo, 'profile-trophy-case');
  await modal.getByRole('button', { name: / [1-9]\d*\/\d+$/ }).first().click();
  await shoot(page, testInfo, 'profile-trophy-case-tier');
  await page.keyboard.press('Escape');

  await page.getByRole('region', { name: 'Equipped:' }).getByTestId('item-row').first().click();
  await page.getByRole('button', { name: 'Delete selected items' }).click();
  await expect(page.getByRole('dialog', { name: MSG.deleteConfirm })).toBeVisible();
  await shoot(page, testInfo, 'profile-delete-confirmation');
  await page.keyboard.press('Escape');

  await page.getByRole('button', { name: 'Log', exact: true }).click();
  await expect(page.getByRole('dialog', { name: 'Log' }).getByRole('listitem').first()).toBeVisible();
  await shoot(page, testInfo, 'profile-log');
  await page.keyboard.press('Escape');

  await page.goto('/scavenge');
  await page.getByRole('button', { name: 'Scavenge (1 energy)' }).click();
  await expect(page.getByTestId('scavenging-dots')).toHaveText(/\./);
  await shoot(page, testInfo, 'scavenge-searching');
  await expect(page.getByRole('region', { name: 'Scavenged Loot' }).getByTestId('item-row')).toHaveCount(6);
  await page.getByRole('region', { name: 'Scavenged Loot' }).getByTestId('item-row').nth(1).click();
  await shoot(page, testInfo, 'scavenge');
  if (isPhone(page)) {
    await page.getByRole('region', { name: 'Scavenged Loot' }).scrollIntoViewIfNeeded();
    await shoot(page, testInfo, 'scavenge-loot');
  }
  await page.getByRole('region', { name: 'Scavenged Loot' }).getByTestId('item-row').nth(1).click();
  await page.getByRole('button', { name: 'Take/Swap' }).click();
  await expect(page.getByRole('dialog', { name: MSG.noLootSelected })).toBeVisible();
  await shoot(page, testInfo, 'scavenge-refusal');
  await page.keyboard.press('Escape');
  await page.getByRole('region', { name: 'Scavenged Loot' }).getByTestId('item-row').first().click();
  await page.getByRole('button', { name: 'Take/Swap' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Took 1 find' })).toBeVisible();
  await shoot(page, testInfo, 'scavenge-toast');

  await page.goto('/chat');
  const send = async (on: Page, text: string) => {
    await on.getByLabel('Message', { exact: true }).fill(text);
    await on.getByRole('button', { name: 'Send' }).click();
    // One room for every run of this script at once: the same line may be there several times.
    await expect(page.getByTestId('chat-message').filter({ hasText: text }).last()).toBeVisible();
  };
  await send(chatter, 'Anyone found an heirloom yet?');
  await send(page, 'Not yet, but my trophy case is filling up.');
  await send(chatter, `Nice one ${username}! Check the odds page, heirlooms are one in a hundred thousand.`);
  await shoot(page, testInfo, 'chat');
  if (isPhone(page)) {
    await page.getByRole('button', { name: 'Online Users' }).click();
    await expect(page.getByRole('dialog', { name: 'Online Users' })).toBeVisible();
    await shoot(page, testInfo, 'chat-online-users');
  }

  for (const [screen, path] of [
    ['leaderboard', '/leaderboard'],
    ['arena', '/arena'],
    ['guilds', '/guilds'],
    ['admin-as-player', '/admin'],
  ]) {
    await page.goto(path!);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await shoot(page, testInfo, screen!);
  }
  for (const other of others) await other.close();
});
