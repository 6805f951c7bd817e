import { api, API } from '../../lib/api';
import { readOf } from '../../lib/query';

/** Each claim's answer refreshes the shared profile (its cash and gold: lib/player.ts). */
export const contractsApi = {
  today: readOf(API.contracts, {}),
  claim: (slot: number) => api.call(API.claimContract, { params: { slot: String(slot) } }),
  claimBonus: () => api.call(API.claimContractBonus),
};
