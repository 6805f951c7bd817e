import type { TrophyEntry } from '../../../game/schemas';
import { api } from '../../lib/api';

export const trophyCaseApi = {
  list: (uid: string) => api.get<TrophyEntry[]>(`/api/trophycase/${encodeURIComponent(uid)}`),
};
