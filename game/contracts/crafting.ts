/** The crafting feature's contract: its endpoints, and its refusals, each tying its status, code and message (../refusal.ts). */
import { get, post } from '../endpoint';
import { refusal } from '../refusal';
import type { Craft } from '../schemas';
import { IntentResultSchema, RecipeListSchema } from '../wire';

export const CRAFTING_REFUSALS = {
  recipeMismatch: refusal(400, 'recipe_mismatch', 'recipeMismatch'),
  recipeNotFound: refusal(404, 'recipe_not_found', 'recipeNotFound'),
} as const;

export const CRAFTING_API = {
  recipes: get('/api/recipes', RecipeListSchema),
  craft: post<Craft>()('/api/craft', IntentResultSchema, [CRAFTING_REFUSALS.recipeMismatch, CRAFTING_REFUSALS.recipeNotFound]),
} as const;
