import type { Craft } from '../../../game/schemas';
import { api, API } from '../../lib/api';
import { readOf } from '../../lib/query';

/** Crafting (docs/design.md section 7.3): the public recipes, and the intent whose answer refreshes the shared profile. */
export const craftingApi = {
  recipes: readOf(API.recipes, {}),
  craft: (body: Craft) => api.call(API.craft, { body }),
};
