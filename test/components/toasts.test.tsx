/**
 * Toasts (client/components/toasts.tsx; issue 17): one at a time, what arrives while it shows joins it as a line,
 * and it goes by itself 4 s after the last line came. Refusals are never toasts (intents.test.tsx).
 */
import { beforeEach, describe, expect, test } from 'vitest';
import { page } from 'vitest/browser';
import { render } from 'vitest-browser-react';
import { Toaster } from '../../client/components/toasts';
import { toast } from '../../client/lib/toasts';
import { fakeClockPerTest, now, passTime } from './fixtures';

const shown = page.getByTestId('toast');

fakeClockPerTest();
beforeEach(async () => {
  await render(<Toaster />);
});

/** Shows `text` as the app does, rendered before the clock moves on. */
const arrives = async (...texts: string[]) => {
  for (const text of texts) toast(text);
  await passTime(0);
};

describe('a toast', () => {
  test('is said from a status region that is always in the page, with a tick, and goes after 4 s', async () => {
    const region = page.getByRole('status');
    await expect.element(region).toBeInTheDocument();
    expect(now(shown)).toBeNull();
    await arrives('Took 1 find.');
    expect(now(region.getByTestId('toast'))).toBe('✓Took 1 find.');
    await passTime(3999);
    expect(now(shown)).toBe('✓Took 1 find.');
    await passTime(1);
    expect(now(shown)).toBeNull();
  });

  test('takes what arrives while it shows as one more line, and stays 4 s from the last', async () => {
    await arrives('Energy is full: 20/20.');
    await passTime(3000);
    await arrives('Research complete: Feather. It can go in the trophy case.');
    expect(now(shown)).toBe('✓Energy is full: 20/20.Research complete: Feather. It can go in the trophy case.');
    expect(shown.all()).toHaveLength(1);
    await passTime(3999);
    expect(now(shown)).toMatch(/Research complete: Feather/);
    await passTime(1);
    expect(now(shown)).toBeNull();
  });

  test('holds 3 lines at most: the oldest give way', async () => {
    await arrives('one', 'two', 'three', 'four');
    expect(now(shown)).toBe('✓twothreefour');
  });
});
