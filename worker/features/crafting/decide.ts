/** Crafting (docs/design.md section 7.3) as a decision, like every feature's in its decide.ts. */
import { ERRORS } from '../../../game/api';
import { INVENTORY_SIZE } from '../../../game/constants';
import { craftedQuality, equipResearch, matchesRecipe, recipeById, researchDurationMs, researchRecord, XP } from '../../../game/rules';
import type { Craft } from '../../../game/schemas';
import { noChanges, type Changes } from '../../core/changes';
import { countAt, describe, describeAll, ownItems, unique } from '../../core/decisions';
import { refuse } from '../../core/errors';
import { catalogueEntry, research, researchSpeedOf, type GameState } from '../../core/state';

/**
 * Crafts a recipe's Assembled item from owned, fully researched parts (docs/design.md section 7.3), consumed in the
 * same batch that creates it. Its parts were all researched, so the result is too (docs/decisions/009-crafting.md): it can
 * go to the trophy case or the duffel bag at once. It goes to the inventory, or to the duffel bag when the
 * inventory is full (the design's "refused with the limit message" cannot happen: the parts make room).
 */
export function craft(state: GameState, body: Craft, now: number, newId: () => string): Changes {
  const recipe = recipeById(body.recipeId);
  if (!recipe) throw refuse(ERRORS.recipeNotFound);
  const ids = unique(body.itemIds);
  const parts = ownItems(state, ids, ['inventory', 'duffel']);
  if (ids.length !== body.itemIds.length || !matchesRecipe(recipe, parts.map((row) => row.catalogId))) {
    throw refuse(ERRORS.recipeMismatch);
  }
  if (parts.some((row) => research(row, now) < 100)) throw refuse(ERRORS.mustBeResearched);
  if (state.player.gold < recipe.gold) throw refuse(ERRORS.notEnoughGold);
  // The parts leave first, so there is always a place: in the inventory if a part came from it or it had
  // room, otherwise in the duffel bag, which every part came from.
  const fromInventory = parts.filter((row) => row.location === 'inventory').length;
  const location = countAt(state, 'inventory') - fromInventory < INVENTORY_SIZE ? 'inventory' : 'duffel';
  const quality = craftedQuality(parts.map((row) => row.quality));
  // Every part is researched, so each has a record: who, and when its research finished.
  const records = parts.map((row) => researchRecord(catalogueEntry(row.catalogId).rarity, row, now)!);
  const researched = { researchMs: researchDurationMs(catalogueEntry(recipe.resultId).rarity), equippedAt: null, researchSpeed: 0 };
  return {
    ...noChanges(),
    player: { gold: state.player.gold - recipe.gold, xp: state.player.xp + XP.craft },
    putItems: [
      {
        id: newId(),
        uid: state.player.uid,
        catalogId: recipe.resultId,
        quality,
        location,
        ...(location === 'inventory' ? equipResearch(researched, now, researchSpeedOf(state)) : researched),
        createdAt: now,
        trophyAt: null,
        // Crafted items arrive researched, by their crafter only if the crafter researched every part
        // (docs/design.md section 9.4): otherwise the result scores for nobody. Its research time is its newest
        // part's (section 9.4), so the week, the season and the research contract count it where that part
        // finished, never as new research at the craft.
        researchedBy: records.every((record) => record.by === state.player.uid) ? state.player.uid : null,
        researchedAt: Math.max(...records.map((record) => record.at)),
      },
    ],
    deleteItems: parts.map((row) => row.id),
    events: [{ kind: 'crafted' }, { kind: 'gained', items: [{ catalogId: recipe.resultId, quality }] }],
    log: {
      kind: 'craft',
      text: `Crafted ${describe(recipe.resultId, quality)} from ${describeAll(parts)} for ${recipe.gold} gold.`,
    },
  };
}
