/**
 * The notices of waits that end while the game is open (client/components/wait-notices.tsx; issue 17): energy
 * reaching the maximum and research reaching 100 %, from the profile and the clock alone, as toasts. What had
 * ended before the player arrived is not news. The shell shows them on every screen (test/e2e/waits.spec.ts).
 */
import { describe, expect, test } from 'vitest';
import { page } from 'vitest/browser';
import { Toaster } from '../../client/components/toasts';
import { WaitNotices } from '../../client/components/wait-notices';
import { MAX_ENERGY } from '../../game/constants';
import { researchDurationMs } from '../../game/rules/rarity';
import { anItem, aProfile, fakeClockPerTest, now, passTime } from './fixtures';
import { newUid, renderSignedIn } from './signed-in';

const toast = page.getByTestId('toast');

fakeClockPerTest();

/** Just under way: `msLeft` of the item's research still to go, on the server's clock now. */
const researching = (catalogId: string, msLeft: number) => {
  const item = anItem(catalogId, { id: `${catalogId}-1` });
  const duration = researchDurationMs(item.rarity);
  return { ...item, equippedAt: Date.now() - duration + msLeft, research: Math.floor(((duration - msLeft) * 100) / duration) };
};

async function renderNotices(profile: ReturnType<typeof aProfile>) {
  await renderSignedIn(
    <>
      <WaitNotices />
      <Toaster />
    </>,
    profile,
  );
}

describe('energy', () => {
  // Moved from test/e2e/waits.spec.ts ('energy says when it will be full, and a toast says when it is'): the
  // toast; the countdown is in profile-header.test.tsx.
  test('reaching the maximum while the game is open is told with a toast', async () => {
    await renderNotices(aProfile({ uid: newUid(), energy: MAX_ENERGY - 1, secondsToNextEnergy: 120 }));
    await passTime(119_000);
    expect(now(toast)).toBeNull();
    // The clock the notices read ticks each second: told within one.
    await passTime(2_000);
    expect(now(toast)).toBe(`✓Energy is full: ${MAX_ENERGY}/${MAX_ENERGY}.`);
  });

  test('already full when the player arrives is not news', async () => {
    await renderNotices(aProfile({ uid: newUid(), energy: MAX_ENERGY, secondsToNextEnergy: null, inventory: [anItem('feather', { research: 100 })] }));
    await passTime(5_000);
    await expect.element(page.getByRole('status')).toBeInTheDocument();
    expect(now(toast)).toBeNull();
  });
});

describe('research', () => {
  test('ending while the game is open is told, and joins the toast already showing', async () => {
    // Done 2 s after energy fills, while its toast still shows.
    const feather = researching('feather', 122_000);
    await renderNotices(aProfile({ uid: newUid(), energy: MAX_ENERGY - 1, secondsToNextEnergy: 120, inventory: [feather] }));
    await passTime(121_000);
    expect(now(toast)).toBe(`✓Energy is full: ${MAX_ENERGY}/${MAX_ENERGY}.`);
    await passTime(2_000);
    expect(now(toast)).toBe(`✓Energy is full: ${MAX_ENERGY}/${MAX_ENERGY}.Research complete: Feather. It can go in the trophy case.`);
    expect(toast.all()).toHaveLength(1);
  });

  test('two items ending at once make one line naming both', async () => {
    // Both done within the same second of the clock the notices read.
    const items = [researching('feather', 2_500), researching('bottle-cap', 2_200)];
    await renderNotices(aProfile({ uid: newUid(), inventory: items }));
    await passTime(2_000);
    expect(now(toast)).toBeNull();
    await passTime(1_000);
    expect(now(toast)).toBe('✓2 items researched: Feather, Bottle Cap');
  });
});
