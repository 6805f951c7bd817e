/**
 * Player cards (issue 17): a name in the chat, the online list, the leaderboard and the arena's ladder opens
 * the player's public card (level, rank, trophy score, guild, arena rating) with a link to their guild and a
 * Fight link to the arena searched for them; never a Fight against oneself. By keyboard, axe clean, light and
 * dark, on a phone and a desktop.
 */
import type { Page } from '@playwright/test';
import { MSG } from '../../game/messages';
import { expect, playerInNewContext, test } from './fixtures';
import { foundGuild } from './guild-helpers';
import { expectAxeClean } from './screens';

/** client/lib/api.ts NETWORK_ERROR: what a read that reached no server says. */
const NETWORK_ERROR = 'Network response was not ok';
const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 800 };

/** A second player, leading a guild, who said something in the lobby (stored history, not a live send). */
async function guildLeaderWhoSpoke(browser: Parameters<typeof playerInNewContext>[0], baseURL: string, text: string) {
  const other = await playerInNewContext(browser, baseURL);
  const { guild } = await foundGuild(other.page, baseURL);
  const said = await other.page.request.post('/dev/fixtures/chat-history', { data: { texts: [text] }, headers: { Origin: baseURL } });
  expect(said.status()).toBe(200);
  return { ...other, guild };
}

const card = (page: Page) => page.getByTestId('player-card');

for (const [name, viewport, colorScheme] of [
  ['phone, light', PHONE, 'light'],
  ['desktop, dark', DESKTOP, 'dark'],
] as const) {
  test.describe(`player cards (${name})`, () => {
    test.use({ viewport, colorScheme, reducedMotion: 'reduce' });

    test("a name in the chat opens the card; its guild link and Fight link lead on", async ({ page, signUp, browser, baseURL }) => {
      await signUp();
      const text = `hello from the card test ${Date.now()}`;
      const other = await guildLeaderWhoSpoke(browser, baseURL!, text);

      await page.goto('/chat');
      const message = page.getByTestId('chat-message').filter({ hasText: text });
      await message.getByRole('button', { name: other.username }).click();
      await expect(card(page)).toBeVisible();
      await expect(card(page).getByRole('heading', { name: other.username })).toBeVisible();
      await expect(card(page).getByTestId('card-level')).toHaveText('1');
      await expect(card(page).getByTestId('card-rank')).toHaveText(/^#\d+$/);
      await expect(card(page).getByTestId('card-arena-rating')).toHaveText('1000');
      await expect(card(page).getByRole('link', { name: `${other.guild.name} [${other.guild.tag}]` })).toBeVisible();
      await expect(card(page)).not.toContainText('gold', { ignoreCase: true });
      await expectAxeClean(page, 'the player card');

      await card(page).getByRole('link', { name: `Fight ${other.username}` }).click();
      await expect(page).toHaveURL(new RegExp(`/arena\\?q=${other.username}$`));
      await expect(page.getByRole('searchbox').or(page.getByLabel('Search players by name'))).toHaveValue(other.username);
      const opponent = page.getByTestId('opponent').filter({ hasText: other.username });
      await expect(opponent).toHaveCount(1);
      await expect(opponent.getByRole('button', { name: `Fight ${other.username}` })).toBeVisible();

      // The guild link from the card, from the ladder on this screen... the card opens from the ladder too.
      await page.goto('/chat');
      await page.getByTestId('chat-message').filter({ hasText: text }).getByRole('button', { name: other.username }).click();
      await card(page).getByRole('link', { name: other.guild.name }).click();
      await expect(page).toHaveURL(new RegExp(`/guilds/${other.guild.id}$`));
      await other.context.close();
    });

    test('my own card has no Fight link; the card opens from the online list and says when it cannot load', async ({ page, signUp, context, consoleErrors }) => {
      const me = await signUp();
      await page.goto('/chat');
      if (viewport === PHONE) await page.getByRole('button', { name: 'Online Users' }).click();
      const online = page.getByRole('list', { name: 'Online users' }).filter({ visible: true });
      await online.getByRole('button', { name: me.username! }).click();
      await expect(card(page).getByText('This is you, as other players see you.')).toBeVisible();
      await expect(card(page).getByTestId('card-level')).toHaveText('1');
      await expect(card(page).getByRole('link', { name: /^Fight/ })).toHaveCount(0);
      await expect(card(page).getByText('Not in a guild')).toBeVisible();
      await card(page).getByRole('button', { name: 'Close' }).click();
      await expect(card(page)).toHaveCount(0);

      // The error state: the read fails (no network) and the card says so instead of loading forever.
      await context.setOffline(true);
      await online.getByRole('button', { name: me.username! }).click();
      await expect(card(page).getByRole('alert')).toHaveText(NETWORK_ERROR);
      await context.setOffline(false);
      // Chromium logs the failed fetch itself; that error is this step's point, not a fault.
      consoleErrors.splice(0, consoleErrors.length, ...consoleErrors.filter((error) => !error.includes('ERR_INTERNET_DISCONNECTED')));
      await page.keyboard.press('Escape');
      await expect(card(page)).toHaveCount(0);
    });
  });
}

test.describe('player cards by keyboard', () => {
  test.use({ viewport: PHONE });

  test('a leaderboard name is a button reached by Tab; Enter opens the card, Escape closes it and gives focus back', async ({ page, signUp }) => {
    const me = await signUp();
    await page.goto('/leaderboard?tab=alltime');
    const name = page.getByTestId('leaderboard-me').getByRole('button', { name: me.username! });
    await expect(name).toBeVisible();
    await name.focus();
    await page.keyboard.press('Enter');
    await expect(card(page).getByRole('heading', { name: me.username! })).toBeVisible();
    await expect(card(page).getByRole('button', { name: 'Close' })).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(card(page)).toHaveCount(0);
    await expect(name).toBeFocused();
  });

  test('an unknown name in the address of the API answers the clear message', async ({ page, signUp }) => {
    await signUp();
    const response = await page.request.get('/api/players/nobodyAtAll000');
    expect(response.status()).toBe(404);
    expect((await response.json()).error.message).toBe(MSG.playerNotFound);
  });
});
