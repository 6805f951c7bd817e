/**
 * How a screen sends intents (client/lib/use-intent.ts) and shows buttons that wait
 * (client/components/reasoned-button.tsx): an intent under way is sent once however often it is pressed, a
 * refusal shows the server's own words in a popup until closed (docs/spec.md section 8), and a blocked button
 * keeps the keyboard's focus and says why.
 */
import { describe, expect, test, vi } from 'vitest';
import { commands, page, userEvent } from 'vitest/browser';
import { render } from 'vitest-browser-react';
import { MessageDialog } from '../../client/components/dialog';
import { ReasonedButton } from '../../client/components/reasoned-button';
import { Button } from '../../client/components/forms';
import { api, API, NETWORK_ERROR, type Refusal } from '../../client/lib/api';
import { useIntent } from '../../client/lib/use-intent';
import { MSG } from '../../game/messages';

/** A screen with one intent, Upgrade, and its refusal popup, as every screen shows them. */
function Upgrade({ action, onRefused }: { action: () => Promise<void>; onRefused?: (refusal: Refusal) => void }) {
  const intent = useIntent<'upgrade'>();
  return (
    <main>
      <Button onClick={() => void intent.run('upgrade', action, onRefused)} disabled={intent.busy('upgrade')}>
        Upgrade
      </Button>
      {intent.refusal && <MessageDialog message={intent.refusal} onClose={intent.dismiss} />}
    </main>
  );
}

const upgrade = page.getByRole('button', { name: 'Upgrade' });

describe('an intent', () => {
  test('under way is sent once however often it is pressed, and its button waits meanwhile', async () => {
    let done = () => {};
    const action = vi.fn(() => new Promise<void>((resolve) => (done = resolve)));
    await render(<Upgrade action={action} />);
    await upgrade.click();
    await expect.element(upgrade).toHaveAttribute('aria-disabled', 'true');
    await upgrade.click({ force: true });
    await upgrade.click({ force: true });
    expect(action).toHaveBeenCalledOnce();
    done();
    await expect.element(upgrade).not.toHaveAttribute('aria-disabled');
    await upgrade.click();
    expect(action).toHaveBeenCalledTimes(2);
  });

  test("refused, shows the server's words in a popup until closed, after the screen had a look at its code", async () => {
    await commands.answer(API.upgradeDuffel.path, { error: { code: 'not_enough_gold', message: MSG.notEnoughGold } }, 400);
    const onRefused = vi.fn();
    await render(<Upgrade action={async () => void (await api.call(API.upgradeDuffel))} onRefused={onRefused} />);
    await upgrade.click();
    const popup = page.getByRole('dialog', { name: MSG.notEnoughGold });
    await expect.element(popup.getByRole('alert')).toHaveTextContent(MSG.notEnoughGold);
    expect(onRefused).toHaveBeenCalledWith({ message: MSG.notEnoughGold, code: 'not_enough_gold' });
    // A refusal is not a toast: it is still there until closed.
    await expect.element(popup).toBeVisible();
    await popup.getByRole('button', { name: 'Close' }).click();
    await expect.element(popup).not.toBeInTheDocument();
    await expect.element(upgrade).toHaveFocus();
    await expect.element(upgrade).not.toHaveAttribute('aria-disabled');
  });

  test('that fails without the server\'s answer says the network failed', async () => {
    await render(
      <Upgrade
        action={async () => {
          throw new TypeError('Failed to fetch');
        }}
      />,
    );
    await upgrade.click();
    await expect.element(page.getByRole('dialog', { name: NETWORK_ERROR })).toBeVisible();
  });
});

describe('a button that cannot succeed', () => {
  test('says why as its description, keeps the focus, and pressed does nothing, not even submit its form', async () => {
    const onSubmit = vi.fn((event: SubmitEvent) => event.preventDefault());
    const onClick = vi.fn();
    await render(
      <form onSubmit={(event) => onSubmit(event.nativeEvent as SubmitEvent)}>
        <input aria-label="Name" />
        <ReasonedButton type="submit" reason="Select a find to take." onClick={onClick}>
          Take/Swap
        </ReasonedButton>
      </form>,
    );
    const take = page.getByRole('button', { name: 'Take/Swap' });
    await expect.element(take).toHaveAttribute('aria-disabled', 'true');
    await expect.element(take).toHaveAccessibleDescription('Select a find to take.');
    await expect.element(page.getByTestId('disabled-reason')).toHaveTextContent('Select a find to take.');
    await page.getByRole('textbox', { name: 'Name' }).click();
    await userEvent.keyboard('{Tab}');
    await expect.element(take).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    await take.click({ force: true });
    expect(onClick).not.toHaveBeenCalled();
    expect(onSubmit).not.toHaveBeenCalled();
  });

  test('without a reason it acts, and describes nothing', async () => {
    const onClick = vi.fn();
    await render(<ReasonedButton reason={null} onClick={onClick}>Take/Swap</ReasonedButton>);
    const take = page.getByRole('button', { name: 'Take/Swap' });
    await expect.element(take).not.toHaveAttribute('aria-disabled');
    await expect.element(take).not.toHaveAttribute('aria-describedby');
    await take.click();
    expect(onClick).toHaveBeenCalledOnce();
  });
});
