import type { DeleteItems, ProfileSwap, Trophy } from '../../../game/schemas';
import { api, API } from '../../lib/api';
import { readOf } from '../../lib/query';

/** The profile screen's intents (docs/design.md section 3); each answer refreshes the shared profile (lib/player.ts). */
export const profileApi = {
  log: (uid: string) => readOf(API.log, { params: { uid } }),
  swap: (body: ProfileSwap) => api.call(API.swap, { body }),
  addToTrophyCase: (body: Trophy) => api.call(API.addTrophy, { body }),
  deleteItems: (body: DeleteItems) => api.call(API.deleteItems, { body }),
  upgradeDuffel: () => api.call(API.upgradeDuffel),
  resendVerification: () => api.call(API.resendVerification),
};
