import { DEFAULT_ZONE, type ZoneId } from '../../../game/rules/zones';
import type { ScavengeSwap } from '../../../game/schemas';
import { api, API } from '../../lib/api';
import { readOf } from '../../lib/query';

/** Scavenging intents (docs/design.md section 3). The caller applies the answered profile when it is time to show it. */
export const scavengeApi = {
  /** The last scavenge's finds that were not taken yet (may be empty), in slot order. */
  pending: readOf(API.pendingLoot, {}),
  /** The Streets (the default) sends no zone: the spec's scavenge, unchanged. */
  scavenge: (zone: ZoneId) => api.call(API.scavenge, { body: zone === DEFAULT_ZONE.id ? {} : { zone } }),
  swap: (body: ScavengeSwap) => api.call(API.takeLoot, { body }),
  /** The player's trophy case: what "Keep for research" keeps for, and what makes a find new to the collection. */
  trophyCase: (uid: string) => readOf(API.trophyCase, { params: { uid } }),
  /** The player's listings: an item listed is held, so a find of it is not new (docs/design.md section 10.3). */
  listings: readOf(API.myListings, {}),
};
