import type { DeleteItems, ProfileSwap, Trophy } from '../../../game/schemas';
import type { IntentResult } from '../../../game/wire';
import { api, API } from '../../lib/api';
import { playerCache } from '../../lib/player';
import { readOf } from '../../lib/query';

/** The profile screen's intents (docs/design.md section 3); each answer refreshes the shared profile. */
function applied<T extends IntentResult>(result: T): T {
  playerCache.apply(result);
  return result;
}

export const profileApi = {
  log: (uid: string) => readOf(API.log, { params: { uid } }),
  swap: (body: ProfileSwap) => api.call(API.swap, { body }).then(applied),
  addToTrophyCase: (body: Trophy) => api.call(API.addTrophy, { body }).then(applied),
  deleteItems: (body: DeleteItems) => api.call(API.deleteItems, { body }).then(applied),
  upgradeDuffel: () => api.call(API.upgradeDuffel).then(applied),
  resendVerification: () => api.call(API.resendVerification),
};
