import { api, API } from '../../lib/api';

export const leaderboardApi = {
  get: () => api.call(API.leaderboard),
  /** Guilds best score first (docs/design.md section 7.2): the same list /guilds shows unsearched. */
  guilds: () => api.call(API.guilds),
};
