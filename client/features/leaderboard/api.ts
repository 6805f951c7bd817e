import { api, API } from '../../lib/api';

export const leaderboardApi = {
  get: () => api.call(API.leaderboard),
};
