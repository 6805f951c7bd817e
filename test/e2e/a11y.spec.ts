/**
 * Accessibility of every screen (issue "Look and feel"): axe finds no serious or critical violation, signed out
 * and in, on a phone and a desktop, in the light and the dark theme. On a phone, no screen scrolls sideways and
 * every control is at least 44 px tall.
 *
 * Every screen is audited on a phone in light and a desktop in dark (SCREENS): a screen's content is the same
 * at both sizes, so between them it is seen in both themes. What only one size shows (the phone's top bar, bottom
 * bar and More sheet; the desktop's header and menu) is audited again in the other theme, on one screen each.
 *
 * Motion is reduced here: axe measures colour contrast from what is on screen, and a dialog still fading in
 * would be measured half transparent.
 */
import type { Page } from '@playwright/test';
import { MSG } from '../../game/messages';
import { grantItem, partsOf, resultName, SMALLEST } from './craft-helpers';
import { apiPlayerInNewContext, apiPost, expect, playAWhile, test, scavengeOnScreen, unprotect, visit } from './fixtures';
import { DESKTOP, PHONE, SCREENS, seriousViolations } from './screens';
import { foundGuild, joinGuild } from './guild-helpers';


/** Controls a finger must hit: at least 44 px tall (WCAG 2.5.5), except links inside running text. */
const TARGETS = 'button, a[href], input, select, textarea, [role="button"]';
const MIN_TARGET_PX = 44;

/** The page is no wider than the screen; if it is, the message names what sticks out on the right. */
async function expectNoSidewaysScroll(page: Page, screen: string) {
  const overflow = await page.evaluate(() => {
    const width = document.documentElement.clientWidth;
    const wide = [...document.querySelectorAll('body *')]
      .filter((element) => element.getBoundingClientRect().right > width && !element.closest('[role="marquee"]'))
      .map((element) => `${element.tagName.toLowerCase()}.${String(element.className).slice(0, 60)} "${element.textContent?.slice(0, 40)}"`);
    return { by: document.documentElement.scrollWidth - width, wide };
  });
  expect(overflow.by, `${screen} scrolls sideways; beyond the right edge: ${overflow.wide.join(', ')}`).toBeLessThanOrEqual(0);
}

async function audit(page: Page, screen: string) {
  // Audit the screen, not its loading state.
  await expect(page.getByText(MSG.loading, { exact: true })).toHaveCount(0);
  const serious = (await seriousViolations(page)).map((violation) => `${violation.id} (${violation.impact}): ${violation.help}\n    ${violation.nodes.map((node) => node.target.join(' ')).join('\n    ')}`);
  expect(serious, `axe on ${screen}`).toEqual([]);

  const viewport = page.viewportSize()!;
  if (viewport.width >= 640) return;
  await expectNoSidewaysScroll(page, screen);
  const small = await page.locator(TARGETS).evaluateAll(
    (elements, min) =>
      elements
        .filter((element) => element.checkVisibility() && !element.closest('p, .sr-only'))
        .map((element) => ({ element, box: element.getBoundingClientRect() }))
        .filter(({ box }) => box.height < min)
        .map(({ element, box }) => `${element.tagName.toLowerCase()} "${element.textContent?.trim() || element.getAttribute('aria-label')}" ${Math.round(box.height)} px`),
    MIN_TARGET_PX,
  );
  expect(small, `${screen}: touch targets under ${MIN_TARGET_PX} px`).toEqual([]);
}

/**
 * The chat and, on a phone, the menus only a phone has (its online list and the More sheet). Looks only: a message
 * sent here would land in chat.spec.ts's unread counts (there is one room).
 */
async function auditChatAndMenus(page: Page) {
  await page.goto('/chat');
  await expect(page.getByRole('button', { name: 'Send' })).toBeEnabled();
  await audit(page, '/chat');
  if (page.viewportSize()!.width >= 640) return;
  await page.getByRole('button', { name: 'Online Users' }).click();
  await expect(page.getByRole('dialog', { name: 'Online Users' })).toBeVisible();
  await audit(page, '/chat, online users');
  await page.keyboard.press('Escape');
  await page.getByRole('navigation', { name: 'Game' }).getByRole('button', { name: 'More' }).click();
  await expect(page.getByRole('dialog', { name: 'More' })).toBeVisible();
  await audit(page, '/chat, More sheet');
  await page.keyboard.press('Escape');
}

