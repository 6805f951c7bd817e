/** The crafting feature's refusals. Each ties its status, code and message (../refusal.ts). */
import { refusal } from '../refusal';

export const CRAFTING_REFUSALS = {
  recipeMismatch: refusal(400, 'recipe_mismatch', 'recipeMismatch'),
  recipeNotFound: refusal(404, 'recipe_not_found', 'recipeNotFound'),
} as const;
