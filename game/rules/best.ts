/**
 * "Take best", "Keep for research" and the gain of a find (issue 17, issue #24): which finds to keep after a
 * scavenge, and what taking one does to the player's attack and defense. "Take best" follows the power order the
 * game sorts by (compareItems) and the totals the server stores (the sum of the equipped items' displayed attack
 * and defense); "Keep for research" follows the trophy case (docs/design.md section 8.1).
 */
import { INVENTORY_SIZE } from '../constants';
import { compareItems, displayStat, itemPower, type SortableItem } from './power';
import { rarityRank, researchDurationMs, tierPoints } from './rarity';
import { isFullyResearched, researchedMs, researchPercent, type ResearchState } from './research';

/**
 * The best `size` of the equipped items and the finds together, by power: the finds among them to take and the
 * equipped items they push out (to drop). Nothing is dropped that a find does not replace, so with free slots
 * the best finds simply fill them.
 */
export function bestSwap<T extends SortableItem>(equipped: readonly T[], finds: readonly T[], size = INVENTORY_SIZE): { take: T[]; drop: T[] } {
  // At equal power what is equipped stays (issue #51: a 1 % item swapped for an equal find threw research away).
  const power = (item: T) => itemPower(item.attack, item.defense, item.quality);
  const order = (a: T, b: T) => power(b) - power(a) || Number(finds.includes(a)) - Number(finds.includes(b)) || compareItems(a, b);
  const kept = new Set([...equipped, ...finds].sort(order).slice(0, Math.max(0, size)));
  return { take: finds.filter((find) => kept.has(find)), drop: equipped.filter((item) => !kept.has(item)) };
}

/**
 * A scavenge's best find, the one the log, the screen's status line and its announcer all name (issue #51): the
 * rarest, then the most trophy value (quality), then the strongest, then the first in slot order.
 */
export function bestFind<T extends SortableItem>(finds: readonly T[]): T | undefined {
  const power = (item: T) => itemPower(item.attack, item.defense, item.quality);
  const beats = (a: T, b: T) => rarityRank(a.rarity) - rarityRank(b.rarity) || (a.quality ?? 0) - (b.quality ?? 0) || power(a) - power(b);
  return finds.reduce<T | undefined>((best, find) => (!best || beats(find, best) > 0 ? find : best), undefined);
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
 * What an item is worth in a research slot (docs/design.md section 10.3), the one score both one-tap buttons use:
 * whether it brings the collection a catalogue item it lacks (`fresh`), its trophy value (tier points × quality),
 * the research time it still needs (`left`, a find's whole tier) and the research time it has (`done`).
 */
export interface SlotWorth {
  fresh: boolean;
  value: number;
  left: number;
  done: number;
}

export function slotWorth(item: ResearchItem, fresh: boolean, now: number): SlotWorth {
  const done = Math.min(researchedMs(item, now), researchDurationMs(item.rarity));
  return { fresh, value: tierPoints(item.rarity) * (item.quality ?? 0), left: researchDurationMs(item.rarity) - done, done };
}

/**
 * Whether a find outscores an equipped item for its slot. A finished item never (it belongs in the trophy case);
 * a find new to the collection beats an item that is not; otherwise the find needs more trophy value, and, unless
 * both are new, less research left, so no research is thrown away for a find that would take longer to pay less.
 */
export function outscores(find: SlotWorth, item: SlotWorth): boolean {
  if (item.left === 0) return false;
  if (find.fresh !== item.fresh) return find.fresh;
  return find.value > item.value && item.left > find.left;
}

/** Freshness as the rules see it: a catalogue item is new while neither `collected` nor `held` has it. */
const isFresh = (catalogId: string, collected: ReadonlySet<string>, held: readonly ResearchItem[]) =>
  !collected.has(catalogId) && !held.some((other) => other.catalogId === catalogId);

/**
 * "Keep for research" (docs/design.md section 10.3): the finds worth a slot for the trophy case and the equipped
 * items they replace. `collected` holds the catalogue ids in the trophy case, the duffel bag and open listings
 * (the equipped items are counted from `equipped`). A free slot takes the best find; with every slot used, the best
 * find that outscores some equipped item takes the slot whose loss costs least (the least research done, then the
 * least trophy value). Finds are taken best first (new, then trophy value, then power), and an item taken in this
 * step is never the one replaced, so the step does not churn. It takes something exactly when some find is worth
 * a slot.
 */
export function keepForResearch<T extends ResearchItem>(
  equipped: readonly T[],
  finds: readonly T[],
  collected: ReadonlySet<string>,
  now: number,
  size = INVENTORY_SIZE,
): { take: T[]; drop: T[] } {
  const take: T[] = [];
  const drop: T[] = [];
  const kept = () => [...equipped.filter((item) => !drop.includes(item)), ...take];
  const worth = (item: T) => slotWorth(item, isFresh(item.catalogId, collected, kept().filter((other) => other !== item)), now);
  const order = (a: T, b: T) => Number(worth(b).fresh) - Number(worth(a).fresh) || worth(b).value - worth(a).value || compareItems(a, b);
  for (;;) {
    const pool = finds.filter((find) => !take.includes(find)).sort(order);
    const free = kept().length < size;
    const victims = (find: T) => equipped.filter((item) => !drop.includes(item) && outscores(worth(find), worth(item)));
    const find = free ? pool[0] : pool.find((candidate) => victims(candidate).length > 0);
    if (!find) return { take, drop };
    if (!free) {
      const costs = (a: T, b: T) => worth(a).done - worth(b).done || worth(a).value - worth(b).value || compareItems(b, a);
      drop.push(victims(find).sort(costs)[0]!);
    }
    take.push(find);
  }
}

/** Research time whose loss a one-tap step asks about first (section 10.3), as it does for a Very Rare or better. */
export const ASK_FROM_RESEARCH_MS = 10 * 60_000;

/** Research half done or more: "Take best" keeps it unless a find it takes outscores it (section 10.3). */
const HALF = 50;

/**
 * "Take best" (docs/design.md section 10.3): the strongest `size` by power (bestSwap), except that an equipped item
 * whose research is half done or more stays unless a find taken outscores it, and a find of equal power never
 * pushes out what is equipped.
 */
export function takeBest<T extends ResearchItem>(
  equipped: readonly T[],
  finds: readonly T[],
  collected: ReadonlySet<string>,
  now: number,
  size = INVENTORY_SIZE,
): { take: T[]; drop: T[] } {
  const stays: T[] = [];
  for (;;) {
    const swap = bestSwap(
      equipped.filter((item) => !stays.includes(item)),
      finds,
      size - stays.length,
    );
    const after = [...equipped.filter((item) => !swap.drop.includes(item)), ...swap.take];
    const findWorth = (find: T) => slotWorth(find, isFresh(find.catalogId, collected, after.filter((other) => other !== find)), now);
    const itemWorth = (item: T) => slotWorth(item, isFresh(item.catalogId, collected, equipped.filter((other) => other !== item)), now);
    const unfair = swap.drop.filter((item) => researchPercent(item.rarity, item, now) >= HALF && !swap.take.some((find) => outscores(findWorth(find), itemWorth(item))));
    if (unfair.length === 0) return swap;
    stays.push(...unfair);
  }
}

/**
 * The research time a drop throws away: the equipped time the items carry, each counted up to its tier's full
 * research time (time past 100 % taught nothing). The client words it ("2 h 10 m of research lost").
 */
export function researchLostMs(items: readonly ResearchItem[], now: number): number {
  return items.reduce((sum, item) => sum + Math.min(researchedMs(item, now), researchDurationMs(item.rarity)), 0);
}
