import type { Leaderboard } from '../../../game/schemas';
import { api } from '../../lib/api';

export const leaderboardApi = {
  get: () => api.get<Leaderboard>('/api/leaderboard'),
};