for (const pass of SCREENS) {
  test.describe(`accessibility (${pass.name})`, () => {
    test.use({ viewport: pass.viewport, colorScheme: pass.colorScheme, reducedMotion: 'reduce' });
    // Each test audits several screens, and axe takes seconds per screen on a busy machine.
    test.describe.configure({ timeout: 90_000 });

    test('signed-out screens', async ({ page }) => {
      // Nine screens audited (axe takes seconds each on a busy machine): before they were visited in place, 75-85 s
      // a pass on two busy cores, one over 90 s.
      test.setTimeout(180_000);
      for (const path of ['/', '/login', '/signup', '/resetpassword', '/verify?token=not-a-token', '/odds', '/how-it-works', '/about', '/no/such/page']) {
        await visit(page, path);
        await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
        await audit(page, path);
      }
    });

    test('the choose-username screen', async ({ page, signUp }) => {
      await signUp({ username: null });
      await page.goto('/setusername');
      await expect(page.getByRole('heading', { name: 'Choose your username' })).toBeVisible();
      await audit(page, '/setusername');
    });

    test('the profile and its dialogs', async ({ page, signUp, game }) => {
      await signUp();
      const profile = await playAWhile(game);
      await page.goto('/profile');
      await expect(page.getByRole('region', { name: 'Duffel Bag' }).getByTestId('item-row')).toHaveCount(1);
      await audit(page, '/profile');

      const item = profile.inventory[0]!;
      await page.getByRole('button', { name: `Details of ${item.itemName}` }).first().click();
      await expect(page.getByRole('dialog', { name: item.itemName })).toBeVisible();
      await audit(page, '/profile, item details');
      await page.keyboard.press('Escape');

      await page.getByRole('button', { name: 'Trophy Case', exact: true }).click();
      const modal = page.getByRole('dialog', { name: 'Trophy Case' });
      await expect(modal.getByRole('button', { name: /^Very Common/ })).toBeVisible();
      await audit(page, '/profile, trophy case');
      await modal.getByRole('button', { name: / [1-9]\d*\/\d+$/ }).first().click();
      await expect(modal.locator('[data-owned="true"]')).toHaveCount(1);
      await audit(page, '/profile, trophy case tier');
      await page.keyboard.press('Escape');

      await page.getByRole('region', { name: 'Equipped:' }).getByTestId('item-row').first().click();
      await page.getByRole('button', { name: 'Delete selected items' }).click();
      await expect(page.getByRole('alertdialog', { name: MSG.deleteConfirm })).toBeVisible();
      await audit(page, '/profile, delete confirmation');
      await page.keyboard.press('Escape');

      await page.getByRole('button', { name: 'Log', exact: true }).click();
      await expect(page.getByRole('dialog', { name: 'Log' }).getByRole('listitem').first()).toBeVisible();
      await audit(page, '/profile, log');
    });

    test('the craft dialog and its confirmation', async ({ page, signUp, game, baseURL }) => {
      await signUp();
      await playAWhile(game);
      for (const catalogId of partsOf(SMALLEST)) await grantItem(page, baseURL!, catalogId, 6);
      await page.goto('/profile');
      await page.getByRole('button', { name: 'Craft', exact: true }).click();
      const craft = page.getByRole('dialog', { name: 'Craft', exact: true });
      await expect(craft.getByRole('button', { name: `Craft ${resultName(SMALLEST)}` })).toBeEnabled();
      await audit(page, '/profile, craft');
      await craft.getByRole('button', { name: `Craft ${resultName(SMALLEST)}` }).click();
      await expect(page.getByRole('alertdialog', { name: `Craft ${resultName(SMALLEST)} for ${SMALLEST.gold} gold?` })).toBeVisible();
      await audit(page, '/profile, craft confirmation');
    });

    test('the scavenge screen after a scavenge, and a refusal popup', async ({ page, signUp, game }) => {
      await signUp();
      await playAWhile(game);
      await page.goto('/scavenge');
      await scavengeOnScreen(page);
      await expect(page.getByRole('region', { name: 'Scavenged Loot' }).getByTestId('item-row')).toHaveCount(6, { timeout: 20_000 });
      // Reduced motion: the loot is dealt at once and nothing on the screen moves.
      expect(await page.evaluate(() => document.getAnimations().map((animation) => (animation instanceof CSSAnimation ? animation.animationName : 'a transition')))).toEqual([]);
      await audit(page, '/scavenge');
      // A refusal popup: six finds do not fit beside the equipped items once the drops they brought are taken
      // back (force: Playwright waits for an aria-disabled button to be enabled; a player's tap does not).
      for (const row of await page.getByRole('region', { name: 'Scavenged Loot' }).getByTestId('item-row').all()) await row.click();
      const drops = page.getByRole('region', { name: 'Equipped:' }).locator('[aria-pressed="true"]');
      while ((await drops.count()) > 0) await drops.first().click();
      await page.getByRole('button', { name: 'Take/Swap' }).click({ force: true });
      await expect(page.getByRole('dialog', { name: MSG.inventoryFull })).toBeVisible();
      await audit(page, '/scavenge, refusal');
    });

    test('the arena, a fight played back, and an empty search', async ({ page, signUp, browser, baseURL }) => {
      const me = (await signUp()).username!;
      const rival = await apiPlayerInNewContext(browser, baseURL!);
      await unprotect(rival, baseURL!);
      await page.goto('/arena?tab=fights');
      await page.getByLabel('Search players by name').fill(rival.username);
      await page.getByRole('button', { name: 'Search', exact: true }).click();
      await page.getByRole('button', { name: `Fight ${rival.username} (2 energy)` }).click();
      const replay = page.getByRole('dialog', { name: `${me} vs ${rival.username}` });
      await expect(replay.getByTestId('fight-result')).toBeVisible();
      await audit(page, '/arena, fight');
      await page.keyboard.press('Escape');
      await expect(page.getByTestId('recent-fight')).toHaveCount(1);
      await audit(page, '/arena after a fight');
      await page.getByLabel('Search players by name').fill(`zzz${rival.username}`.slice(0, 15));
      await page.getByRole('button', { name: 'Search', exact: true }).click();
      await expect(page.getByText('No players found.')).toBeVisible();
      await audit(page, '/arena, nobody found');
      await rival.context.close();
    });

    test('the other player screens', async ({ page, signUp, game }) => {
      // Twelve screens audited one after another: about 4 s each on two busy cores.
      test.setTimeout(180_000);
      await signUp();
      await playAWhile(game);
      await auditChatAndMenus(page);
      for (const path of ['/leaderboard', '/odds', '/how-it-works', '/arena', '/guilds', '/fairness', '/about', '/admin', '/no/such/page']) {
        await visit(page, path);
        await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
        await audit(page, path);
      }
    });

    test('the guild screens and the admin page', async ({ page, signUp, browser, baseURL }) => {
      await signUp();
      // A closed guild with a member and a request waiting: every control of the leader's page shows.
      const { guild } = await foundGuild(page, baseURL!, { open: false });
      const member = await apiPlayerInNewContext(browser, baseURL!);
      const asker = await apiPlayerInNewContext(browser, baseURL!);
      await joinGuild(member, baseURL!, guild.id);
      await apiPost(page.request, baseURL!, `/api/guilds/${guild.id}/requests/${member.username}/accept`, {});
      await joinGuild(asker, baseURL!, guild.id);
      await page.goto('/guilds');
      await expect(page.getByTestId('my-guild').getByTestId('guild-row')).toBeVisible();
      await audit(page, '/guilds, in a guild');
      await visit(page, `/guilds/${guild.id}`);
      await expect(page.getByTestId('join-request')).toHaveCount(1);
      await audit(page, '/guilds/:id, the leader');
      await page.getByRole('button', { name: `Kick ${member.username}` }).click();
      await expect(page.getByRole('alertdialog', { name: `Kick ${member.username} from ${guild.name}?` })).toBeVisible();
      await audit(page, '/guilds/:id, kick confirmation');
      await page.keyboard.press('Escape');
      await visit(page, '/leaderboard?tab=guilds');
      await expect(page.getByTestId('guild-board-row').first()).toBeVisible();
      await audit(page, '/leaderboard, guilds');
      await member.context.close();
      await asker.context.close();

      // The admin's page with the admin's session and a moderation state to show (the admin name can be taken
      // once per run, by accounts.spec.ts; admin.spec.ts drives the real one on a server of its own).
      await page.route('**/api/auth/session', async (route) => {
        const response = await route.fetch();
        const info = (await response.json()) as { user: { isAdmin: boolean } };
        await route.fulfill({ response, json: { ...info, user: { ...info.user, isAdmin: true } } });
      });
      const now = Date.now();
      await page.route('**/api/admin/moderation', (route) =>
        route.fulfill({
          json: {
            log: [
              { id: 2, admin: 'admin', action: 'ban', target: 'spammer', detail: '', createdAt: now },
              { id: 1, admin: 'admin', action: 'mute', target: 'shouter', detail: '60 minutes', createdAt: now - 60_000 },
            ],
            muted: [{ username: 'shouter', until: now + 3_600_000 }],
            banned: [{ username: 'spammer', since: now }],
          },
        }),
      );
      await page.goto('/admin');
      await expect(page.getByTestId('log-entry')).toHaveCount(2);
      await audit(page, '/admin');
      await page.getByLabel('Username').fill('spammer');
      await page.getByRole('button', { name: 'Ban…' }).click();
      await expect(page.getByRole('alertdialog', { name: 'Ban spammer?' })).toBeVisible();
      await audit(page, '/admin, ban confirmation');
    });
  });
}

