/**
 * The main flows with the keyboard only (issue "Look and feel"): every control is reached with Tab, shows a
 * visible focus ring, and works with Enter or Space; dialogs keep Tab inside, close with Escape and give focus
 * back. Sending a chat message by keyboard lives in chat.spec.ts, whose tests take turns in the one room.
 */
import type { Locator, Page } from '@playwright/test';
import { MSG } from '../../game/messages';
import { grantItem, partsOf, resultName, SMALLEST } from './craft-helpers';
import { apiPlayerInNewContext, expect, PASSWORD, playAWhile, test, unprotect } from './fixtures';
import { PHONE } from './screens';
import { foundGuild, joinGuild, memberRow } from './guild-helpers';

const MAX_TABS = 80;

/** Presses Tab until `target` has the focus, as a keyboard user would, and checks that the focus shows. */
async function tabTo(page: Page, target: Locator) {
  for (let presses = 0; presses < MAX_TABS; presses += 1) {
    if (await target.evaluate((element) => element === document.activeElement)) {
      const ring = await target.evaluate((element) => {
        const style = getComputedStyle(element);
        return { style: style.outlineStyle, width: parseFloat(style.outlineWidth) };
      });
      expect(ring.style, 'focus ring').not.toBe('none');
      expect(ring.width, 'focus ring width').toBeGreaterThanOrEqual(2);
      return;
    }
    await page.keyboard.press('Tab');
  }
  throw new Error(`Tab never reached ${target.toString()}`);
}

/** Tab and Shift+Tab cycle inside an open dialog and never reach the page behind it. */
async function expectFocusTrapped(page: Page, dialog: Locator) {
  for (const key of ['Tab', 'Tab', 'Tab', 'Tab', 'Shift+Tab', 'Shift+Tab', 'Shift+Tab']) {
    await page.keyboard.press(key);
    expect(await dialog.evaluate((node) => node.contains(document.activeElement)), `focus inside after ${key}`).toBe(true);
  }
}

/** Opens a dialog with Enter on `opener`, checks the trap, closes it with Escape and sees focus return. */
async function openAndEscape(page: Page, opener: Locator, dialog: Locator) {
  await tabTo(page, opener);
  await page.keyboard.press('Enter');
  await expect(dialog).toBeVisible();
  await expectFocusTrapped(page, dialog);
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(opener).toBeFocused();
}

test('a player signs in with the keyboard only', async ({ page, signUp }) => {
  const { username } = await signUp();
  await page.context().clearCookies();
  await page.goto('/login');
  await tabTo(page, page.getByLabel('Email or username'));
  await page.keyboard.type(username!);
  await page.keyboard.press('Tab');
  await expect(page.getByLabel('Password')).toBeFocused();
  await page.keyboard.type(PASSWORD);
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/profile$/);
  await expect(page.getByRole('heading', { name: username })).toBeVisible();
});

test('scavenge, pick a find and take it with the keyboard only', async ({ page, signUp }) => {
  await signUp();
  await page.goto('/profile');
  const nav = page.getByRole('navigation', { name: 'Main' });
  await tabTo(page, nav.getByRole('link', { name: 'Scavenge', exact: true }));
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/scavenge$/);

  await tabTo(page, page.getByRole('button', { name: 'Scavenge (1 energy)' }));
  await page.keyboard.press('Enter');
  const loot = page.getByRole('region', { name: 'Scavenged Loot' });
  await expect(loot.getByTestId('item-row')).toHaveCount(6, { timeout: 20_000 });

  const find = loot.getByTestId('item-row').nth(2);
  const name = await loot.getByTestId('item-name').nth(2).textContent();
  await tabTo(page, find);
  await page.keyboard.press('Space');
  await expect(find).toHaveAttribute('aria-pressed', 'true');
  await page.keyboard.press('Space');
  await expect(find).toHaveAttribute('aria-pressed', 'false');
  await page.keyboard.press('Space');
  await tabTo(page, page.getByRole('button', { name: 'Take/Swap' }));
  await page.keyboard.press('Enter');
  await expect(page.getByRole('region', { name: 'Equipped:' }).getByTestId('item-name')).toHaveText([name!]);
});

