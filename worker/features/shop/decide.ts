/**
 * The gold shop (docs/design.md section 9.3): an energy refill for gold, the first of a UTC day at
 * REFILL_FIRST_GOLD and each next one that day twice the one before. A one-player intent: ten parallel presses
 * decide on one write token, one commits, and the rest are decided again on the state it left
 * (worker/core/commit.ts), where the energy is full. The day is the commit's; the count is stored with it on the
 * player (`refillDay`, `refillsBought`), as Second Wind stores its day.
 */
import { ERRORS } from '../../../game/api';
import { MAX_ENERGY } from '../../../game/constants';
import { currentEnergy } from '../../../game/rules/energy';
import { utcDay } from '../../../game/rules/fight';
import { refillPrice } from '../../../game/rules/shop';
import type { Shop } from '../../../game/wire';
import { noChanges, type Changes } from '../../core/changes';
import { refuse } from '../../core/errors';
import type { GameState } from '../../core/state';

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
