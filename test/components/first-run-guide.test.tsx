/**
 * The first-run guide (client/features/landing/first-run-guide.tsx; issue 17): shown once, over a profile with no
 * play yet, and gone for good once dismissed (client/lib/first-run.ts remembers it in this browser).
 */
import { afterEach, expect, test } from 'vitest';
import { page, userEvent } from 'vitest/browser';
import { MemoryRouter } from 'react-router';
import FirstRunGuide from '../../client/features/landing/first-run-guide';
import { firstRun } from '../../client/lib/first-run';
import { anItem, aProfile } from './fixtures';
import { newUid, renderSignedIn } from './signed-in';

const guide = page.getByTestId('first-run-guide');

afterEach(() => {
  firstRun.finish();
});

async function renderGuide(profile: ReturnType<typeof aProfile>) {
  firstRun.start(profile.uid);
  await renderSignedIn(
    <MemoryRouter>
      <FirstRunGuide />
    </MemoryRouter>,
    profile,
  );
}

// Moved from test/e2e/first-visit.spec.ts ('Escape dismisses it for good'); choosing the username that starts it
// is still there.
test('Escape dismisses it for good', async () => {
  const profile = aProfile({ uid: newUid() });
  await renderGuide(profile);
  await expect.element(guide).toBeVisible();
  await expect.element(page.getByRole('dialog', { name: 'Welcome, scavenger! Three steps to start' })).toBeVisible();
  await expect.element(guide.getByRole('link', { name: 'Scavenge now' })).toHaveFocus();
  await userEvent.keyboard('{Escape}');
  await expect.element(guide).not.toBeInTheDocument();
  // What the profile screen asks before it shows the guide again.
  expect(firstRun.isDue(profile.uid)).toBe(false);
});

// Moved from test/e2e/teach.spec.ts ('9: the first-run guide never covers the profile of a player who already
// played', on a phone and a desktop, light and dark there; the profile behind it is audited in a11y.spec.ts).
test('never covers the profile of a player who already played, and is over for them', async () => {
  // As if they had chosen their name in this browser, then played (a scavenge, two finds kept) before ever
  // opening the profile.
  const profile = aProfile({ uid: newUid(), xp: 25, inventory: [anItem('feather'), anItem('bottle-cap')] });
  await renderGuide(profile);
  await expect.poll(() => firstRun.isDue(profile.uid)).toBe(false);
  await expect.element(guide).not.toBeInTheDocument();
  // No dialog ever opened: nothing of the page was made inert.
  expect(document.querySelector('[inert]')).toBeNull();
});