test('every profile dialog opens with Enter, keeps focus inside and closes with Escape', async ({ page, signUp, game }) => {
  await signUp();
  const profile = await playAWhile(game);
  await page.goto('/profile');
  const equipped = page.getByRole('region', { name: 'Equipped:' });
  await expect(equipped.getByTestId('item-row')).toHaveCount(profile.inventory.length);

  // Random finds can share a name (at different qualities), so the first tile is picked by place, not name.
  const first = equipped.getByRole('listitem').filter({ has: page.getByTestId('item-row') }).first();
  const name = (await first.getByTestId('item-name').textContent())!;
  await openAndEscape(page, first.getByRole('button', { name: `Details of ${name}` }), page.getByRole('dialog', { name }));
  await openAndEscape(page, page.getByRole('button', { name: 'Log', exact: true }), page.getByRole('dialog', { name: 'Log' }));

  // The trophy case: into a tier and back, all by keyboard; focus follows the view.
  const trophyCase = page.getByRole('dialog', { name: 'Trophy Case' });
  const open = page.getByRole('button', { name: 'Trophy Case', exact: true });
  await tabTo(page, open);
  await page.keyboard.press('Enter');
  const tier = trophyCase.getByRole('button', { name: / [1-9]\d*\/\d+$/ }).first();
  await tabTo(page, tier);
  await page.keyboard.press('Enter');
  await expect(trophyCase.locator('[data-owned="true"]')).toHaveCount(1);
  await expectFocusTrapped(page, trophyCase);
  await tabTo(page, trophyCase.getByRole('button', { name: 'Back' }));
  await page.keyboard.press('Enter');
  await expect(tier).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(trophyCase).toBeHidden();
  await expect(open).toBeFocused();

  // Delete: select with Space, then the trash asks first; Escape cancels.
  const row = equipped.getByTestId('item-row').first();
  await tabTo(page, row);
  await page.keyboard.press('Space');
  await expect(row).toHaveAttribute('aria-pressed', 'true');
  const confirm = page.getByRole('alertdialog', { name: MSG.deleteConfirm });
  await openAndEscape(page, page.getByRole('button', { name: 'Delete selected items' }), confirm);
  await expect(equipped.getByTestId('item-row')).toHaveCount(profile.inventory.length);
});

test('craft with the keyboard only: the recipes, the confirmation, and Escape back to Craft', async ({ page, signUp, game, baseURL }) => {
  await signUp();
  for (const catalogId of partsOf(SMALLEST)) await grantItem(page, baseURL!, catalogId, 3);
  await game.setGold(SMALLEST.gold);
  await page.goto('/profile');
  const opener = page.getByRole('button', { name: 'Craft', exact: true });
  const craft = page.getByRole('dialog', { name: 'Craft', exact: true });
  await openAndEscape(page, opener, craft);

  await tabTo(page, opener);
  await page.keyboard.press('Enter');
  const name = resultName(SMALLEST);
  const button = craft.getByRole('button', { name: `Craft ${name}` });
  const confirm = page.getByRole('alertdialog', { name: `Craft ${name} for ${SMALLEST.gold} gold?` });
  await openAndEscape(page, button, confirm);
  await page.keyboard.press('Enter');
  await tabTo(page, confirm.getByRole('button', { name: 'Yes, Craft' }));
  await page.keyboard.press('Enter');
  await expect(craft).toBeHidden();
  await expect(opener).toBeFocused();
  await expect(page.getByRole('region', { name: 'Equipped:' }).getByTestId('item-name')).toHaveText([name]);
});

