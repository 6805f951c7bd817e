/**
 * Salvage (docs/design.md section 9.1): finds and items broken down for gold, by the scavenge (finds left behind,
 * items dropped for room) and the profile (items deleted). What those intents share: what rows salvage for, the
 * one log line and event, and the answer that says what was salvaged.
 */
import { salvageGold } from '../../../game/rules';
import type { SalvageResult } from '../../../game/wire';
import type { Changes, IntentEvent } from '../../core/changes';
import { catalogueEntry, toIntentResult, type GameState, type ItemRow } from '../../core/state';

declare module '../../core/changes' {
  interface IntentEvents {
    /** Finds and items broken down for gold (game/rules salvageGold): how many, and the gold they paid together. */
    salvaged: { count: number; gold: number };
  }
}

/** What some items or finds salvage for together. */
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

/** An intent that may salvage answers what it salvaged, `{count: 0, gold: 0}` if nothing. */
export function toSalvageResult(outcome: { after: GameState; changes: Changes; ranking: number; now: number }): SalvageResult {
  const events = (outcome.changes.events ?? []).flatMap((event) => (event.kind === 'salvaged' ? [event] : []));
  const salvaged = { count: events.reduce((sum, event) => sum + event.count, 0), gold: events.reduce((sum, event) => sum + event.gold, 0) };
  return { ...toIntentResult(outcome), salvaged };
}
