/**
 * Dialogs (client/components/dialog.tsx; docs/accessibility.md): the focus goes in, Tab stays in, Escape and a
 * click outside close, the focus comes back, and everything behind the top dialog is out of reach.
 */
import { useState, type ReactNode } from 'react';
import { describe, expect, test, vi } from 'vitest';
import { page, userEvent } from 'vitest/browser';
import { render } from 'vitest-browser-react';
import { CloseButton, ConfirmDialog, Dialog, MessageDialog } from '../../client/components/dialog';
import { MSG } from '../../game/messages';

const tab = () => userEvent.keyboard('{Tab}');
const shiftTab = () => userEvent.keyboard('{Shift>}{Tab}{/Shift}');
const escape = () => userEvent.keyboard('{Escape}');
const focused = () => document.activeElement;

/** A screen as the app renders one: inside #root (which an open dialog makes inert), a heading, an opener. */
async function renderScreen(dialog: (close: () => void) => ReactNode, { opener = 'Open' } = {}) {
  function Screen() {
    const [open, setOpen] = useState(false);
    return (
      <main>
        <h1 tabIndex={-1}>Screen</h1>
        <nav aria-label="Main">
          <a href="#elsewhere">Elsewhere</a>
        </nav>
        <button type="button" onClick={() => setOpen(true)}>
          {opener}
        </button>
        {open && dialog(() => setOpen(false))}
      </main>
    );
  }
  const root = document.body.appendChild(Object.assign(document.createElement('div'), { id: 'root' }));
  await render(<Screen />, { container: root });
  return { root, opener: page.getByRole('button', { name: opener }) };
}

function Details({ onClose, children }: { onClose: () => void; children?: ReactNode }) {
  return (
    <Dialog title="Details" onClose={onClose} actions={<CloseButton onClose={onClose} />}>
      {children ?? (
        <>
          <button type="button">One</button>
          <button type="button">Two</button>
        </>
      )}
    </Dialog>
  );
}

