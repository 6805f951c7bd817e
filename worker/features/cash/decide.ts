/**
 * What cash buys (docs/design.md section 8.2), each a one-player intent: ten parallel presses decide on one
 * write token, one commits, and the rest are decided again on the state it left (worker/core/commit.ts), so
 * a Second Wind is bought once a day however many tabs press it. The day is the commit's.
 */
import { ERRORS } from '../../../game/api';
import { MAX_ENERGY } from '../../../game/constants';
import { fieldKitPrice, FIELD_KITS_PER_DAY, SECOND_WIND_CASH, showcaseCost } from '../../../game/rules/cash';
import { currentEnergy } from '../../../game/rules/energy';
import { utcDay } from '../../../game/rules/fight';
import { researchDurationMs } from '../../../game/rules/rarity';
import { researchedMs, researchLeftMs } from '../../../game/rules/research';
import type { FieldKit, Showcase } from '../../../game/schemas';
import { noChanges, type Changes } from '../../core/changes';
import { describe, ownItems } from '../../core/decisions';
import { refuse } from '../../core/errors';
import { catalogueEntry, type GameState } from '../../core/state';

function pay(state: GameState, price: number): number {
  if (state.player.cash < price) throw refuse(ERRORS.notEnoughCash);
  return state.player.cash - price;
}

export function secondWind(state: GameState, now: number): Changes {
  const { player } = state;
  if (currentEnergy(player.energy, player.energyAt, now).energy >= MAX_ENERGY) throw refuse(ERRORS.energyAlreadyFull);
  const today = utcDay(now);
  if (player.secondWindDay === today) throw refuse(ERRORS.secondWindUsed);
  return {
    ...noChanges(),
    player: { cash: pay(state, SECOND_WIND_CASH), energy: MAX_ENERGY, energyAt: now, secondWindDay: today },
    log: { kind: 'cash', text: `Second Wind: energy back to ${MAX_ENERGY} for ${SECOND_WIND_CASH} cash.` },
  };
}

export function fieldKit(state: GameState, { itemId }: FieldKit, now: number): Changes {
  const [row] = ownItems(state, [itemId], ['inventory']);
  if (!row) throw refuse(ERRORS.itemNotFound);
  const { rarity } = catalogueEntry(row.catalogId);
  const left = researchLeftMs(rarity, row, now);
  if (left === 0) throw refuse(ERRORS.alreadyResearched);
  const today = utcDay(now);
  const used = state.player.fieldKitDay === today ? state.player.fieldKitsUsed : 0;
  if (used >= FIELD_KITS_PER_DAY) throw refuse(ERRORS.fieldKitsUsed);
  const price = fieldKitPrice(left);
  return {
    ...noChanges(),
    player: { cash: pay(state, price), fieldKitDay: today, fieldKitsUsed: used + 1 },
    // Banks the research time still needed, so it reaches the whole duration. `left` is equipped time, already
    // divided by the set bonus (docs/design.md section 9.6): it prices the kit but would fall short here.
    putItems: [{ ...row, researchMs: row.researchMs + researchDurationMs(rarity) - researchedMs(row, now) }],
    log: { kind: 'cash', text: `Field Kit: finished researching ${describe(row.catalogId, row.quality)} for ${price} cash.` },
  };
}

/**
 * The Showcase: pins up to three of the player's trophies to their public card, in the order given, buying the
 * slots they do not have yet at SHOWCASE_SLOT_CASH each. Slots stay bought; pinning fewer later costs nothing.
 */
export function showcase(state: GameState, { itemIds }: Showcase): Changes {
  const ids = [...new Set(itemIds)];
  const rows = state.items.filter((row) => row.location === 'trophy' && ids.includes(row.id));
  if (rows.length !== ids.length) throw refuse(ERRORS.showcaseNotTrophy);
  const price = showcaseCost(state.player.showcaseSlots, ids.length);
  const slots = Math.max(state.player.showcaseSlots, ids.length);
  const bought = slots - state.player.showcaseSlots;
  const pinned = ids.map((id) => rows.find((row) => row.id === id)!);
  return {
    ...noChanges(),
    player: { cash: pay(state, price), showcaseSlots: slots, showcase: JSON.stringify(ids) },
    log: {
      kind: 'cash',
      text: `${pinned.length ? `Showcase: pinned ${pinned.map((row) => describe(row.catalogId, row.quality)).join(', ')}` : 'Showcase: took every trophy down'}${bought ? `; bought ${bought} ${bought === 1 ? 'slot' : 'slots'} for ${price} cash` : ''}.`,
    },
  };
}
