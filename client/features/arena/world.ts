/** The live world's fights (docs/design.md section 9.11): the reader was attacked, so their fights and rating moved. */
import { API } from '../../lib/api';
import type { WorldHandlers } from '../../lib/feature';

export const world: WorldHandlers = {
  // The fight's own notice reads the profile again (client/features/chat/notices.ts); its list and the rating move here.
  attacked: (_event, stale) => stale.add(API.fights).add(API.arena),
};
