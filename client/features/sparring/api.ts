import { api, API } from '../../lib/api';
import { readOf } from '../../lib/query';

/** Sparring's read and its one intent (docs/design.md section 10.2). */
export const sparringApi = {
  /** The dummy the player would face now, and what a win pays. */
  sparring: readOf(API.sparring, {}),
  spar: () => api.call(API.spar, { body: {} }),
};
