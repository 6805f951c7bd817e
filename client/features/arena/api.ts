import type { Arena } from '../../../game/wire';
import { api, API } from '../../lib/api';
import { readOf } from '../../lib/query';

/** The answer with the offset to add to Date.now() to read the server's clock, for the recovery countdowns. */
const withClock = { as: 'with-clock', from: (arena: Arena) => ({ ...arena, clockOffset: arena.serverTime - Date.now() }) };

/** The arena's reads and its one intent (docs/design.md section 7.1). */
export const arenaApi = {
  /** The caller's standing, opponents (nearest in rating, or whose name starts with `search`) and the ladder. */
  arena: (search: string) => readOf(API.arena, search ? { query: { q: search } } : {}, withClock),
  /** The caller's last fights, either side, newest first. */
  fights: readOf(API.fights, {}),
  fight: (defender: string) => api.call(API.fight, { body: { defender } }),
};
