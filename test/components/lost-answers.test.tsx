/**
 * An intent whose answer is lost (client/lib/api.ts, docs/decisions/031-idempotency-keys.md): sent again with the
 * same Idempotency-Key, up to 3 times with waits between, the shell saying "Retrying…" meanwhile; a refusal is never
 * sent again; when every try is lost, the popup says what to do. A new tap is a new key. (The Worker's side, with a
 * real Worker behind the lost answer: test/e2e/lost-answers.spec.ts.)
 */
import { useState } from 'react';
import { describe, expect, test } from 'vitest';
import { commands, page } from 'vitest/browser';
import { render } from 'vitest-browser-react';
import { MessageDialog } from '../../client/components/dialog';
import { Button } from '../../client/components/forms';
import { RETRYING, RetryingNotice } from '../../client/components/retrying';
import { api, API, LOST_ANSWER } from '../../client/lib/api';
import { useIntent } from '../../client/lib/use-intent';
import { MSG } from '../../game/messages';
import { aProfile, expectAxeClean } from './fixtures';

/** A screen with one intent, Upgrade, that shows the gold its answer says, with the shell's "Retrying…" line. */
function Upgrade() {
  const intent = useIntent<'upgrade'>();
  const [gold, setGold] = useState<number | null>(null);
  const upgrade = async () => setGold((await api.call(API.upgradeDuffel)).profile.gold);
  return (
    <>
      <RetryingNotice />
      <main>
        <Button onClick={() => void intent.run('upgrade', upgrade)} disabled={intent.busy('upgrade')}>
          Upgrade
        </Button>
        {gold !== null && <p data-testid="gold">{gold} gold</p>}
        {intent.refusal && <MessageDialog message={intent.refusal} onClose={intent.dismiss} />}
      </main>
    </>
  );
}

const PATH = API.upgradeDuffel.path;
const upgrade = page.getByRole('button', { name: 'Upgrade' });
const answered = { profile: aProfile({ gold: 80, duffelBagSize: 1 }), loot: [] };

describe('an intent whose answer is lost', () => {
  test('is sent again with its key, saying "Retrying…", until an answer comes, which the screen shows', async () => {
    await commands.loseAnswers(PATH, ['network', 502], answered);
    await render(<Upgrade />);
    await upgrade.click();
    await expect.element(page.getByTestId('retrying')).toHaveTextContent(RETRYING);
    await expect.element(upgrade).toHaveAttribute('aria-disabled', 'true');
    await expectAxeClean('retrying');
    await expect.element(page.getByTestId('gold')).toHaveTextContent('80 gold');
    await expect.element(page.getByTestId('retrying')).not.toBeInTheDocument();
    const keys = await commands.keysSent(PATH);
    expect(keys).toHaveLength(3);
    expect(new Set(keys).size).toBe(1);
    expect(keys[0]).toMatch(/^[0-9a-f]{32}$/);
  });

  test('is given up after 3 tries more, with a popup that says what to do; the next tap has a new key', async () => {
    await commands.loseAnswers(PATH, ['network', 504, 'network', 503], answered);
    await render(<Upgrade />);
    await upgrade.click();
    const popup = page.getByRole('dialog', { name: LOST_ANSWER });
    await expect.element(popup, { timeout: 15_000 }).toBeVisible();
    await expect.element(page.getByTestId('retrying')).not.toBeInTheDocument();
    const keys = await commands.keysSent(PATH);
    expect(keys).toHaveLength(4);
    expect(new Set(keys).size).toBe(1);
    await popup.getByRole('button', { name: 'Close' }).click();
    await upgrade.click();
    await expect.element(page.getByTestId('gold')).toHaveTextContent('80 gold');
    const next = (await commands.keysSent(PATH))[4];
    expect(next).toMatch(/^[0-9a-f]{32}$/);
    expect(next).not.toBe(keys[0]);
  });
});

describe('a refusal', () => {
  test("is an answer: never sent again, the server's words shown at once", async () => {
    await commands.loseAnswers(PATH, [], { error: { code: 'not_enough_gold', message: MSG.notEnoughGold } }, 400);
    await render(<Upgrade />);
    await upgrade.click();
    await expect.element(page.getByRole('dialog', { name: MSG.notEnoughGold })).toBeVisible();
    expect(await commands.keysSent(PATH)).toHaveLength(1);
    await expect.element(page.getByTestId('retrying')).not.toBeInTheDocument();
  });

  test("from the Worker with a gateway's status (503 with the API's error body) is not sent again either", async () => {
    await commands.loseAnswers(PATH, [], { error: { code: 'push_unavailable', message: MSG.pushUnavailable } }, 503);
    await render(<Upgrade />);
    await upgrade.click();
    await expect.element(page.getByRole('dialog', { name: MSG.pushUnavailable })).toBeVisible();
    expect(await commands.keysSent(PATH)).toHaveLength(1);
  });
});
