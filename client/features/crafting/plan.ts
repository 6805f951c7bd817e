/**
 * Which of the player's items a recipe would take (docs/design.md section 7.3). The server only checks that the
 * parts it is sent match; choosing them is the client's job, and it must be predictable, because the parts are
 * destroyed: named inputs first (as the server matches them), then for each "any N of a tier" the lowest
 * quality first and, at equal quality, the duffel bag before the inventory, so the player's best and equipped
 * items are the last to go.
 */
import { craftedQuality, RARITY_NAMES } from '../../../game/rules';
import type { Item, Profile, Recipe, RecipeInput } from '../../../game/wire';
import { researchOf } from '../../components/items';
import { count } from '../../components/count';

export type Place = 'inventory' | 'duffel';

export interface Part {
  item: Item;
  place: Place;
  /** Research now, ticking on the server's clock. */
  research: number;
}

export interface InputPlan {
  input: RecipeInput;
  /** Fully researched parts the craft would consume (at most `input.count`). */
  ready: Part[];
  /** Parts that fit but are still being researched, most advanced first, as many as are still needed. */
  researching: Part[];
  /** How many are not owned at all. */
  missing: number;
}

export interface RecipePlan {
  recipe: Recipe;
  inputs: InputPlan[];
  /** Every part the craft would consume, when all are owned and researched; else null. */
  parts: Part[] | null;
  /** The crafted item's quality from those parts; null when the parts are not all there. */
  quality: number | null;
  /** Gold still needed; 0 when the player has enough. */
  goldShort: number;
  /** Why it cannot be crafted yet; null when it can. */
  reason: string | null;
}

const PLACE_ORDER: Record<Place, number> = { duffel: 0, inventory: 1 };

/** Cheapest first: lowest quality, then the duffel bag before the inventory, then by id (deterministic). */
const cheapestFirst = (a: Part, b: Part) => a.item.quality - b.item.quality || PLACE_ORDER[a.place] - PLACE_ORDER[b.place] || a.item.id.localeCompare(b.item.id);

/** What an input asks for, in words: "Bunker Door", "2 × Bunker Door", "2 Very Rare items". */
export function inputName(input: RecipeInput): string {
  if (input.kind === 'item') return input.count === 1 ? input.item.name : `${input.count} × ${input.item.name}`;
  return count(input.count, `${RARITY_NAMES[input.rarity]} item`);
}

/** Every item the player owns (inventory and duffel bag), with its research at `serverNow`. */
export function ownedParts(profile: Profile, serverNow: number): Part[] {
  return [
    ...profile.inventory.map((item) => ({ item, place: 'inventory' as const, research: researchOf(item, serverNow) })),
    ...profile.duffelBag.map((item) => ({ item, place: 'duffel' as const, research: researchOf(item, serverNow) })),
  ].sort(cheapestFirst);
}

export function planRecipe(recipe: Recipe, owned: readonly Part[], gold: number): RecipePlan {
  const taken = new Set<string>();
  const fits = (input: RecipeInput, part: Part) =>
    !taken.has(part.item.id) && (input.kind === 'item' ? part.item.catalogId === input.item.id : part.item.rarity === input.rarity);
  const plan = (input: RecipeInput): InputPlan => {
    const candidates = owned.filter((part) => fits(input, part));
    const ready = candidates.filter((part) => part.research >= 100).slice(0, input.count);
    const researching = candidates
      .filter((part) => part.research < 100)
      .sort((a, b) => b.research - a.research)
      .slice(0, input.count - ready.length);
    for (const part of [...ready, ...researching]) taken.add(part.item.id);
    return { input, ready, researching, missing: input.count - ready.length - researching.length };
  };
  // Named inputs claim their items before any tier does, as the server's matchesRecipe does.
  const named = recipe.inputs.map((input) => (input.kind === 'item' ? plan(input) : null));
  const inputs = recipe.inputs.map((input, index) => named[index] ?? plan(input));

  const complete = inputs.every((entry) => entry.ready.length === entry.input.count);
  const parts = complete ? inputs.flatMap((entry) => entry.ready) : null;
  const goldShort = Math.max(0, recipe.gold - gold);
  return {
    recipe,
    inputs,
    parts,
    quality: parts ? craftedQuality(parts.map((part) => part.item.quality)) : null,
    goldShort,
    reason: reasonOf(inputs, recipe.gold, gold),
  };
}

function reasonOf(inputs: readonly InputPlan[], cost: number, gold: number): string | null {
  const missing = inputs.filter((entry) => entry.missing > 0).map((entry) => inputName({ ...entry.input, count: entry.missing }));
  const researching = inputs.flatMap((entry) => entry.researching).map((part) => `${part.item.itemName} (${part.research}%)`);
  const sentences = [
    missing.length > 0 && `Missing ${missing.join(', ')}.`,
    researching.length > 0 && `Still researching ${researching.join(', ')}.`,
    gold < cost && `Costs ${cost} gold; you have ${gold}.`,
  ].filter((sentence) => sentence !== false);
  return sentences.length > 0 ? sentences.join(' ') : null;
}