test('find an opponent, fight, watch and replay with the keyboard only', async ({ page, signUp, browser, baseURL }) => {
  const me = (await signUp()).username!;
  const rival = await apiPlayerInNewContext(browser, baseURL!);
  await unprotect(rival, baseURL!);
  await page.goto('/arena?tab=fights');
  await tabTo(page, page.getByLabel('Search players by name'));
  await page.keyboard.type(rival.username);
  await page.keyboard.press('Enter');
  const fight = page.getByRole('button', { name: `Fight ${rival.username} (2 energy)` });
  await expect(fight).toBeVisible();
  await tabTo(page, fight);
  await page.keyboard.press('Enter');

  const replay = page.getByRole('dialog', { name: `${me} vs ${rival.username}` });
  await expect(replay.getByTestId('fight-result')).toBeVisible({ timeout: 20_000 });
  await expectFocusTrapped(page, replay);
  await page.keyboard.press('Escape');
  await expect(replay).toBeHidden();
  // Focus is back where the player left it, even when the one they beat can no longer be fought.
  await expect(fight).toBeFocused();

  await openAndEscape(page, page.getByRole('button', { name: `Replay the fight with ${rival.username}` }), replay);
  await rival.context.close();
});

test('the leader runs a guild with the keyboard only: a role change, a kick confirmation escaped, then the kick', async ({ page, signUp, browser, baseURL }) => {
  await signUp();
  const { guild } = await foundGuild(page, baseURL!);
  const member = await apiPlayerInNewContext(browser, baseURL!);
  await joinGuild(member, baseURL!, guild.id);

  await page.goto('/guilds');
  await tabTo(page, page.getByTestId('my-guild').getByRole('link'));
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { level: 1 })).toContainText(guild.name);

  await tabTo(page, page.getByRole('button', { name: `Make ${member.username} officer` }));
  await page.keyboard.press('Enter');
  await expect(memberRow(page, member.username).getByTestId('member-role')).toHaveText('Officer');
  // The same button now offers the way back, and keeps the focus.
  await expect(page.getByRole('button', { name: `Make ${member.username} member` })).toBeFocused();

  const kick = page.getByRole('button', { name: `Kick ${member.username}` });
  const confirm = page.getByRole('alertdialog', { name: `Kick ${member.username} from ${guild.name}?` });
  await openAndEscape(page, kick, confirm);
  await expect(memberRow(page, member.username)).toHaveCount(1);
  await page.keyboard.press('Enter');
  await expect(confirm).toBeVisible();
  await tabTo(page, confirm.getByRole('button', { name: `Kick ${member.username}` }));
  await page.keyboard.press('Enter');
  await expect(memberRow(page, member.username)).toHaveCount(0);
  // The row is gone with its button: the focus lands on the list the member was in.
  await expect(page.getByRole('heading', { name: 'Members' })).toBeFocused();
  await member.context.close();
});

test.describe('on a phone', () => {
  test.use({ viewport: PHONE });

  test('the online users open and close with the keyboard', async ({ page, signUp }) => {
    await signUp();
    await page.goto('/chat');
    await openAndEscape(page, page.getByRole('button', { name: 'Online Users' }), page.getByRole('dialog', { name: 'Online Users' }));
  });

  test('the More sheet opens with Enter, keeps focus inside, closes with Escape and its links work', async ({ page, signUp }) => {
    await signUp();
    await page.goto('/profile');
    const more = page.getByRole('navigation', { name: 'Game' }).getByRole('button', { name: 'More' });
    const sheet = page.getByRole('dialog', { name: 'More' });
    await openAndEscape(page, more, sheet);

    await page.keyboard.press('Enter');
    await expect(sheet).toBeVisible();
    await tabTo(page, sheet.getByRole('link', { name: 'Leaderboard' }));
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/leaderboard$/);
    await expect(sheet).toBeHidden();
    await expect(page.getByRole('heading', { name: 'Leaderboard', level: 1 })).toBeVisible();
  });
});
