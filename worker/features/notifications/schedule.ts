/**
 * The times a player's timed pushes are due, read off their game state: when energy is full, and when each
 * equipped item's research finishes. Every committed intent compares them before and after (./index.ts) and
 * tells the player's Notifier only when they moved, after the answer has left.
 */
import { currentEnergy, energyFullAt } from '../../../game/rules/energy';
import { researchLeftMs, researchRecord } from '../../../game/rules/research';
import { catalogueEntry, type GameState, type ItemRow } from '../../core/state';

export interface Schedule {
  /** When energy reaches the maximum; null when it is already full. */
  energyFullAt: number | null;
  /** Equipped items still researching: when each finishes, and its name for the push. */
  research: { at: number; name: string }[];
}

/** When each equipped item's research finishes (or finished), with its name: the schedule's and the badge's. */
export function researchEnds(items: readonly ItemRow[], now: number): { at: number; name: string }[] {
  return items
    .filter((item) => item.location === 'inventory' && item.equippedAt !== null)
    .map((item) => {
      const entry = catalogueEntry(item.catalogId);
      return { at: researchRecord(entry.rarity, item, now)?.at ?? now + researchLeftMs(entry.rarity, item, now), name: entry.name };
    })
    .sort((a, b) => a.at - b.at);
}

export function scheduleOf({ player, items }: GameState, now: number): Schedule {
  const energy = currentEnergy(player.energy, player.energyAt, now);
  return { energyFullAt: energyFullAt(energy.energy, energy.secondsToNext, now), research: researchEnds(items, now).filter((end) => end.at > now) };
}

export function sameSchedule(a: Schedule, b: Schedule): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

/** The alarm's time: the soonest push due, or null when none is. */
export function nextAlarm(schedule: Schedule): number | null {
  const times = [...(schedule.energyFullAt === null ? [] : [schedule.energyFullAt]), ...schedule.research.map((entry) => entry.at)];
  return times.length === 0 ? null : Math.min(...times);
}
