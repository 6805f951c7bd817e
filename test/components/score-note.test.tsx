/**
 * "Researched by you" before a trophy (docs/design.md section 9.4): the item details say, above 'Add to Trophy Case',
 * when an item adds to the collection and not the score, naming who researched it; nothing for the player's own
 * research or an item still researching. The details as the profile screen composes them.
 */
import { describe, expect, test } from 'vitest';
import { commands, page } from 'vitest/browser';
import { render } from 'vitest-browser-react';
import { MemoryRouter } from 'react-router';
import { ItemDetailsDialog } from '../../client/components/item-dialogs';
import { ScoreNote, TrophyButton } from '../../client/features/profile/item-actions';
import { MSG } from '../../game/messages';
import type { Item } from '../../game/wire';
import { anItem, aProfile, expectAxeClean } from './fixtures';

const { username } = aProfile();

async function details(item: Item) {
  const screen = await render(
    <MemoryRouter>
      <ItemDetailsDialog
        item={item}
        clockOffset={0}
        onClose={() => {}}
        actions={
          <>
            <ScoreNote item={item} username={username} />
            <TrophyButton item={item} clockOffset={0} onAdd={() => {}} onBlocked={() => {}} disabled={false} />
          </>
        }
      />
    </MemoryRouter>,
  );
  await expect.element(page.getByRole('button', { name: 'Add to Trophy Case' })).toBeInTheDocument();
  return screen;
}

describe('the trophy note in the item details', () => {
  test('names who researched a bought item, in both themes', async () => {
    for (const scheme of ['light', 'dark'] as const) {
      await commands.colorScheme(scheme);
      const screen = await details(anItem('compound-bow', { research: 100, researchedBy: 'scrapqueen' }));
      await expect.element(page.getByTestId('score-note')).toHaveTextContent(`${MSG.researchedBy('scrapqueen')}.`);
      await expectAxeClean(`the details of a bought item, ${scheme}`);
      await screen.unmount();
    }
  });

  test("says a craft from others' parts scores for nobody", async () => {
    await details(anItem('citadel-walker', { research: 100, researchedBy: null }));
    await expect.element(page.getByTestId('score-note')).toHaveTextContent(`${MSG.researchedByNobody}.`);
  });

  test("says nothing for the player's own research or an item still researching", async () => {
    for (const item of [anItem('radio-transceiver', { research: 100 }), anItem('machete')]) {
      const screen = await details(item);
      await expect.element(page.getByTestId('score-note')).not.toBeInTheDocument();
      await screen.unmount();
    }
  });
});
