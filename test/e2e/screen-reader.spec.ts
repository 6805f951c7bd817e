/**
 * Issue 31, the game by keyboard and screen reader (docs/accessibility.md):
 * - the core loop played with the keyboard alone on a phone (390×844) and a desktop (1366×900): after every
 *   action, and at every Tab stop on the way, the focus is on something (never the page's body), wholly inside
 *   the viewport and covered by nothing (the element at its centre is itself or inside it);
 * - what the live regions say during a scavenge, recorded: the finds are named;
 * - every screen has a title of its own and exactly one h1, which names the screen.
 */
import type { Locator, Page } from '@playwright/test';
import { LOOT_PER_SCAVENGE } from '../../game/constants';
import { MSG } from '../../game/messages';
import { CATALOGUE } from '../../game/rules';
import { grantItem } from './craft-helpers';
import { apiPlayerInNewContext, expect, PASSWORD, test, unprotect, visit } from './fixtures';
import { DESKTOP, PHONE } from './screens';
import { foundGuild } from './guild-helpers';

const MAX_TABS = 90;

/** Where the focus is, and why it would not do: on the body, outside the viewport, or under something else. */
async function focusProblem(page: Page): Promise<string | null> {
  return page.evaluate(() => {
    const element = document.activeElement as HTMLElement | null;
    if (!element || element === document.body || element === document.documentElement) return 'the focus is on the page, not on a control';
    const what = `${element.tagName.toLowerCase()} "${(element.getAttribute('aria-label') ?? element.textContent ?? '').trim().slice(0, 40)}"`;
    const box = element.getBoundingClientRect();
    if (box.top < -0.5 || box.left < -0.5 || box.bottom > window.innerHeight + 0.5 || box.right > window.innerWidth + 0.5) {
      return `${what} is not wholly on the screen (${box.left},${box.top}–${box.right},${box.bottom} of ${window.innerWidth}×${window.innerHeight})`;
    }
    const hit = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
    if (!hit || !(hit === element || element.contains(hit))) {
      return `${what} is covered by ${hit ? `${hit.tagName.toLowerCase()}.${String(hit.className).slice(0, 50)}` : 'nothing drawn'}`;
    }
    return null;
  });
}

async function expectFocusShown(page: Page, after: string) {
  expect(await focusProblem(page), `after ${after}`).toBeNull();
}

/**
 * Presses Tab until `target` has the focus, or Shift+Tab when it comes earlier in the page, as a player would;
 * every stop on the way must be shown too (nothing under a bar).
 */
async function tabTo(page: Page, target: Locator) {
  const before = await target.evaluate((element) => {
    const active = document.activeElement;
    return !!active && active !== document.body && !!(element.compareDocumentPosition(active) & Node.DOCUMENT_POSITION_FOLLOWING);
  });
  const key = before ? 'Shift+Tab' : 'Tab';
  for (let presses = 0; presses < MAX_TABS; presses += 1) {
    if (await target.evaluate((element) => element === document.activeElement)) return;
    await page.keyboard.press(key);
    const problem = await focusProblem(page);
    expect(problem, `${key} stop ${presses + 1} on the way to ${target.toString()}`).toBeNull();
  }
  throw new Error(`Tab never reached ${target.toString()}`);
}

/** Tabs to `target`, presses `key` on it, and waits for `settled` before checking where the focus went. */
async function act(page: Page, target: Locator, key: string, settled: () => Promise<void>, action: string) {
  await tabTo(page, target);
  await page.keyboard.press(key);
  await settled();
  await expectFocusShown(page, action);
}

const SIZES = [
  { name: 'phone', viewport: PHONE },
  { name: 'desktop', viewport: DESKTOP },
] as const;

