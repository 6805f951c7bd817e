/**
 * The gold shop (docs/design.md section 9.3): an energy refill for gold, the first of a UTC day at
 * REFILL_FIRST_GOLD and each next one that day twice the one before, and the research bench. Each a one-player
 * intent: ten parallel presses
 * decide on one write token, one commits, and the rest are decided again on the state it left
 * (worker/core/commit.ts), where the energy is full. The day is the commit's; the count is stored with it on the
 * player (`refillDay`, `refillsBought`), as Second Wind stores its day.
 */
import { ERRORS } from '../../../game/api';
import { MAX_ENERGY } from '../../../game/constants';
import { currentEnergy } from '../../../game/rules/energy';
import { utcDay } from '../../../game/rules/fight';
import { researchLeftMs } from '../../../game/rules/research';
import { BENCH_GOLD, refillPrice } from '../../../game/rules/shop';
import type { Bench } from '../../../game/schemas';
import type { Shop } from '../../../game/wire';
import { noChanges, type Changes } from '../../core/changes';
import { countAt, describe, ownItems } from '../../core/decisions';
import { refuse } from '../../core/errors';
import { catalogueEntry, type GameState } from '../../core/state';

type RefillColumns = Pick<GameState['player'], 'refillDay' | 'refillsBought'>;

/** Refills bought on the UTC day `now` falls in: yesterday's count is no longer today's. */
export const boughtToday = (player: RefillColumns, now: number) => (player.refillDay === utcDay(now) ? player.refillsBought : 0);

/** What GET /api/shop answers. */
export function shopView(player: RefillColumns, now: number): Shop {
  const bought = boughtToday(player, now);
  return { refill: { price: refillPrice(bought), boughtToday: bought } };
}

/** Energy to the maximum for gold. Refusals in the design's order: energy already full, then not enough gold. */
export function refill(state: GameState, now: number): Changes {
  const { player } = state;
  if (currentEnergy(player.energy, player.energyAt, now).energy >= MAX_ENERGY) throw refuse(ERRORS.energyAlreadyFull);
  const bought = boughtToday(player, now);
  const price = refillPrice(bought);
  if (player.gold < price) throw refuse(ERRORS.notEnoughGold);
  return {
    ...noChanges(),
    player: { gold: player.gold - price, energy: MAX_ENERGY, energyAt: now, refillDay: utcDay(now), refillsBought: bought + 1 },
    log: { kind: 'cash', text: `Energy refill: energy back to ${MAX_ENERGY} for ${price} gold.` },
  };
}

/**
 * The research bench (docs/design.md section 9.3): an inventory item still under research moves to the duffel bag
 * with its clock running (its `equippedAt` and set speed kept), so it goes on researching while its slot takes a
 * new find. The bench holds one item at a time: a duffel item whose clock runs and whose research is not done.
 * Refusals in this order: not the player's inventory item (404), already researched, the bench busy, no room in
 * the duffel bag, not enough gold.
 */
export function bench(state: GameState, { itemId }: Bench, now: number): Changes {
  const [row] = ownItems(state, [itemId], ['inventory']);
  if (!row) throw refuse(ERRORS.itemNotFound);
  if (researchLeftMs(catalogueEntry(row.catalogId).rarity, row, now) === 0) throw refuse(ERRORS.alreadyResearched);
  const onBench = state.items.some((item) => item.location === 'duffel' && item.equippedAt !== null && researchLeftMs(catalogueEntry(item.catalogId).rarity, item, now) > 0);
  if (onBench) throw refuse(ERRORS.benchBusy);
  if (countAt(state, 'duffel') >= state.player.duffelBagSize) throw refuse(ERRORS.benchNeedsRoom);
  if (state.player.gold < BENCH_GOLD) throw refuse(ERRORS.notEnoughGold);
  return {
    ...noChanges(),
    player: { gold: state.player.gold - BENCH_GOLD },
    putItems: [{ ...row, location: 'duffel' }],
    log: { kind: 'cash', text: `Research bench: ${describe(row.catalogId, row.quality)} researches on in the duffel bag, for ${BENCH_GOLD} gold.` },
  };
}
