/**
 * "Take best", "Keep for research" and the gain of a find (issue 17, issue #24): which finds to keep after a
 * scavenge, and what taking one does to the player's attack and defense. "Take best" follows the power order the
 * game sorts by (compareItems) and the totals the server stores (the sum of the equipped items' displayed attack
 * and defense); "Keep for research" follows the trophy case (docs/design.md section 8.1).
 */
import { INVENTORY_SIZE } from '../constants';
import { compareItems, displayStat, sortItems, type SortableItem } from './power';
import { researchDurationMs, tierPoints } from './rarity';
import { isFullyResearched, researchedMs, type ResearchState } from './research';

/**
 * The best `size` of the equipped items and the finds together, by power: the finds among them to take and the
 * equipped items they push out (to drop). Nothing is dropped that a find does not replace, so with free slots
 * the best finds simply fill them.
 */
export function bestSwap<T extends SortableItem>(equipped: readonly T[], finds: readonly T[], size = INVENTORY_SIZE): { take: T[]; drop: T[] } {
  const kept = new Set(sortItems([...equipped, ...finds]).slice(0, size));
  return { take: finds.filter((find) => kept.has(find)), drop: equipped.filter((item) => !kept.has(item)) };
}

/** The attack and defense an item adds to the totals; a missing stat adds nothing. */
function statsOf(item: SortableItem): { attack: number; defense: number } {
  const attack = displayStat(item.attack, item.quality);
  const defense = displayStat(item.defense, item.quality);
  return { attack: attack === '?' ? 0 : attack, defense: defense === '?' ? 0 : defense };
}

export interface Gain<T> {
  attack: number;
  defense: number;
  /** The equipped item the find would replace (the weakest), or null while a slot is free. */
  replaces: T | null;
}

/**
 * What taking `find` alone does to the totals: with a free slot it adds its stats; with every slot used it
 * replaces the weakest equipped item (the one "Take best" would drop first), so the gain is the difference.
 */
export function gainOf<T extends SortableItem>(find: T, equipped: readonly T[], size = INVENTORY_SIZE): Gain<T> {
  const added = statsOf(find);
  const weakest = equipped.length >= size ? ([...equipped].sort(compareItems).at(-1) ?? null) : null;
  if (!weakest) return { ...added, replaces: null };
  const removed = statsOf(weakest);
  return { attack: added.attack - removed.attack, defense: added.defense - removed.defense, replaces: weakest };
}

/** An item as "Keep for research" weighs it: what it is, and its research (the wire `Item` has all of it). */
export interface ResearchItem extends SortableItem, ResearchState {
  catalogId: string;
}

/** Research started and not finished: equipped time banked or running, short of 100 %. */
export function researchInProgress(item: ResearchItem, now: number): boolean {
  return researchedMs(item, now) > 0 && !isFullyResearched(item.rarity, item, now);
}

/**
 * "Keep for research" (docs/design.md section 8.1): the `size` items to keep among the equipped ones and the
 * finds, chosen for the trophy case rather than for power. An equipped item is never dropped while its
 * research is in progress, or while its catalogue item is not yet in the trophy case (`trophies`: the catalogue
 * ids the case holds). The other places go, best first, to items new to the trophy case (not in it, and not
 * already kept), then to those worth more trophy points (tier points × quality), then by power. With free slots
 * the best finds fill them; nothing is dropped that a find does not replace.
 */
export function keepForResearch<T extends ResearchItem>(
  equipped: readonly T[],
  finds: readonly T[],
  trophies: ReadonlySet<string>,
  now: number,
  size = INVENTORY_SIZE,
): { take: T[]; drop: T[] } {
  const kept = equipped.filter((item) => researchInProgress(item, now) || !trophies.has(item.catalogId));
  const claimed = new Set(kept.map((item) => item.catalogId));
  const pool = [...equipped.filter((item) => !kept.includes(item)), ...finds];
  const isNew = (item: T) => !trophies.has(item.catalogId) && !claimed.has(item.catalogId);
  const better = (a: T, b: T) =>
    Number(isNew(b)) - Number(isNew(a)) || tierPoints(b.rarity) * (b.quality ?? 0) - tierPoints(a.rarity) * (a.quality ?? 0) || compareItems(a, b);
  // One place at a time, since taking an item makes another of the same catalogue item no longer new.
  while (kept.length < size && pool.length > 0) {
    const best = pool.reduce((a, b) => (better(a, b) <= 0 ? a : b));
    pool.splice(pool.indexOf(best), 1);
    kept.push(best);
    claimed.add(best.catalogId);
  }
  return { take: finds.filter((find) => kept.includes(find)), drop: equipped.filter((item) => !kept.includes(item)) };
}

/**
 * The research time a drop throws away: the equipped time the items carry, each counted up to its tier's full
 * research time (time past 100 % taught nothing). The client words it ("2 h 10 m of research lost").
 */
export function researchLostMs(items: readonly ResearchItem[], now: number): number {
  return items.reduce((sum, item) => sum + Math.min(researchedMs(item, now), researchDurationMs(item.rarity)), 0);
}
