/**
 * The browser carries D1's bookmark (issue #29, docs/scaling.md "Read replication"): it keeps the newest one an
 * answer named, shared by its tabs, and sends it with every request, so a read from a replica is never older
 * than what the player was shown.
 */
import { expect, test } from './fixtures';

const KEY = 'scavenger.d1Bookmark';

test('the newest bookmark is kept, shared by tabs and sent with each request', async ({ page, signUp, context }) => {
  await signUp();
  const sent: (string | null)[] = [];
  page.on('request', (request) => {
    if (new URL(request.url()).pathname.startsWith('/api/')) sent.push(request.headers()['x-d1-bookmark'] ?? null);
  });
  await page.goto('/scavenge');
  await expect(page.getByRole('button', { name: 'Scavenge (1 energy)' })).toBeEnabled();
  // Every read of the screen has answered (the trophy case last), so no later answer moves the bookmark.
  await expect(page.getByRole('button', { name: 'Keep for research' })).toHaveAccessibleDescription('Scavenge first.');
  await page.waitForLoadState('networkidle');
  const first = await page.evaluate((key) => localStorage.getItem(key), KEY);
  expect(first).toMatch(/^[0-9a-f]{8}-[0-9a-f]{8}-[0-9a-f]{8}-[0-9a-f]{32}$/);

  const scavenged = page.waitForResponse((response) => response.url().endsWith('/api/scavenge') && response.request().method() === 'POST');
  await page.getByRole('button', { name: 'Scavenge (1 energy)' }).click();
  const answer = await scavenged;
  // The intent carried the bookmark the screen had, and its answer's is kept.
  expect(answer.request().headers()['x-d1-bookmark']).toBe(first);
  const after = answer.headers()['x-d1-bookmark']!;
  expect(after >= first!).toBe(true);
  await expect.poll(() => page.evaluate((key) => localStorage.getItem(key), KEY)).toBe(after);
  expect(sent.filter((header) => header !== null).length).toBeGreaterThan(0);

  // Another tab starts from it.
  const other = await context.newPage();
  const read = other.waitForRequest((request) => new URL(request.url()).pathname.startsWith('/api/users/'));
  await other.goto('/profile');
  expect(((await read).headers()['x-d1-bookmark'] ?? '') >= after).toBe(true);
});
