/**
 * The loop in one tap (docs/design.md sections 9.2 and 10.3): "Take best" and "Keep for research" each complete the
 * step, taking their finds, dropping what must go and salvaging the rest in one intent (`salvageRest`). Both choose
 * by the one "worth a slot" score of game/rules/best.ts. A step asks first only when at least 10 minutes of research,
 * or a Very Rare or better, would be lost. Pure, so the rule is tested without a screen.
 */
import { ASK_FROM_RESEARCH_MS, CATALOGUE, keepForResearch, researchLostMs, takeBest } from '../../../game/rules';
import type { Item } from '../../../game/wire';
import { isRareFind } from '../../components/rarity';
import { isGreatFind } from './find-notices';

/** Until the collection is read, every catalogue item counts as collected: nothing looks new, so nothing churns. */
const EVERYTHING = new Set(CATALOGUE.map((entry) => entry.id));

/**
 * What each button would do now. `collected` holds the catalogue ids in the trophy case, the duffel bag and open
 * listings (null until read: "Keep for research" waits, "Take best" weighs nothing as new).
 */
export function oneTapPicks(inventory: readonly Item[], loot: readonly Item[], collected: ReadonlySet<string> | null, serverNow: number) {
  return {
    best: takeBest(inventory, loot, collected ?? EVERYTHING, serverNow),
    forResearch: collected ? keepForResearch(inventory, loot, collected, serverNow) : null,
  };
}

/** A step of the loop, as one tap sends it. */
export interface Step {
  /** The finds to take (their slots go in `take`) and the equipped items dropped for them. */
  take: Item[];
  drop: Item[];
  /** The finds not taken: salvaged with the step. */
  rest: Item[];
  /** Gold the drops and the rest salvage for: what the answer's `salvaged.gold` will say. */
  gold: number;
  /** Research time the drops throw away. */
  researchLost: number;
  /** Very Rare or better finds salvaged and items dropped. */
  great: Item[];
  /** Whether the step asks first: 10 minutes of research or a Very Rare or better would be lost. */
  asks: boolean;
}

/** `pick` is what "Take best" or "Keep for research" chose; `serverNow` is the server's clock. */
export function stepOf(pick: { take: readonly Item[]; drop: readonly Item[] }, loot: readonly Item[], serverNow: number): Step {
  const rest = loot.filter((find) => !pick.take.includes(find));
  const researchLost = researchLostMs(pick.drop, serverNow);
  const great = [...pick.drop, ...rest].filter((item) => isGreatFind(item.rarity));
  const gold = [...pick.drop, ...rest].reduce((sum, item) => sum + item.salvage, 0);
  return { take: [...pick.take], drop: [...pick.drop], rest, gold, researchLost, great, asks: researchLost >= ASK_FROM_RESEARCH_MS || great.length > 0 };
}

/**
 * The finds a new scavenge would salvage that are worth "Leave … behind?" (section 10.3): a Very Rare or better, or
 * a find new to the collection that "Keep for research" would keep (`keeps`). While the collection is unread
 * (`keeps` null) any Rare or better asks, the guard of issue #24.
 */
export const findsWorthKeeping = (loot: readonly Item[], keeps: readonly Item[] | null, isNew: (find: Item) => boolean) =>
  loot.filter((find) => isGreatFind(find.rarity) || (keeps === null ? isRareFind(find.rarity) : keeps.includes(find) && isNew(find)));
