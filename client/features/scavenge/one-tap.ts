/**
 * The loop in one tap (docs/design.md section 9.2): "Take best" and "Keep for research" each complete the step,
 * taking their finds, dropping what must go and salvaging the rest in one intent (`salvageRest`). They ask first
 * only when something worth keeping would go: an equipped item with research in progress, a find of Very Rare or
 * better, or a find "Keep for research" would keep. Pure, so the rule is tested without a screen.
 */
import { researchInProgress } from '../../../game/rules';
import type { Item } from '../../../game/wire';
import { isRareFind } from '../../components/rarity';
import { isGreatFind } from './find-notices';

/**
 * A find "Keep for research" would keep (`keeps`); while the trophy case is unread (null), any Rare or better, the
 * guard of issue #24, so a tap before the read never passes a find by unasked.
 */
const kept = (find: Item, keeps: readonly Item[] | null) => (keeps === null ? isRareFind(find.rarity) : keeps.includes(find));

/** A step of the loop, as one tap sends it. */
export interface Step {
  /** The finds to take (their slots go in `take`) and the equipped items dropped for them. */
  take: Item[];
  drop: Item[];
  /** The finds not taken: salvaged with the step. */
  rest: Item[];
  /** Gold the drops and the rest salvage for: what the answer's `salvaged.gold` will say. */
  gold: number;
  /** What makes the step ask first (empty: it goes at once): the drops and the finds worth keeping. */
  worthKeeping: Item[];
}

/**
 * `pick` is what "Take best" or "Keep for research" chose; `keeps` is what "Keep for research" would take (null
 * while the trophy case is unread); `serverNow` is the server's clock.
 */
export function stepOf(pick: { take: readonly Item[]; drop: readonly Item[] }, loot: readonly Item[], keeps: readonly Item[] | null, serverNow: number): Step {
  const rest = loot.filter((find) => !pick.take.includes(find));
  const worthKeeping = [
    ...pick.drop.filter((item) => researchInProgress(item, serverNow)),
    ...rest.filter((find) => isGreatFind(find.rarity) || kept(find, keeps)),
  ];
  const gold = [...pick.drop, ...rest].reduce((sum, item) => sum + item.salvage, 0);
  return { take: [...pick.take], drop: [...pick.drop], rest, gold, worthKeeping };
}

/**
 * The finds a new scavenge would salvage that are worth a question first (issue #24, no silent loss): the same
 * finds a one-tap step asks about.
 */
export const findsWorthKeeping = (loot: readonly Item[], keeps: readonly Item[] | null) =>
  loot.filter((find) => isGreatFind(find.rarity) || kept(find, keeps));
