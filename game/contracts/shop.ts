/** The gold shop's refusals (the research bench's; the refill's are common). Each ties its status, code and message (../refusal.ts). */
import { refusal } from '../refusal';

export const SHOP_REFUSALS = {
  alreadyResearched: refusal(400, 'already_researched', 'alreadyResearched'),
  benchBusy: refusal(400, 'bench_busy', 'benchBusy'),
  benchNeedsRoom: refusal(400, 'duffel_full', 'benchNeedsRoom'),
} as const;