for (const { name, viewport } of SIZES) {
  test.describe(`the core loop by keyboard alone on a ${name}`, () => {
    test.use({ viewport });
    const phone = name === 'phone';

    test('sign in, scavenge, take through the confirmation, details, trophy case, swap, fight, chat, sign out', async ({ page, signUp, game, browser, baseURL }) => {
      // Every Tab stop of the whole loop is checked on screen: about a minute alone, more on two busy cores.
      test.setTimeout(240_000);
      // A player whose six slots are full (so taking a find drops one, through the confirmation), with a
      // researched item to swap into a one-slot duffel bag, and a rival to fight.
      const { username } = await signUp();
      await game.setGold(500);
      await game.scavenge();
      const equipped = (await game.take([0, 1, 2, 3, 4, 5])).profile.inventory;
      const toSwap = equipped[0]!;
      await game.research(toSwap.id);
      await game.upgradeDuffel();
      const rival = await apiPlayerInNewContext(browser, baseURL!);
      await unprotect(rival, baseURL!);
      await page.context().clearCookies();
      const nav = page.getByRole('navigation', { name: phone ? 'Game' : 'Main' });
      // The screen's name has the focus: its h1, or on a phone where the h1 is hidden, the top bar's title.
      const screenNamed = async (title: string) => {
        const focused = page.locator(':focus');
        await expect(focused).toHaveText(title);
        await expect(focused).toHaveAttribute('tabindex', '-1');
      };

      // Sign in: the new screen's name takes the focus.
      await page.goto('/login');
      await tabTo(page, page.getByLabel('Email or username'));
      await page.keyboard.type(username!);
      await page.keyboard.press('Tab');
      await page.keyboard.type(PASSWORD);
      await page.keyboard.press('Enter');
      await expect(page).toHaveURL(/\/profile$/);
      await expect(page.getByRole('heading', { level: 1, name: `Profile ${username}` })).toBeFocused();
      await expectFocusShown(page, 'signing in');
      await expect(page).toHaveTitle('Profile · Scavenger');

      // To the scavenge screen, and a scavenge: the first find takes the focus.
      await act(page, nav.getByRole('link', { name: 'Scavenge', exact: true }), 'Enter', () => screenNamed('Scavenge'), 'opening Scavenge');
      const loot = page.getByRole('region', { name: 'Scavenged Loot' });
      await act(
        page,
        page.getByRole('button', { name: 'Scavenge (1 energy)' }),
        'Enter',
        () => expect(loot.getByTestId('item-row').first()).toBeFocused({ timeout: 20_000 }),
        'a scavenge',
      );
      await expect(loot.getByTestId('item-row')).toHaveCount(LOOT_PER_SCAVENGE);

      // Pick the first find and an equipped item to drop; Take/Swap asks first, and the answer keeps the focus.
      const find = loot.getByTestId('item-row').first();
      const findName = (await loot.getByTestId('item-name').first().textContent())!;
      await page.keyboard.press('Space');
      await expect(find).toHaveAttribute('aria-pressed', 'true');
      // Into a full inventory, the pick brings the weakest equipped item (the last row) into the drops.
      const equippedPanel = page.getByRole('region', { name: 'Equipped:' });
      await expect(equippedPanel.getByTestId('item-row').last()).toHaveAttribute('aria-pressed', 'true');
      const confirm = page.getByRole('alertdialog', { name: 'Take 1 find and salvage 1 equipped item?' });
      await act(page, page.getByRole('button', { name: 'Take/Swap' }), 'Enter', () => expect(confirm.getByRole('button', { name: 'Cancel' })).toBeFocused(), 'Take/Swap');
      const takeSwap = page.getByRole('button', { name: 'Take/Swap' });
      await act(page, confirm.getByRole('button', { name: 'Yes, salvage and take' }), 'Enter', () => expect(takeSwap).toBeFocused(), 'Yes, salvage and take');
      await expect(equippedPanel.getByTestId('item-name').filter({ hasText: findName })).not.toHaveCount(0);

      // An item's details open and close; the focus comes back to the details button.
      const detailsButton = equippedPanel.getByRole('button', { name: /^Details of / }).first();
      await act(page, detailsButton, 'Enter', () => expect(page.getByRole('dialog').getByRole('button', { name: 'Close' })).toBeFocused(), 'opening the details');
      await page.keyboard.press('Escape');
      await expect(detailsButton).toBeFocused();
      await expectFocusShown(page, 'closing the details');

      // Home, the trophy case, and a swap into the duffel bag.
      await act(page, nav.getByRole('link', { name: 'Home', exact: true }), 'Enter', () => expect(page.getByRole('heading', { level: 1, name: /^Profile/ })).toBeFocused(), 'going Home');
      const trophyCase = page.getByRole('button', { name: 'Trophy Case', exact: true });
      await act(page, trophyCase, 'Enter', () => expect(page.getByRole('dialog', { name: 'Trophy Case' })).toBeVisible(), 'opening the trophy case');
      await page.keyboard.press('Escape');
      await expect(trophyCase).toBeFocused();
      await expectFocusShown(page, 'closing the trophy case');
      const profileEquipped = page.getByRole('region', { name: 'Equipped:' });
      const swapRow = profileEquipped.locator(`[data-item-key="${toSwap.id}"]`).getByTestId('item-row');
      await act(page, swapRow, 'Space', () => expect(swapRow).toHaveAttribute('aria-pressed', 'true'), 'selecting an item to swap');
      const swap = page.getByRole('button', { name: /^Swap \(/ });
      await act(page, swap, 'Enter', () => expect(page.getByRole('region', { name: 'Duffel Bag' }).locator(`[data-item-key="${toSwap.id}"]`)).toHaveCount(1), 'a swap');
      await expect(swap).toBeFocused();

      // The arena: a search, a fight played back, and the focus back on Fight when the replay closes.
      await act(page, nav.getByRole('link', { name: 'Arena', exact: true }), 'Enter', () => expect(page.getByRole('heading', { level: 1, name: 'Arena' })).toBeFocused(), 'opening the arena');
      // A protected newcomer's arena opens on Sparring (docs/design.md section 10.2): the arrow keys move to Fights.
      await tabTo(page, page.getByRole('tab', { name: 'Sparring' }));
      await page.keyboard.press('ArrowRight');
      await expect(page.getByRole('tab', { name: 'Fights' })).toBeFocused();
      await expect(page.getByRole('tab', { name: 'Fights' })).toHaveAttribute('aria-selected', 'true');
      await tabTo(page, page.getByLabel('Search players by name'));
      await page.keyboard.type(rival.username);
      await page.keyboard.press('Enter');
      const fight = page.getByRole('button', { name: `Fight ${rival.username} (2 energy)` });
      await expect(fight).toBeVisible();
      const replay = page.getByRole('dialog', { name: `${username} vs ${rival.username}` });
      await act(page, fight, 'Enter', () => expect(replay.getByTestId('fight-result')).toBeVisible({ timeout: 20_000 }), 'a fight');
      await page.keyboard.press('Escape');
      await expect(fight).toBeFocused();
      await expectFocusShown(page, 'closing the replay');

      // The chat: a message sent by Enter, and the box keeps the focus for the next one.
      // On both, the link's name carries the unread count when there is one ("Chat 2 unread", issue 24).
      const chatLink = phone ? page.getByRole('link', { name: /^Chat/ }) : nav.getByRole('link', { name: /^Chat\b/ });
      await act(page, chatLink, 'Enter', () => screenNamed('Chat'), 'opening the chat');
      const box = page.getByLabel('Message', { exact: true });
      await tabTo(page, box);
      await expect(page.getByRole('button', { name: 'Send' })).not.toHaveAttribute('aria-disabled', 'true');
      await page.keyboard.type(`by keyboard ${username}`);
      await page.keyboard.press('Enter');
      await expect(page.getByTestId('chat-message').filter({ hasText: `by keyboard ${username}` })).toHaveCount(1);
      await expect(box).toBeFocused();
      await expectFocusShown(page, 'sending a message');

      // Sign out: the next page says so (a status region), since a reload alone says nothing.
      if (phone) {
        await act(page, nav.getByRole('button', { name: 'More' }), 'Enter', () => expect(page.getByRole('dialog', { name: 'More' })).toBeVisible(), 'opening More');
        await tabTo(page, page.getByRole('dialog', { name: 'More' }).getByRole('button', { name: 'Sign Out' }));
      } else {
        await tabTo(page, page.getByRole('button', { name: 'Sign Out' }));
      }
      await page.keyboard.press('Enter');
      await expect(page.getByRole('status').filter({ hasText: 'You are signed out.' })).toBeVisible();
      await rival.context.close();
    });
  });
}

/** Records what each live region says as it changes, in `window.said`. */
async function recordLiveRegions(page: Page) {
  // A region inserted already filled is left out: screen readers often skip those, so the game must not rely
  // on them.
  await page.addInitScript(() => {
    const said: string[] = [];
    (window as unknown as { said: string[] }).said = said;
    const LIVE = '[aria-live]:not([aria-live="off"]), [role="status"], [role="alert"], [role="log"]';
    new MutationObserver((mutations) => {
      for (const mutation of mutations) {
        const target = mutation.target instanceof Element ? mutation.target : mutation.target.parentElement;
        const region = target?.closest(LIVE);
        if (!region) continue;
        if ([...mutation.addedNodes].some((node) => node instanceof Element && (node === region || node.contains(region)))) continue;
        const text = region.textContent?.trim();
        if (text && said[said.length - 1] !== text) said.push(text);
      }
    }).observe(document, { subtree: true, childList: true, characterData: true });
  });
}

const heard = (page: Page) => page.evaluate(() => (window as unknown as { said: string[] }).said);

test.describe('what a screen reader hears', () => {
  test('a scavenge is announced from regions already in the page: the search, then every find by name', async ({ page, signUp, game }) => {
    await recordLiveRegions(page);
    await signUp();
    await page.goto('/scavenge');
    await expect(page.getByRole('heading', { level: 1, name: 'Scavenge' })).toBeAttached();
    await page.getByRole('button', { name: 'Scavenge (1 energy)' }).click();
    await expect(page.getByRole('region', { name: 'Scavenged Loot' }).getByTestId('item-row')).toHaveCount(LOOT_PER_SCAVENGE, { timeout: 20_000 });
    const loot = await game.pendingLoot();
    await expect
      .poll(() => heard(page))
      .toEqual(expect.arrayContaining(['Scavenging for loot', expect.stringMatching(new RegExp(`^${LOOT_PER_SCAVENGE} finds: `))]));
    const said = await heard(page);
    const summary = said.find((text) => text.startsWith(`${LOOT_PER_SCAVENGE} finds: `))!;
    for (const find of loot) expect(summary, 'the announced finds').toContain(find.itemName);
    expect(summary).toMatch(/; best: .+ \((Very Common|Common|Uncommon|Rare|Very Rare|Epic|Legendary|Artifact|Heirloom|Assembled)\)\.$/);
  });

  test("a fight's strikes are announced as they land, then its result", async ({ page, signUp, browser, baseURL }) => {
    // Strike by strike needs motion: reduced, the replay shows at once.
    await page.emulateMedia({ reducedMotion: 'no-preference' });
    await recordLiveRegions(page);
    await signUp();
    const rival = await apiPlayerInNewContext(browser, baseURL!);
    await unprotect(rival, baseURL!);
    await page.goto('/arena?tab=fights');
    await page.getByLabel('Search players by name').fill(rival.username);
    await page.keyboard.press('Enter');
    await page.getByRole('button', { name: `Fight ${rival.username} (2 energy)` }).click();
    const replay = page.getByRole('dialog', { name: / vs / });
    await expect(replay.getByTestId('fight-result')).toBeVisible({ timeout: 20_000 });
    const strikes = await replay.getByTestId('strikes').getByRole('listitem').allTextContents();
    const said = await heard(page);
    // The strikes list grows one strike at a time, and each growth is heard, the last with every strike.
    const growing = said.filter((text) => text.startsWith(strikes[0]!.trim().slice(0, 12)));
    expect(growing.length, `strikes heard: ${said.join(' | ')}`).toBeGreaterThanOrEqual(Math.min(strikes.length, 2));
    expect(said.some((text) => /^You (won!|lost\.)/.test(text)), 'the result heard').toBe(true);
    await rival.context.close();
  });

  test('ATK, DEF, PWR and Q are read in full; a find says what taking it would do in words', async ({ page, signUp, game }) => {
    await signUp();
    await game.scavenge();
    await page.goto('/scavenge');
    const row = page.getByRole('region', { name: 'Scavenged Loot' }).getByTestId('item-row').first();
    await expect(row).toHaveAccessibleName(/^.+ Quality \d+ .*Attack \d+ Defense \d+ Power \d+ If taken: [+−±]\d+ attack, [+−±]\d+ defense\.$/);
  });
});

test.describe('a keyboard player finds the way', () => {
  test('the first Tab stop skips to the screen, and on a phone the game navigation comes before the page', async ({ page, signUp }) => {
    await signUp();
    await page.goto('/profile');
    await expect(page.getByRole('heading', { level: 1, name: /^Profile/ })).toBeVisible();
    await page.keyboard.press('Tab');
    const skip = page.getByRole('link', { name: 'Skip to main content' });
    await expect(skip).toBeFocused();
    await expectFocusShown(page, 'the first Tab');
    await page.keyboard.press('Enter');
    await expect(page.getByRole('heading', { level: 1, name: /^Profile/ })).toBeFocused();

    await page.setViewportSize(PHONE);
    await page.goto('/profile');
    await expect(page.getByRole('heading', { level: 1, name: /^Profile/ })).toBeVisible();
    // The bar's ticker and bell come once the screen under it has been shown (issue #57): the order is the whole bar's.
    await expect(page.getByRole('button', { name: 'Pause the news' })).toBeVisible();
    await expect(page.getByTestId('notice-bell')).toBeVisible();
    // Skip link, the ticker's pause, the notices' bell, the chat, then Home and Scavenge: before anything on the page.
    const scavenge = page.getByRole('navigation', { name: 'Game' }).getByRole('link', { name: 'Scavenge', exact: true });
    for (let presses = 1; presses <= 6; presses += 1) await page.keyboard.press('Tab');
    await expect(scavenge).toBeFocused();
    await expectFocusShown(page, 'six Tabs on a phone');
  });

  test('the phone ticker pauses, and stays paused on the next visit', async ({ page, signUp }) => {
    await page.setViewportSize(PHONE);
    await page.emulateMedia({ reducedMotion: 'no-preference' });
    await signUp();
    await page.goto('/profile');
    const ticker = page.getByTestId('news-ticker');
    const moving = () => ticker.evaluate((element) => getComputedStyle(element).animationName !== 'none');
    expect(await moving()).toBe(true);
    const pause = page.getByRole('button', { name: 'Pause the news' });
    await expect(pause).toHaveAttribute('aria-pressed', 'false');
    await pause.click();
    await expect(pause).toHaveAttribute('aria-pressed', 'true');
    expect(await moving()).toBe(false);
    await page.reload();
    await expect(page.getByRole('button', { name: 'Pause the news' })).toHaveAttribute('aria-pressed', 'true');
    expect(await moving()).toBe(false);
  });

  test('form errors are tied to their fields', async ({ page, signUp }) => {
    const { email } = await signUp();
    await page.context().clearCookies();
    await page.goto('/login');
    await page.getByLabel('Email or username').fill(email);
    await page.getByLabel('Password').fill('not the password');
    await page.getByRole('button', { name: 'Login', exact: true }).click();
    await expect(page.getByRole('alert')).toHaveText(MSG.invalidLogin);
    // Which of the two was wrong is never said: both are marked, both described by the error.
    for (const label of ['Email or username', 'Password']) {
      await expect(page.getByLabel(label)).toHaveAttribute('aria-invalid', 'true');
      await expect(page.getByLabel(label)).toHaveAccessibleDescription(MSG.invalidLogin);
    }

    await page.goto('/signup');
    await page.getByLabel('Email').fill('someone@example.com');
    await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await page.getByLabel('Confirm password').fill(`${PASSWORD} but different`);
    await page.getByRole('button', { name: 'Create account' }).click();
    const error = (await page.getByRole('alert').textContent())!;
    await expect(page.getByLabel('Confirm password')).toHaveAttribute('aria-invalid', 'true');
    await expect(page.getByLabel('Confirm password')).toHaveAccessibleDescription(error);
    await expect(page.getByLabel('Email')).not.toHaveAttribute('aria-invalid');
  });

  test('a new account without a name yet: the header does not say "Logged in as" with nothing after it', async ({ page, signUp }) => {
    await signUp({ username: null });
    await page.goto('/setusername');
    await expect(page.getByRole('heading', { level: 1, name: 'Choose your username' })).toBeVisible();
    await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Sign Out' })).toBeVisible();
    await expect(page.getByText('Logged in as')).toHaveCount(0);
  });

  test("a Fight button that waits says why: the opponent's recovery describes it", async ({ page, signUp, browser, baseURL }) => {
    await signUp();
    // Strong enough to win nearly every fight (twice the power wins 97 % of them): a few rivals give a win.
    const strongest = [...CATALOGUE].sort((a, b) => b.attack + b.defense - (a.attack + a.defense))[0]!;
    for (let n = 0; n < 3; n += 1) await grantItem(page, baseURL!, strongest.id, 10);
    await page.goto('/arena?tab=fights');
    for (let tries = 0; tries < 4; tries += 1) {
      const rival = await apiPlayerInNewContext(browser, baseURL!);
      await unprotect(rival, baseURL!);
      await page.getByLabel('Search players by name').fill(rival.username);
      await page.keyboard.press('Enter');
      const fight = page.getByRole('button', { name: `Fight ${rival.username} (2 energy)` });
      await fight.click();
      const replay = page.getByRole('dialog', { name: / vs / });
      const result = replay.getByTestId('fight-result');
      await expect(result).toBeVisible({ timeout: 20_000 });
      const won = (await result.getByText(/^You (won!|lost\.)$/).textContent()) === 'You won!';
      await page.keyboard.press('Escape');
      await rival.context.close();
      if (!won) continue;
      await expect(fight).toHaveAttribute('aria-disabled', 'true');
      await expect(fight).toHaveAccessibleDescription(/^Recovering: .+ left$/);
      return;
    }
    throw new Error('no win in four fights at many times the power');
  });
});

test.describe('every screen says where you are', () => {
  /** One h1, naming the screen, and the document title that goes with it. */
  async function expectNamed(page: Page, path: string, title: string, h1: string | RegExp) {
    await visit(page, path);
    await expect(page.getByRole('heading', { level: 1 })).toHaveCount(1);
    await expect(page.getByRole('heading', { level: 1 })).toHaveAccessibleName(h1);
    await expect(page, path).toHaveTitle(title === 'Scavenger' ? title : `${title} · Scavenger`);
    return title;
  }

  test('a visitor: the landing page, sign-in, sign-up, reset, the public pages and a missing page', async ({ page }) => {
    const titles = [
      await expectNamed(page, '/', 'Scavenger', /^Scavenger: /),
      await expectNamed(page, '/login', 'Login', 'Login'),
      await expectNamed(page, '/signup', 'Create account', 'Create account'),
      await expectNamed(page, '/resetpassword', 'Reset password', 'Reset password'),
      await expectNamed(page, '/odds', 'Odds', 'Odds'),
      await expectNamed(page, '/how-it-works', 'How it works', 'How it works'),
      await expectNamed(page, '/about', 'About Scavenger', 'About Scavenger'),
      await expectNamed(page, '/no-such-page', 'Page not found', 'Page not found'),
    ];
    expect(new Set(titles).size).toBe(titles.length);
  });

  test('a player: every game screen, on a desktop and a phone', async ({ page, signUp, baseURL }) => {
    const { username } = await signUp();
    const { guild } = await foundGuild(page, baseURL!);
    // Loaded once, signed in; from there each screen is reached as the game's links reach it.
    await page.goto('/notices');
    for (const viewport of [DESKTOP, PHONE]) {
      await page.setViewportSize(viewport);
      const titles = [
        await expectNamed(page, '/profile', 'Profile', `Profile ${username}`),
        await expectNamed(page, '/scavenge', 'Scavenge', 'Scavenge'),
        await expectNamed(page, '/arena', 'Arena', 'Arena'),
        await expectNamed(page, '/guilds', 'Guilds', 'Guilds'),
        await expectNamed(page, `/guilds/${guild.id}`, guild.name, new RegExp(`^${guild.name}`)),
        await expectNamed(page, '/chat', 'Chat', 'Chat'),
        await expectNamed(page, '/leaderboard', 'Leaderboard', 'Leaderboard'),
        await expectNamed(page, '/fairness', 'Fairness', 'Fairness'),
        await expectNamed(page, '/notices', 'Notices', 'Notices'),
        await expectNamed(page, '/market', 'Market', 'Market'),
      ];
      expect(new Set(titles).size).toBe(titles.length);
    }
  });

  test('a new account choosing a username', async ({ page, signUp }) => {
    await signUp({ username: null });
    await expectNamed(page, '/setusername', 'Choose your username', 'Choose your username');
  });
});