/** Each size's own parts in the theme SCREENS does not audit it in. */
const SHELLS = [
  { name: 'a phone, dark', viewport: PHONE, colorScheme: 'dark' },
  { name: 'a desktop, light', viewport: DESKTOP, colorScheme: 'light' },
] as const;

for (const shell of SHELLS) {
  test.describe(`accessibility of the shell (${shell.name})`, () => {
    test.use({ viewport: shell.viewport, colorScheme: shell.colorScheme, reducedMotion: 'reduce' });

    test('signed out and signed in, with its menus', async ({ page, signUp }) => {
      await page.goto('/login');
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await audit(page, '/login');
      await signUp();
      await auditChatAndMenus(page);
    });
  });
}

test.describe('the narrowest phone', () => {
  test.use({ viewport: { width: 360, height: 740 }, reducedMotion: 'reduce' });

  test('no screen scrolls sideways at 360 px', async ({ page, signUp, game }) => {
    // Eleven screens, some waiting on the API: more than the default time on a busy machine.
    test.slow();
    for (const path of ['/login', '/signup', '/resetpassword', '/odds', '/how-it-works', '/about']) {
      await visit(page, path);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await expectNoSidewaysScroll(page, path);
    }
    await signUp();
    await playAWhile(game);
    await page.goto('/profile');
    for (const path of ['/profile', '/scavenge', '/chat', '/leaderboard', '/arena', '/guilds', '/fairness', '/notices', '/market']) {
      await visit(page, path);
      // On a phone /scavenge keeps its h1 (the player's name) for screen readers only: its compact card leaves
      // the room to the finds, and the top bar names the screen.
      const heading = page.getByRole('heading', { level: 1 });
      await (path === '/scavenge' ? expect(heading).toBeAttached() : expect(heading).toBeVisible());
      await expect(page.getByText(MSG.loading, { exact: true })).toHaveCount(0);
      await expectNoSidewaysScroll(page, path);
    }
  });
});
