import type { IntentResult } from '../../../game/wire';
import { playerStore } from '../../components/player-store';
import { api, API } from '../../lib/api';

/** Each claim's answer refreshes the shared profile (its cash and gold). */
function applied(result: IntentResult): IntentResult {
  playerStore.apply(result);
  return result;
}

export const contractsApi = {
  today: () => api.call(API.contracts),
  claim: (slot: number) => api.call(API.claimContract, { params: { slot: String(slot) } }).then(applied),
  claimBonus: () => api.call(API.claimContractBonus).then(applied),
  secondWind: () => api.call(API.secondWind).then(applied),
  fieldKit: (itemId: string) => api.call(API.fieldKit, { body: { itemId } }).then(applied),
  showcase: (itemIds: string[]) => api.call(API.showcase, { body: { itemIds } }).then(applied),
  trophies: (uid: string) => api.call(API.trophyCase, { params: { uid } }),
};
