/**
 * The profile header (client/components/profile-header.tsx): energy's spec countdown with, beside it, when energy
 * will be full (issue 17), a fresh read asked for when the countdown ends, and what the next level brings.
 */
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { commands, page } from 'vitest/browser';
import { render } from 'vitest-browser-react';
import { ProfileHeader } from '../../client/components/profile-header';
import { MAX_ENERGY } from '../../game/constants';
import { protectedGold } from '../../game/rules/fight';
import { xpForLevel } from '../../game/rules/level';
import type { Profile } from '../../game/wire';
import { aProfile, expectAxeClean, now, passTime } from './fixtures';

const timer = page.getByTestId('energy-timer');
const full = page.getByTestId('energy-full');

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

/** The header as a screen shows it, the profile read now. */
const header = (profile: Profile, onCountdownEnd = () => {}) => <ProfileHeader profile={profile} receivedAt={Date.now()} onCountdownEnd={onCountdownEnd} />;

describe('energy', () => {
  // Moved from test/e2e/waits.spec.ts ('energy says when it will be full, and a toast says when it is'): the
  // countdown and "Full in"; the toast is in wait-notices.test.tsx.
  test('says when it will be full beside the spec countdown; at the maximum, (max) and nothing more', async () => {
    const onCountdownEnd = vi.fn();
    const screen = await render(header(aProfile({ energy: MAX_ENERGY - 1, secondsToNextEnergy: 120 }), onCountdownEnd));
    expect(now(page.getByTestId('stat-energy'))).toBe(String(MAX_ENERGY - 1));
    expect(now(timer)).toBe('(120s)');
    expect(now(full)).toBe('Full in 2 m 0 s');
    await passTime(61_000);
    expect(now(timer)).toBe('(59s)');
    expect(now(full)).toBe('Full in 59 s');
    expect(onCountdownEnd).not.toHaveBeenCalled();

    // The point is due: the screen asks for the profile again, whose answer is the maximum.
    await passTime(59_000);
    expect(now(timer)).toBe('(0s)');
    expect(onCountdownEnd).toHaveBeenCalledOnce();
    await screen.rerender(header(aProfile({ energy: MAX_ENERGY, secondsToNextEnergy: null }), onCountdownEnd));
    expect(now(timer)).toBe('(max)');
    expect(now(full)).toBeNull();
  });

  test('at zero asks again every 10 s while no fresh profile comes, and a fresh one restarts the countdown', async () => {
    const onCountdownEnd = vi.fn();
    const screen = await render(header(aProfile({ energy: 5, secondsToNextEnergy: 3 }), onCountdownEnd));
    // 3 s to the next point, then 14 more at 2 minutes each.
    expect(now(full)).toBe('Full in 28 m 3 s');
    await passTime(2_999);
    expect(onCountdownEnd).not.toHaveBeenCalled();
    await passTime(1);
    expect(onCountdownEnd).toHaveBeenCalledOnce();
    await passTime(10_000);
    expect(onCountdownEnd).toHaveBeenCalledTimes(2);

    await screen.rerender(header(aProfile({ energy: 6, secondsToNextEnergy: 120 }), onCountdownEnd));
    expect(now(timer)).toBe('(120s)');
    expect(now(page.getByTestId('stat-energy'))).toBe('6');
    await passTime(30_000);
    expect(onCountdownEnd).toHaveBeenCalledTimes(2);
  });
});

// Moved from test/e2e/no-traps.spec.ts ('the profile says what the next level brings beside the XP it needs', on
// a phone in light and a desktop in dark): the server's level, shown with what the next one changes.
describe.each(['light', 'dark'] as const)('the next level, %s', (scheme) => {
  test('is said beside the XP it needs', async () => {
    await commands.colorScheme(scheme);
    const screen = await render(header(aProfile()));
    await expect.element(page.getByTestId('next-level-brings')).toHaveTextContent(`Level 2 keeps ${protectedGold(2)} gold safe from fights.`);

    await screen.rerender(header(aProfile({ level: 9, xp: xpForLevel(9) })));
    await expect.element(page.getByTestId('stat-xp')).toHaveTextContent(`0/${xpForLevel(10) - xpForLevel(9)} XP to level 10`);
    await expect
      .element(page.getByTestId('next-level-brings'))
      .toHaveTextContent(`Level 10 keeps ${protectedGold(10)} gold safe from fights, opens the Bunker Row to scavenge and makes the news.`);
    vi.useRealTimers();
    await expectAxeClean(`the profile header's next level, ${scheme}`);
  });
});
