import type { IntentResult, Loot, ScavengeSwap } from '../../../game/schemas';
import { api } from '../../lib/api';

/** Scavenging intents (DESIGN.md section 3). The caller applies the answered profile when it is time to show it. */
export const scavengeApi = {
  /** The last scavenge's finds that were not taken yet (may be empty). */
  pending: () => api.get<{ loot: Loot[] }>('/api/scavenge'),
  scavenge: () => api.post<IntentResult>('/api/scavenge'),
  swap: (body: ScavengeSwap) => api.post<IntentResult>('/api/scavenge/swap', body),
};
