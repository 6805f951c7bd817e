/** Checks and words that the features' decisions share: owned items, energy, how an item is named in the log. */
import { ERRORS } from '../../game/api';
import { RARITY_NAMES, spendEnergy } from '../../game/rules';
import { refuse } from './errors';
import { catalogueEntry, type GameState, type ItemRow } from './state';

export const unique = <T>(values: readonly T[]) => [...new Set(values)];

/** An item as the activity log names it: "Lead Pipe (Common, quality 3)". */
export const describe = (catalogId: string, quality: number) => {
  const entry = catalogueEntry(catalogId);
  return `${entry.name} (${RARITY_NAMES[entry.rarity]}, quality ${quality})`;
};

export const describeAll = (rows: readonly Pick<ItemRow, 'catalogId' | 'quality'>[]) => rows.map((row) => describe(row.catalogId, row.quality)).join(', ');

/** The player's items with these ids at one of these locations, or 404 if any is missing. */
export function ownItems(state: GameState, ids: readonly string[], locations: readonly ItemRow['location'][]): ItemRow[] {
  return ids.map((id) => {
    const row = state.items.find((item) => item.id === id && locations.includes(item.location));
    if (!row) throw refuse(ERRORS.itemNotFound);
    return row;
  });
}

export const countAt = (state: GameState, location: ItemRow['location']) => state.items.filter((item) => item.location === location).length;

/** The energy after spending `cost` now, or the refusal. */
export function spend(state: GameState, now: number, cost: number) {
  const spent = spendEnergy(state.player.energy, state.player.energyAt, now, cost);
  if (!spent) throw refuse(ERRORS.notEnoughEnergy);
  return spent;
}
