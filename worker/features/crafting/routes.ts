/** Crafting (docs/design.md section 7.3): the public recipe list, and the craft intent decided in ./decide.ts. */
import { Hono } from 'hono';
import { API } from '../../../game/api';
import { RECIPES } from '../../../game/rules/craft';
import { CraftSchema } from '../../../game/schemas';
import type { Recipe } from '../../../game/wire';
import type { AppEnv } from '../../core/env';
import { newItemId } from '../../core/ids';
import { asPlayer } from '../../core/player';
import { publicRoute, route } from '../../core/route';
import { catalogueEntry, toIntentResult } from '../../core/state';
import { craft } from './decide';

/** The recipes as the API answers them: the catalogue entries spelled out, so a screen needs no second read. */
const recipeList: Recipe[] = RECIPES.map((recipe) => ({
  id: recipe.id,
  result: catalogueEntry(recipe.resultId),
  gold: recipe.gold,
  inputs: recipe.inputs.map((input) =>
    input.kind === 'item' ? { kind: 'item', count: input.count, item: catalogueEntry(input.catalogId) } : { kind: 'tier', count: input.count, rarity: input.rarity },
  ),
}));

export const craftingRoutes = new Hono<AppEnv>();

route(craftingRoutes, API.recipes, { guard: publicRoute }, () => recipeList);
route(craftingRoutes, API.craft, { guard: asPlayer, body: CraftSchema }, async (c, { body }) =>
  c.var.player.commit((state, now) => craft(state, body, now, newItemId), toIntentResult),
);
