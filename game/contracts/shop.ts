/**
 * The shop feature's contract: its endpoints, and the research bench's refusals (the refill's, and an item already
 * researched, are common ones: ./common.ts), each tying its status, code and message (../refusal.ts).
 */
import { get, post } from '../endpoint';
import { refusal } from '../refusal';
import type { Bench, EmptyBody } from '../schemas';
import { IntentResultSchema, ShopSchema } from '../wire';

export const SHOP_REFUSALS = {
  benchBusy: refusal(400, 'bench_busy', 'benchBusy'),
  benchNeedsRoom: refusal(400, 'duffel_full', 'benchNeedsRoom'),
} as const;

export const SHOP_API = {
  /** The gold shop (docs/design.md section 9.3). */
  shop: get('/api/shop', ShopSchema),
  refill: post<EmptyBody>()('/api/shop/refill', IntentResultSchema),
  /** The research bench (docs/design.md section 9.3). */
  bench: post<Bench>()('/api/shop/bench', IntentResultSchema, [SHOP_REFUSALS.benchBusy, SHOP_REFUSALS.benchNeedsRoom]),
} as const;
