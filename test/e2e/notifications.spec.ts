/**
 * Notifications and the installable app (issue #26, docs/design.md section 8.7): being attacked while away shows
 * in the badge at the next visit and the notice opens the arena on the attacker; the Notices screen's settings (its
 * loading, empty and error states: test/components/read-states.test.tsx); on a phone in light and a desktop in dark, by keyboard, axe clean.
 *
 * The service worker is blocked in every other test (playwright.config.ts). Here it runs in a browser profile
 * of its own: Chromium reports an incognito context as not installable. A push is handed to the registered
 * worker through the DevTools protocol (ServiceWorker.deliverPushMessage): offline, Chromium's own
 * pushManager.subscribe() cannot reach its vendor's push service. The server's side of push, against a push
 * service that checks the signature and decrypts, is test/worker/notifications.test.ts.
 */
import { chromium, type BrowserContext, type Page } from '@playwright/test';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { attackedNotice } from '../../game/rules/notices';
import { CHROMIUM } from '../chromium';
import type { FightResult } from '../../game/wire';
import { ACCOUNT_FIXTURE, type ApiActor, apiGet, apiPlayerInNewContext, apiPost, expect, PASSWORD, test, uniqueEmail, uniqueName, unprotect } from './fixtures';
import { expectAxeClean, PHONE, SCREENS } from './screens';

/** `attacker` fights the player named `defender` through the API; answers what the defender's notice says. */
async function attack(attacker: ApiActor, baseURL: string, defender: string, attackerName: string): Promise<string> {
  const response = await apiPost(attacker.request, baseURL, '/api/arena/fights', { defender });
  expect(response.status(), await response.text()).toBe(200);
  const { fight } = (await response.json()) as FightResult;
  return attackedNotice(attackerName, fight.goldTaken, fight.winner === attackerName).body;
}

/** The badge: the phone's bell, or the desktop navigation's Notices link. */
const noticesLink = (page: Page, phone: boolean) => (phone ? page.getByTestId('notice-bell') : page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: /^Notices/ }));

for (const screen of SCREENS) {
  test.describe(`on ${screen.name}`, () => {
    test.use({ viewport: screen.viewport, colorScheme: screen.colorScheme });

    test('being attacked while away shows in the badge at the next visit, and the notice opens the arena on the attacker', async ({ page, browser, baseURL, signUp }) => {
      const { username } = await signUp();
      await unprotect(page, baseURL!);
      await page.goto('/profile');
      await expect(noticesLink(page, screen.phone)).toHaveAccessibleName('Notices');

      const attacker = await apiPlayerInNewContext(browser, baseURL!);
      const said = await attack(attacker, baseURL!, username!, attacker.username);
      await attacker.context.close();

      // The next visit.
      await page.reload();
      const link = noticesLink(page, screen.phone);
      await expect(link).toHaveAccessibleName(screen.phone ? 'Notices, 1 new' : /^Notices\s*1 new$/);
      await expect(page.getByTestId('notice-badge')).toHaveText('1');
      await expectAxeClean(page, `the badge, ${screen.name}`);

      // By keyboard: the badge, then the notice.
      await link.focus();
      await page.keyboard.press('Enter');
      await expect(page).toHaveURL(/\/notices$/);
      await expect(page.getByRole('heading', { level: 1, name: 'Notices' })).toBeVisible();
      const notice = page.getByTestId('notices').getByRole('link', { name: said });
      await expect(notice).toBeVisible();
      await expect(page.getByTestId('notice-badge')).toHaveCount(0);
      await expectAxeClean(page, `the notices, ${screen.name}`);

      await notice.focus();
      await page.keyboard.press('Enter');
      await expect(page).toHaveURL(new RegExp(`/arena\\?q=${attacker.username}$`));
      await expect(page.getByLabel('Search players by name')).toHaveValue(attacker.username);

      // Seen: the next visit has no badge.
      await page.reload();
      await expect(noticesLink(page, screen.phone)).toHaveAccessibleName('Notices');
    });

    test('each kind of notification turns on and off, and stays so', async ({ page, signUp }) => {
      await signUp();
      await page.goto('/notices');
      const energy = page.getByRole('checkbox', { name: 'Energy full' });
      await expect(energy).toBeChecked();
      await expect(page.getByRole('checkbox', { name: 'Attacked in the arena' })).toBeChecked();
      await expect(page.getByTestId('push-state')).toHaveText('This device gets no notifications.');
      // By keyboard: Space toggles a checkbox.
      await energy.focus();
      await page.keyboard.press('Space');
      await expect(energy).not.toBeChecked();
      await page.reload();
      await expect(page.getByRole('checkbox', { name: 'Energy full' })).not.toBeChecked();
      await expect(page.getByRole('checkbox', { name: 'Research done' })).toBeChecked();
      await expectAxeClean(page, `the notification settings, ${screen.name}`);
    });
  });
}

