/**
 * The public "How it works" page (issue 14): its figures are the server's own constants. Every expectation
 * here is computed from game/, so a figure typed into the page by hand fails as soon as the rule moves.
 */
import {
  DUFFEL_SLOT_PRICE,
  ENERGY_CYCLE_SECONDS,
  MAX_ENERGY,
  PROFILE_SWAP_COST,
  SCAVENGE_COST,
} from '../../game/constants';
import {
  catalogueById,
  displayStat,
  DROP_WEIGHTS,
  ASK_FROM_RESEARCH_MS,
  DROPPABLE,
  DUPLICATE_LESSON_DIVISOR,
  ELO_K,
  FIGHT_ENERGY_COST,
  DAILY_FIGHT_LOSS_PERCENT,
  FIGHT_PURSE_CAP,
  NEWCOMER_FIGHT_LOSS_CAP,
  sparringPays,
  FIGHT_RECOVERY_MS,
  NEW_PLAYER_PROTECTION_MS,
  RARITY_NAMES,
  RECIPES,
  researchDurationMs,
  STARTING_RATING,
  SUGGESTED_LEVEL_SPREAD,
  tierPoints,
  XP,
  xpForLevel,
} from '../../game/rules';
import { expect, test } from './fixtures';

/** "1 d 18 h 40 min" → 2560: the page's durations read back as minutes. */
function minutesOf(text: string): number {
  const unit = { d: 1440, h: 60, min: 1 } as const;
  return [...text.matchAll(/(\d+) (d|h|min)\b/g)].reduce((sum, [, amount, name]) => sum + Number(amount) * unit[name as keyof typeof unit], 0);
}

test('How it works is public, and its figures are the rules the server plays by', async ({ page }) => {
  await page.goto('/how-it-works');
  await expect(page.getByRole('heading', { name: 'How it works', level: 1 })).toBeVisible();

  await expect(page.getByTestId('max-energy')).toHaveText(String(MAX_ENERGY));
  await expect(page.getByTestId('energy-cycle')).toHaveText(`${ENERGY_CYCLE_SECONDS} seconds`);
  expect(minutesOf((await page.getByTestId('energy-refill').textContent())!)).toBe((MAX_ENERGY * ENERGY_CYCLE_SECONDS) / 60);
  await expect(page.getByTestId('cost-scavenge').getByRole('cell')).toHaveText(String(SCAVENGE_COST));
  await expect(page.getByTestId('cost-swap').getByRole('cell')).toHaveText(String(PROFILE_SWAP_COST));
  await expect(page.getByTestId('cost-fight').getByRole('cell')).toHaveText(String(FIGHT_ENERGY_COST));

  for (const rarity of DROPPABLE) {
    const row = page.getByTestId(`research-${rarity}`);
    await expect(row.getByRole('rowheader')).toHaveText(RARITY_NAMES[rarity]);
    expect(minutesOf((await row.getByRole('cell').textContent())!), rarity).toBe(researchDurationMs(rarity) / 60_000);
    await expect(page.getByTestId(`rarity-${rarity}`).getByRole('cell')).toHaveText([`${DROP_WEIGHTS[rarity] / 1000}%`, `${tierPoints(rarity)} pt`]);
  }
  await expect(page.getByTestId('quality-step')).toHaveText(`${Number(displayStat(100, 2)) - 100}%`);
  // The one-tap rules and the scavenge screen's keys (docs/design.md section 10.3).
  expect(minutesOf((await page.getByTestId('ask-research').textContent())!)).toBe(ASK_FROM_RESEARCH_MS / 60_000);
  await expect(page.getByTestId('duplicate-lesson')).toHaveText(`1/${DUPLICATE_LESSON_DIVISOR}`);
  await expect(page.getByTestId('scavenge-keys').getByRole('listitem')).toHaveText(['S scavenges,', 'B takes best,', 'R keeps for research.']);
  await expect(page.getByTestId('duffel-slot-1')).toHaveText(`${DUFFEL_SLOT_PRICE} gold`);

  await expect(page.getByTestId('fight-cost')).toHaveText(`${FIGHT_ENERGY_COST} energy`);
  await expect(page.getByTestId('fight-purse-cap')).toHaveText(`${FIGHT_PURSE_CAP} gold`);
  await expect(page.getByTestId('daily-fight-loss')).toHaveText(`${DAILY_FIGHT_LOSS_PERCENT}%`);
  await expect(page.getByTestId('newcomer-fight-loss')).toHaveText(`${NEWCOMER_FIGHT_LOSS_CAP} gold`);
  await expect(page.getByTestId('sparring-pays')).toHaveText(`${sparringPays(1).xp} XP and ${sparringPays(1).gold} gold`);
  await expect(page.getByTestId('starting-rating')).toHaveText(String(STARTING_RATING));
  await expect(page.getByTestId('elo-k')).toHaveText(String(ELO_K));
  await expect(page.getByTestId('new-player-protection')).toHaveText(`${NEW_PLAYER_PROTECTION_MS / 3_600_000} hours`);
  await expect(page.getByTestId('suggested-level-spread')).toHaveText(`${SUGGESTED_LEVEL_SPREAD} levels`);
  expect(minutesOf((await page.getByTestId('fight-recovery').textContent())!)).toBe(FIGHT_RECOVERY_MS / 60_000);

  const levels = page.getByRole('region', { name: 'Levels' });
  await expect(levels.getByRole('row', { name: 'A craft' }).getByRole('cell')).toHaveText(`${XP.craft} XP`);
  await expect(levels.getByRole('row', { name: 'A fight won' }).getByRole('cell')).toHaveText(`${XP.fightWon} XP`);
  await expect(levels.getByTestId('level-10').getByRole('cell')).toHaveText(`${xpForLevel(10)} XP`);

  // Every recipe, with its gold and every part.
  for (const recipe of RECIPES) {
    const card = page.getByTestId(`recipe-${recipe.id}`);
    await expect(card.getByRole('heading')).toHaveText(catalogueById(recipe.resultId)!.name);
    await expect(card).toContainText(`${recipe.gold} gold`);
    const parts = card.getByRole('listitem');
    await expect(parts).toHaveCount(recipe.inputs.length);
    for (const [index, input] of recipe.inputs.entries()) {
      await expect(parts.nth(index)).toContainText(input.kind === 'item' ? catalogueById(input.catalogId)!.name : `any ${input.count} ${RARITY_NAMES[input.rarity]} item`);
    }
  }

  await page.getByRole('link', { name: 'See the full odds' }).click();
  await expect(page.getByRole('heading', { name: 'Odds', exact: true })).toBeVisible();
});
