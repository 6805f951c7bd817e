/**
 * "Researched by you" before a trophy (docs/design.md section 9.4): the item details say, above 'Add to Trophy Case',
 * when an item adds to the collection and not the score, naming who researched it; nothing for the player's own
 * research or an item still researching; and the fight power before and after (section 9.6). The details as the
 * profile screen composes them.
 */
import { describe, expect, test } from 'vitest';
import { commands, page } from 'vitest/browser';
import { render } from 'vitest-browser-react';
import { MemoryRouter } from 'react-router';
import { ItemDetailsDialog } from '../../client/components/item-dialogs';
import { FightPowerChange, ScoreNote, TrophyButton } from '../../client/features/profile/item-actions';
import { MSG } from '../../game/messages';
import type { Item, Profile } from '../../game/wire';
import { anItem, aProfile, expectAxeClean } from './fixtures';

const { username } = aProfile();

async function details(item: Item, profile: Profile = aProfile()) {
  const screen = await render(
    <MemoryRouter>
      <ItemDetailsDialog
        item={item}
        clockOffset={0}
        onClose={() => {}}
        actions={
          <>
            <ScoreNote item={item} username={username} />
            <FightPowerChange item={item} profile={profile} />
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

describe('the fight power before and after', () => {
  // A Plasma Cutter of quality 5 is ATK 68 DEF 9; equipped, it is in the header's 100/60. The case's own trophies
  // sum to 40/20, a tenth of which the fight adds.
  const cutter = (researchedBy: string | null) => anItem('plasma-cutter', { id: 'cutter', research: 100, researchedBy });
  const profileWith = (item: Item) => aProfile({ totalAttack: 100, totalDefense: 60, trophyStats: { attack: 40, defense: 20 }, inventory: [item] });

  test('an own equipped item leaves the slots and adds a tenth back', async () => {
    const item = cutter(username);
    await details(item, profileWith(item));
    await expect.element(page.getByTestId('fight-power-change')).toHaveTextContent('As a trophy, your fight power goes from ATK 104 DEF 62 to ATK 42 DEF 53.');
    await expectAxeClean('the fight power in the details');
  });

  test('a bought item leaves the slots and adds nothing', async () => {
    const item = cutter('scrapqueen');
    await details(item, profileWith(item));
    await expect.element(page.getByTestId('fight-power-change')).toHaveTextContent('As a trophy, your fight power goes from ATK 104 DEF 62 to ATK 36 DEF 53.');
  });

  test('none for an item still researching', async () => {
    await details(anItem('machete'));
    await expect.element(page.getByTestId('fight-power-change')).not.toBeInTheDocument();
  });
});
