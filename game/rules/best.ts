/**
 * "Take best" and the gain of a find (issue 17): which finds to keep after a scavenge, and what taking one does to
 * the player's attack and defense. Both follow the power order the game sorts by (compareItems), and the
 * totals the server stores (the sum of the equipped items' displayed attack and defense).
 */
import { INVENTORY_SIZE } from '../constants';
import { compareItems, displayStat, sortItems, type SortableItem } from './power';

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
