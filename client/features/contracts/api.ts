import type { IntentResult } from '../../../game/wire';
import { playerCache } from '../../lib/player';
import { api, API } from '../../lib/api';
import { readOf } from '../../lib/query';

/** Each claim's answer refreshes the shared profile (its cash and gold). */
function applied(result: IntentResult): IntentResult {
  playerCache.apply(result);
  return result;
}

export const contractsApi = {
  today: readOf(API.contracts, {}),
  claim: (slot: number) => api.call(API.claimContract, { params: { slot: String(slot) } }).then(applied),
  claimBonus: () => api.call(API.claimContractBonus).then(applied),
};
