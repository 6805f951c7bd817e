/**
 * Research says how long it has left (issue 17, point 4): an equipped item's row and its details count down on
 * the server's clock to "ready", and 'Add to Trophy Case' waits until then, saying why. Moved from
 * test/e2e/waits.spec.ts, where it ran on a phone in light and a desktop in dark; the details and Add to Trophy
 * Case are composed as the profile screen composes them (client/features/profile/profile-page.tsx).
 */
import { useState } from 'react';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { commands, page, userEvent } from 'vitest/browser';
import { render } from 'vitest-browser-react';
import { ItemDetailsDialog } from '../../client/components/item-dialogs';
import { ItemPanel } from '../../client/components/items';
import { TrophyButton } from '../../client/features/profile/item-actions';
import { researchDurationMs } from '../../game/rules/rarity';
import type { Item } from '../../game/wire';
import { anItem, expectAxeClean, now, passTime } from './fixtures';

afterEach(() => {
  vi.useRealTimers();
});

/** `detailsOpen`: the item's details show from the first render, as if its Details button had been pressed. */
function Equipped({ item, onAdd, detailsOpen = false }: { item: Item; onAdd: () => void; detailsOpen?: boolean }) {
  const [details, setDetails] = useState<Item | null>(detailsOpen ? item : null);
  return (
    <main>
      <ItemPanel title="Equipped:" slots={[item]} selected={new Set()} selectable onToggle={() => {}} onDetails={setDetails} clockOffset={0} />
      {details && (
        <ItemDetailsDialog
          item={details}
          clockOffset={0}
          onClose={() => setDetails(null)}
          actions={<TrophyButton item={details} clockOffset={0} onAdd={onAdd} onBlocked={() => {}} disabled={false} />}
        />
      )}
    </main>
  );
}

describe.each(['light', 'dark'] as const)('research, %s', (scheme) => {
  test('says how long it has left, then "ready"; the trophy button waits with the reason', async () => {
    await commands.colorScheme(scheme);
    // axe needs the browser's own timers: it audits a first showing, before the clock is taken over.
    const first = await render(<Equipped item={anItem('feather')} onAdd={() => {}} />);
    await page.getByRole('button', { name: 'Details of Feather' }).click();
    await expect.element(page.getByRole('dialog', { name: 'Feather' })).toBeVisible();
    await expectAxeClean(`the details of an unresearched item, ${scheme}`);
    await first.unmount();

    vi.useFakeTimers();
    const onAdd = vi.fn();
    // A Feather researches in 10 minutes; this one was equipped just now. Its details show from the first render
    // (the Details button is pressed below, once research is done): each clock ticks each second from when it was
    // shown, and a click moves the fake clock on while it runs (Vitest's browser actions do), so details opened by
    // a click would tick out of step with the moments below.
    const item = anItem('feather');
    await render(<Equipped item={item} onAdd={onAdd} detailsOpen />);
    const row = page.getByRole('region', { name: 'Equipped:' }).getByRole('listitem');
    const details = page.getByRole('dialog', { name: item.itemName });
    const trophy = details.getByRole('button', { name: 'Add to Trophy Case' });
    await expect.element(row.getByTestId('item-research')).toHaveTextContent('0%');
    await expect.element(row.getByTestId('research-left')).toHaveTextContent('10 m 0 s left');
    await expect.element(details.getByTestId('detail-research-left')).toHaveTextContent('Research: 10 m 0 s left');
    await expect.element(trophy).toHaveAttribute('aria-disabled', 'true');
    await expect.element(trophy).toHaveAccessibleDescription('Research 0 % — 10 m 0 s to go.');
    await trophy.click({ force: true });
    expect(onAdd).not.toHaveBeenCalled();

    // Both clocks started when the item was equipped: half a second past a moment, the screen shows that moment.
    const at = (msEquipped: number) => passTime(item.equippedAt! + msEquipped + 500 - Date.now());
    const duration = researchDurationMs(item.rarity);
    await at(duration / 2);
    expect(now(details.getByTestId('detail-percentage'))).toBe('50%');
    expect(now(details.getByTestId('detail-research-left'))).toBe('Research: 5 m 0 s left');
    await expect.element(trophy).toHaveAccessibleDescription('Research 50 % — 5 m 0 s to go.');
    await userEvent.keyboard('{Escape}');
    await at(duration - 1_000);
    expect(now(row.getByTestId('research-left'))).toBe('1 s left');
    await at(duration);
    expect(now(row.getByTestId('research-left'))).toBe('ready');
    expect(now(row.getByTestId('item-research'))).toBe('100%');
    await row.getByRole('button', { name: `Details of ${item.itemName}` }).click();
    await expect.element(details.getByTestId('detail-research-left')).toHaveTextContent('Research: ready');
    await expect.element(trophy).not.toHaveAttribute('aria-disabled');
    await trophy.click();
    expect(onAdd).toHaveBeenCalledOnce();
  });
});
