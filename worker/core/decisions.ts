/** Checks and words that the features' decisions share: owned items, energy, salvage, how an item is named in the log. */
import { MSG } from '../../game/messages';
import { RARITY_NAMES, salvageGold, spendEnergy } from '../../game/rules';
import type { SalvageResult } from '../../game/wire';
import type { Changes, IntentEvent } from './changes';
import { ApiError, badRequest } from './errors';
import { catalogueEntry, toIntentResult, type GameState, type ItemRow } from './state';

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
    if (!row) throw new ApiError(404, 'item_not_found', MSG.itemNotFound);
    return row;
  });
}

export const countAt = (state: GameState, location: ItemRow['location']) => state.items.filter((item) => item.location === location).length;

/** The energy after spending `cost` now, or the refusal. */
export function spend(state: GameState, now: number, cost: number) {
  const spent = spendEnergy(state.player.energy, state.player.energyAt, now, cost);
  if (!spent) throw badRequest(MSG.notEnoughEnergy, 'not_enough_energy');
  return spent;
}

/** What some items or finds salvage for together (docs/design.md section 9.1). */
export interface Salvage {
  count: number;
  gold: number;
}

export function salvageOf(rows: readonly Pick<ItemRow, 'catalogId' | 'quality'>[]): Salvage {
  const gold = rows.reduce((sum, row) => sum + salvageGold({ catalogId: row.catalogId, rarity: catalogueEntry(row.catalogId).rarity, quality: row.quality }), 0);
  return { count: rows.length, gold };
}

const counted = (count: number, noun: string) => `${count} ${noun}${count === 1 ? '' : 's'}`;

/**
 * What an intent salvaged, for its one log line and its answer: nothing when nothing was. `parts` are the kinds
 * salvaged ("items", "finds"), each with what it brought; the line names each kind's count and the gold in all.
 */
export function salvaged(parts: readonly (Salvage & { noun: 'item' | 'find' })[]): { gold: number; text: string; events: IntentEvent[] } {
  const some = parts.filter((part) => part.count > 0);
  const count = some.reduce((sum, part) => sum + part.count, 0);
  const gold = some.reduce((sum, part) => sum + part.gold, 0);
  if (count === 0) return { gold: 0, text: '', events: [] };
  return {
    gold,
    text: `salvaged ${some.map((part) => counted(part.count, part.noun)).join(' and ')} for ${gold.toLocaleString('en-US')} gold`,
    events: [{ kind: 'salvaged', count, gold }],
  };
}

/** An intent that may salvage (docs/design.md section 9.1) answers what it salvaged, `{count: 0, gold: 0}` if nothing. */
export function toSalvageResult(outcome: { after: GameState; changes: Changes; ranking: number; now: number }): SalvageResult {
  const events = (outcome.changes.events ?? []).flatMap((event) => (event.kind === 'salvaged' ? [event] : []));
  const salvaged = { count: events.reduce((sum, event) => sum + event.count, 0), gold: events.reduce((sum, event) => sum + event.gold, 0) };
  return { ...toIntentResult(outcome), salvaged };
}
