import { api, API } from '../../lib/api';

/** The arena's reads and its one intent (docs/design.md section 7.1). */
export const arenaApi = {
  /** The caller's standing, opponents (nearest in rating, or whose name starts with `search`) and the ladder. */
  get: (search: string) => api.call(API.arena, search ? { query: { q: search } } : {}),
  fight: (defender: string) => api.call(API.fight, { body: { defender } }),
  /** The caller's last fights, either side, newest first. */
  fights: () => api.call(API.fights),
};
