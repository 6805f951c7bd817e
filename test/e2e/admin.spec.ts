/**
 * Moderation on /admin (docs/design.md section 7.5): the admin mutes and bans a player, sees them in the lists and
 * every action in the log, and a banned player's next sign-in is refused with the spec's message. Everyone
 * else gets the 404 page, and a 404 from every moderation route.
 *
 * The admin's name can be taken once per server, and accounts.spec.ts takes it on the shared one, so the
 * admin's test runs on a server of its own (own-server.ts) with fresh state.
 */
import type { Page } from '@playwright/test';
import { MSG } from '../../game/messages';
import { adminAndPlayer } from './admin-helpers';
import { apiGet, apiPost, expect, loginThroughForm, test } from './fixtures';
import { startOwnServer } from './own-server';

const PORT = Number(process.env.E2E_PORT ?? 5174) + 22;
const popup = (page: Page, message: string) => page.getByRole('dialog', { name: message });

test.describe('moderation', () => {
  test('a player who is not the admin gets the 404 page at /admin and a 404 from every moderation route', async ({ page, signUp, baseURL }) => {
    const { username } = await signUp();
    await page.goto('/admin');
    await expect(page.getByRole('heading', { name: MSG.notFoundTitle })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Admin' })).toHaveCount(0);
    expect((await apiGet(page.request, '/api/admin/moderation')).status()).toBe(404);
    for (const [path, data] of [
      ['/api/admin/mute', { username, minutes: 60 }],
      ['/api/admin/unmute', { username }],
      ['/api/admin/ban', { username }],
      ['/api/admin/unban', { username }],
    ] as const) {
      expect((await apiPost(page.request, baseURL!, path, data)).status(), path).toBe(404);
    }
  });

  test('the admin mutes and bans a player, sees both in the lists and the log, and the banned player cannot sign in until unbanned', async ({ browser }) => {
    // A server of its own to start (about a minute on a busy machine), then two players.
    test.setTimeout(300_000);
    const server = await startOwnServer(PORT);
    try {
      const { admin, player, username } = await adminAndPlayer(browser, server.url);

      const page = admin.page;
      await page.goto('/admin');
      await expect(page.getByRole('heading', { name: 'Admin', level: 1 })).toBeVisible();
      const muted = page.getByRole('region', { name: 'Muted players' });
      const banned = page.getByRole('region', { name: 'Banned players' });
      const log = page.getByRole('region', { name: 'Moderation log' });
      await expect(muted).toContainText('Nobody is muted.');
      await expect(banned).toContainText('Nobody is banned.');
      await expect(log).toContainText('No moderation actions yet.');

      const form = page.getByRole('region', { name: 'Mute or ban a player' });
      // A name that cannot be a player's never leaves the form; one nobody has is the server's refusal.
      await form.getByLabel('Username').fill('x');
      await form.getByRole('button', { name: 'Mute', exact: true }).click();
      await expect(form.getByRole('alert')).toHaveText(MSG.usernameInvalid);
      await form.getByLabel('Username').fill('nobody1234');
      await form.getByRole('button', { name: 'Mute', exact: true }).click();
      await popup(page, MSG.playerNotFound).getByRole('button', { name: 'Close' }).click();

      await form.getByLabel('Username').fill(username);
      await form.getByLabel('Mute for').selectOption('1 day');
      const mutedAt = Date.now();
      await form.getByRole('button', { name: 'Mute', exact: true }).click();
      await expect(page.getByRole('status').filter({ hasText: `${username} is muted for 1 day.` })).toBeVisible();
      const mutedRow = muted.getByTestId('muted-player').filter({ hasText: username });
      await expect(mutedRow).toContainText('until');
      const until = Date.parse((await mutedRow.locator('time').getAttribute('datetime'))!);
      expect(Math.abs(until - (mutedAt + 24 * 60 * 60_000))).toBeLessThan(5 * 60_000);
      await expect(log.getByTestId('log-entry').first()).toContainText(`admin muted ${username} (1440 minutes)`);

      await form.getByRole('button', { name: 'Ban…' }).click();
      const confirm = page.getByRole('alertdialog', { name: `Ban ${username}?` });
      await confirm.getByRole('button', { name: 'Cancel' }).click();
      await expect(banned).toContainText('Nobody is banned.');
      await form.getByRole('button', { name: 'Ban…' }).click();
      await confirm.getByRole('button', { name: 'Ban', exact: true }).click();
      await expect(confirm).toBeHidden();
      await expect(banned.getByTestId('banned-player').filter({ hasText: username })).toContainText('since');
      await expect(log.getByTestId('log-entry').first()).toContainText(`admin banned ${username}`);

      // The ban ended the player's session; signing in again is refused, saying why only to the right password.
      await player.page.goto('/profile');
      await expect(player.page).toHaveURL(/\/login$/);
      await loginThroughForm(player.page, username, 'not the password');
      await expect(player.page.getByRole('alert')).toHaveText(MSG.invalidLogin);
      await loginThroughForm(player.page, username);
      await expect(player.page.getByRole('alert')).toHaveText('This account is banned.');

      await muted.getByRole('button', { name: `Unmute ${username}` }).click();
      await expect(muted).toContainText('Nobody is muted.');
      await banned.getByRole('button', { name: `Unban ${username}` }).click();
      await expect(banned).toContainText('Nobody is banned.');
      await expect(log.getByTestId('log-entry')).toHaveText([
        new RegExp(`^admin unbanned ${username}`),
        new RegExp(`^admin unmuted ${username}`),
        new RegExp(`^admin banned ${username}`),
        new RegExp(`^admin muted ${username} \\(1440 minutes\\)`),
      ]);
      // The log survives a reload: it is the server's.
      await page.reload();
      await expect(log.getByTestId('log-entry')).toHaveCount(4);

      await loginThroughForm(player.page, username);
      await expect(player.page).toHaveURL(/\/profile$/);
      expect([...admin.errors, ...player.errors], 'console errors').toEqual([]);
      await admin.context.close();
      await player.context.close();
    } finally {
      await server.stop();
    }
  });
});