test.describe('the installable app', () => {
  let profileDir = '';
  let context: BrowserContext;

  test.beforeEach(async ({ baseURL }) => {
    profileDir = mkdtempSync(join(tmpdir(), 'scavenger-pwa-'));
    context = await chromium.launchPersistentContext(profileDir, {
      ...CHROMIUM,
      baseURL,
      serviceWorkers: 'allow',
      reducedMotion: 'reduce',
      viewport: PHONE,
    });
  });
  test.afterEach(async () => {
    await context.close();
    rmSync(profileDir, { recursive: true, force: true });
  });

  /** The page once the service worker controls it. */
  async function openWithWorker(path: string): Promise<Page> {
    const page = context.pages()[0] ?? (await context.newPage());
    await page.goto(path);
    await page.evaluate(async () => {
      await navigator.serviceWorker.ready;
    });
    return page;
  }

  test('is installable, and offline a page shows the offline page', async () => {
    const page = await openWithWorker('/');
    const cdp = await context.newCDPSession(page);
    await expect.poll(async () => (await cdp.send('Page.getInstallabilityErrors')).installabilityErrors).toEqual([]);

    await context.setOffline(true);
    await page.goto('/profile');
    await expect(page).toHaveTitle('Offline · Scavenger');
    await expect(page.getByRole('heading', { level: 1, name: 'You are offline' })).toBeVisible();
    await expectAxeClean(page, 'the offline page');
    await context.setOffline(false);
    await page.getByRole('link', { name: 'Try again' }).click();
    await expect(page).toHaveURL(/\/(login|profile)$/);
  });

  test('a push reaches the service worker: on screen it shows in the game and opens the arena on the attacker; away, it is a notification for that screen', async ({ baseURL, browser }) => {
    const origin = new URL(baseURL!).origin;
    await context.grantPermissions(['notifications'], { origin });
    const username = uniqueName('d');
    const signUp = await apiPost(context.request, origin, ACCOUNT_FIXTURE, { email: uniqueEmail(), password: PASSWORD });
    expect(signUp.status()).toBe(201);
    expect((await apiPost(context.request, origin, '/api/setUsername', { username })).status()).toBe(201);
    const page = await openWithWorker('/notices');
    await expect(page.getByTestId('notice-bell')).toHaveAccessibleName('Notices');
    // Turning push on asks the browser for a subscription at its vendor's push service, which this machine
    // cannot reach: the player is told so in their words, and nothing is stored.
    await page.getByRole('button', { name: 'Turn on notifications' }).click();
    await expect(page.getByTestId('push-problem')).toHaveText('This browser could not reach its notification service: check your connection and try again.', { timeout: 20_000 });
    await expect(page.getByTestId('push-state')).toHaveText('This device gets no notifications.');
    await page.goto('/profile');

    const cdp = await context.newCDPSession(page);
    const registrations: { registrationId: string; scopeURL: string }[] = [];
    cdp.on('ServiceWorker.workerRegistrationUpdated', (event) => registrations.push(...event.registrations));
    await cdp.send('ServiceWorker.enable');
    await expect.poll(() => registrations.find((registration) => registration.scopeURL === `${origin}/`)?.registrationId).toBeDefined();
    const registrationId = registrations.find((registration) => registration.scopeURL === `${origin}/`)!.registrationId;
    // A push the page gets before the game listens to its worker (the notice bell, client/features/notifications/
    // unseen.ts) is not heard; wait for the listener itself, not for the time the next steps happen to take.
    const listening = async () => {
      const { result } = await cdp.send('Runtime.evaluate', { expression: 'navigator.serviceWorker' });
      const { listeners } = await cdp.send('DOMDebugger.getEventListeners', { objectId: result.objectId! });
      return listeners.some((listener) => listener.type === 'message');
    };
    await expect.poll(listening, { message: 'the game listens to its service worker' }).toBe(true);

    // The attack the push tells of, and the payload the server sends for it.
    await unprotect(page, baseURL!);
    const attacker = await apiPlayerInNewContext(browser, baseURL!);
    const said = await attack(attacker, baseURL!, username, attacker.username);
    await attacker.context.close();
    const response = await apiGet(page.request, '/api/notices');
    const payload = { ...attackedNotice(attacker.username, 0, false), body: said };
    expect(((await response.json()) as { notices: { text: string }[] }).notices[0]?.text).toBe(said);

    await cdp.send('ServiceWorker.deliverPushMessage', { origin: `${origin}/`, registrationId, data: JSON.stringify(payload) });
    await expect(page.getByTestId('toast')).toContainText(said);
    await expect(page.getByTestId('notice-bell')).toHaveAccessibleName('Notices, 1 new');
    await page.getByTestId('notice-bell').click();
    await page.getByTestId('notices').getByRole('link', { name: said }).click();
    await expect(page).toHaveURL(new RegExp(`/arena\\?q=${attacker.username}$`));

    // With no page of the game on screen, the worker shows a notification that opens the same screen.
    const elsewhere = await context.newPage();
    await page.close();
    await cdp.detach().catch(() => undefined);
    // The worker decides by the game's windows it sees on screen; a closed tab leaves that list a moment after
    // close() returns, and a push delivered before then goes to the closed tab. Wait until the worker sees none.
    // The worker runs with DevTools attached (Playwright's), so Chromium does not stop it between these steps.
    const [worker] = context.serviceWorkers();
    expect(worker, 'the game service worker').toBeDefined();
    type WorkerScope = { clients: { matchAll(options: object): Promise<unknown[]> }; registration: ServiceWorkerRegistration; asked: unknown[] };
    await expect
      .poll(() => worker!.evaluate(async () => (await (self as unknown as WorkerScope).clients.matchAll({ type: 'window', includeUncontrolled: true })).length), { message: 'the worker sees no window of the game' })
      .toBe(0);
    // What the worker asks the browser to show, recorded on its way to the real showNotification. Headless Chromium
    // under load sometimes resolves showNotification without keeping the notification (getNotifications() empty right
    // after it resolved, and no notificationclose: 5 runs in 48 beside `stress-ng --cpu 2`), so the test reads the
    // worker's request, which is the game's part, rather than the browser's notification list.
    await worker!.evaluate(() => {
      const scope = self as unknown as WorkerScope;
      const show = scope.registration.showNotification.bind(scope.registration);
      scope.asked = [];
      scope.registration.showNotification = (title, options) => {
        scope.asked.push({ title, body: options?.body, data: options?.data as unknown });
        return show(title, options);
      };
    });
    const workerCdp = await context.newCDPSession(elsewhere);
    await workerCdp.send('ServiceWorker.enable');
    await workerCdp.send('ServiceWorker.deliverPushMessage', { origin: `${origin}/`, registrationId, data: JSON.stringify(payload) });
    await expect
      .poll(() => worker!.evaluate(() => (self as unknown as WorkerScope).asked))
      .toEqual([{ title: 'Attacked in the arena', body: said, data: { url: `/arena?q=${attacker.username}` } }]);
  });
});
