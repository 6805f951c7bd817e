/** The shop feature's contract: its endpoints (its refusals are common ones: ./common.ts). */
import { get, post } from '../endpoint';
import type { EmptyBody } from '../schemas';
import { IntentResultSchema, ShopSchema } from '../wire';

export const SHOP_API = {
  /** The gold shop (docs/design.md section 9.3). */
  shop: get('/api/shop', ShopSchema),
  refill: post<EmptyBody>()('/api/shop/refill', IntentResultSchema),
} as const;