describe('a dialog', () => {
  test('takes the focus, keeps Tab and Shift+Tab inside, and Escape closes it and gives the focus back', async () => {
    const { opener } = await renderScreen((close) => <Details onClose={close} />);
    await opener.click();
    const dialog = page.getByRole('dialog', { name: 'Details' });
    await expect.element(dialog).toHaveAttribute('aria-modal', 'true');
    await expect.element(dialog.getByRole('button', { name: 'One' })).toHaveFocus();

    await tab();
    await expect.element(dialog.getByRole('button', { name: 'Two' })).toHaveFocus();
    await tab();
    await expect.element(dialog.getByRole('button', { name: 'Close' })).toHaveFocus();
    await tab();
    await expect.element(dialog.getByRole('button', { name: 'One' })).toHaveFocus();
    await shiftTab();
    await expect.element(dialog.getByRole('button', { name: 'Close' })).toHaveFocus();

    await escape();
    await expect.element(dialog).not.toBeInTheDocument();
    await expect.element(opener).toHaveFocus();
  });

  test('closes on a click outside it, not inside it, and its Close button closes it too', async () => {
    const { opener } = await renderScreen((close) => <Details onClose={close} />);
    await opener.click();
    const dialog = page.getByRole('dialog', { name: 'Details' });
    await dialog.getByRole('button', { name: 'Two' }).click();
    await expect.element(dialog).toBeVisible();
    // The backdrop's top-left corner: on a phone the panel sits at the bottom of the screen.
    await page.getByTestId('dialog-backdrop').click({ position: { x: 5, y: 5 } });
    await expect.element(dialog).not.toBeInTheDocument();
    await expect.element(opener).toHaveFocus();

    await opener.click();
    await dialog.getByRole('button', { name: 'Close' }).click();
    await expect.element(dialog).not.toBeInTheDocument();
    await expect.element(opener).toHaveFocus();
  });

  test("gives the focus to the screen's heading when its opener is gone, never to the page's body", async () => {
    function Screen() {
      const [opener, setOpener] = useState(true);
      const [open, setOpen] = useState(false);
      return (
        <main>
          <h1 tabIndex={-1}>Screen</h1>
          {opener && (
            <button type="button" onClick={() => setOpen(true)}>
              Add to the case
            </button>
          )}
          {open && (
            <Details
              onClose={() => {
                // What the dialog did took its opener away (an item added to the trophy case).
                setOpener(false);
                setOpen(false);
              }}
            />
          )}
        </main>
      );
    }
    await render(<Screen />);
    await page.getByRole('button', { name: 'Add to the case' }).click();
    await escape();
    await expect.element(page.getByRole('dialog')).not.toBeInTheDocument();
    await expect.element(page.getByRole('heading', { name: 'Screen' })).toHaveFocus();
  });

  // Moved from test/e2e/screen-reader.spec.ts ('an open dialog leaves the page behind it, and a dialog above it,
  // out of reach'), where an item's details and the trophy refusal over them were the two dialogs.
  test('leaves the page behind it, and a dialog above it, out of reach', async () => {
    const { root, opener } = await renderScreen((close) => (
      <Details onClose={close}>
        <Refusing />
      </Details>
    ));
    function Refusing() {
      const [refusal, setRefusal] = useState<string | null>(null);
      return (
        <>
          <button type="button" onClick={() => setRefusal(MSG.trophyNeedsResearch)}>
            Add to Trophy Case
          </button>
          {refusal && <MessageDialog message={refusal} onClose={() => setRefusal(null)} />}
        </>
      );
    }
    /** Inert: nothing behind the dialog takes the focus, not even when asked to. */
    const focusBehind = () => {
      root.querySelector<HTMLElement>('nav[aria-label="Main"] a')!.focus();
      return focused()?.closest('nav[aria-label="Main"]') !== null;
    };
    const backdropOf = (dialog: Element) => dialog.closest<HTMLElement>('[data-testid="dialog-backdrop"]')!;

    await opener.click();
    const details = page.getByRole('dialog', { name: 'Details' });
    await expect.element(details).toBeVisible();
    expect(root.inert).toBe(true);
    expect(focusBehind()).toBe(false);

    await details.getByRole('button', { name: 'Add to Trophy Case' }).click();
    const popup = page.getByRole('dialog', { name: MSG.trophyNeedsResearch });
    await expect.element(popup).toBeVisible();
    expect(backdropOf(details.element()).inert).toBe(true);
    await escape();
    await expect.element(popup).not.toBeInTheDocument();
    expect(backdropOf(details.element()).inert).toBe(false);
    // Escape closed the top dialog only.
    await expect.element(details).toBeVisible();
    await escape();
    await expect.element(details).not.toBeInTheDocument();
    expect(root.inert).toBe(false);
    expect(focusBehind()).toBe(true);
  });

  // Moved from test/e2e/keyboard.spec.ts ('the online users dialog keeps the focus when the focused player goes
  // offline'): the chat's Online Users dialog on a phone is this, a live list of name buttons and a Close button.
  test('keeps the focus inside when the row that has it leaves a live list', async () => {
    let setUsers: (users: string[]) => void = () => {};
    function OnlineUsers({ onClose }: { onClose: () => void }) {
      const [users, set] = useState(['ana', 'ben']);
      setUsers = set;
      return (
        <Dialog title="Online Users" onClose={onClose} actions={<CloseButton onClose={onClose} autoFocus className="btn-secondary w-full" />}>
          <ul aria-label="Online users">
            {users.map((name) => (
              <li key={name}>
                <button type="button">{name}</button>
              </li>
            ))}
          </ul>
        </Dialog>
      );
    }
    const { opener } = await renderScreen((close) => <OnlineUsers onClose={close} />, { opener: 'Online Users' });
    await opener.click();
    const dialog = page.getByRole('dialog', { name: 'Online Users' });
    await expect.element(dialog.getByRole('button', { name: 'Close' })).toHaveFocus();
    await shiftTab();
    const ben = dialog.getByRole('button', { name: 'ben' });
    await expect.element(ben).toHaveFocus();
    // The keyboard's focus shows (docs/accessibility.md).
    const ring = getComputedStyle(ben.element());
    expect(ring.outlineStyle).not.toBe('none');
    expect(parseFloat(ring.outlineWidth)).toBeGreaterThanOrEqual(2);

    setUsers(['ana']);
    await expect.element(dialog.getByRole('button', { name: 'ben' })).not.toBeInTheDocument();
    await expect.poll(() => dialog.element().contains(focused())).toBe(true);
    // From the panel, which took the focus back, Shift+Tab and Tab both stay inside.
    await shiftTab();
    expect(dialog.element().contains(focused()) && focused() !== dialog.element()).toBe(true);
    await tab();
    expect(dialog.element().contains(focused())).toBe(true);
  });
});

describe('the popups built on it', () => {
  test("a refusal popup is named by the server's message, says it as an alert, and its Close has the focus", async () => {
    const { opener } = await renderScreen((close) => <MessageDialog message={MSG.notEnoughGold} onClose={close} />);
    await opener.click();
    const popup = page.getByRole('dialog', { name: MSG.notEnoughGold });
    await expect.element(popup.getByRole('alert')).toHaveTextContent(MSG.notEnoughGold);
    await expect.element(popup.getByRole('button', { name: 'Close' })).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    await expect.element(popup).not.toBeInTheDocument();
    await expect.element(opener).toHaveFocus();
  });

  test('a question that destroys starts on Cancel, so a stray Enter destroys nothing; busy, its action waits', async () => {
    const confirmed = vi.fn();
    const { opener, root } = await renderScreen((close) => (
      <ConfirmDialog question={MSG.deleteConfirm} confirmLabel="Yes, Delete" onConfirm={confirmed} onCancel={close}>
        <p>Feather</p>
      </ConfirmDialog>
    ));
    await opener.click();
    const question = page.getByRole('alertdialog', { name: MSG.deleteConfirm });
    await expect.element(question).toMatchTextContent(/Feather/);
    await expect.element(question.getByRole('button', { name: 'Cancel' })).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    await expect.element(question).not.toBeInTheDocument();
    expect(confirmed).not.toHaveBeenCalled();
    await expect.element(opener).toHaveFocus();
    root.remove();

    await render(<ConfirmDialog question={MSG.deleteConfirm} confirmLabel="Yes, Delete" onConfirm={confirmed} onCancel={() => {}} busy />);
    const busy = page.getByRole('alertdialog').getByRole('button', { name: 'Yes, Delete' });
    await expect.element(busy).toHaveAttribute('aria-disabled', 'true');
    await busy.click({ force: true });
    expect(confirmed).not.toHaveBeenCalled();
  });
});
