import type { Activity, IntentResult, ProfileSwap } from '../../../game/schemas';
import { api } from '../../lib/api';
import { playerStore } from '../../components/player-store';

const user = (uid: string) => `/api/users/${encodeURIComponent(uid)}`;

/** The profile screen's intents (DESIGN.md section 3); each answer refreshes the shared profile. */
async function intent(path: string, body: unknown = {}): Promise<IntentResult> {
  const result = await api.post<IntentResult>(path, body);
  playerStore.apply(result);
  return result;
}

export const profileApi = {
  log: (uid: string) => api.get<Activity[]>(`${user(uid)}/log`),
  swap: (body: ProfileSwap) => intent('/api/swap', body),
  addToTrophyCase: (itemId: string) => intent('/api/trophycase', { itemId }),
  deleteItems: (itemIds: string[]) => intent('/api/items/delete', { itemIds }),
  upgradeDuffel: () => intent('/api/duffel/upgrade'),
};
