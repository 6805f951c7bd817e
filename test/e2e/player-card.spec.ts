/**
 * Player cards (issue 17): a name in the chat, the online list, the leaderboard and the arena's ladder opens
 * the player's public card (level, rank, trophy score, guild, arena rating) with a link to their guild and a
 * Fight link to the arena searched for them; never a Fight against oneself. Axe clean, light and dark, on a phone
 * and a desktop. The card's own states (my own card, its error, Escape and focus by keyboard from a leaderboard
 * name): test/components/data-popups.test.tsx.
 */
import type { Browser, Page } from '@playwright/test';
import { MSG } from '../../game/messages';
import { apiGet, apiPost, apiPlayerInNewContext, expect, test } from './fixtures';
import { foundGuild } from './guild-helpers';
import { DESKTOP, expectAxeClean, PHONE } from './screens';


/** A second player, leading a guild, who said something in the lobby (stored history, not a live send). */
async function guildLeaderWhoSpoke(browser: Browser, baseURL: string, text: string) {
  const other = await apiPlayerInNewContext(browser, baseURL);
  const { guild } = await foundGuild(other, baseURL);
  const said = await apiPost(other.request, baseURL, '/dev/fixtures/chat-history', { texts: [text] });
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

    // The card's own states (my card, its error, Escape): test/components/data-popups.test.tsx.
    test('the card opens from the online list', async ({ page, signUp }) => {
      const me = await signUp();
      await page.goto('/chat');
      if (viewport === PHONE) await page.getByRole('button', { name: 'Online Users' }).click();
      const online = page.getByRole('list', { name: 'Online users' }).filter({ visible: true });
      await online.getByRole('button', { name: me.username! }).click();
      await expect(card(page).getByText('This is you, as other players see you.')).toBeVisible();
      await card(page).getByRole('button', { name: 'Close' }).click();
      await expect(card(page)).toHaveCount(0);
    });
  });
}

test.describe('the player card API', () => {
  test.use({ viewport: PHONE });

  test('an unknown name in the address of the API answers the clear message', async ({ page, signUp }) => {
    await signUp();
    const response = await apiGet(page.request, '/api/players/nobodyAtAll000');
    expect(response.status()).toBe(404);
    expect((await response.json()).error.message).toBe(MSG.playerNotFound);
  });
});
