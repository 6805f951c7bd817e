import { api, API } from '../../lib/api';
import { readOf } from '../../lib/query';

/** What cash buys (docs/design.md section 8.2). Each answer refreshes the shared profile (its cash and energy: lib/player.ts). */
export const cashApi = {
  secondWind: () => api.call(API.secondWind),
  fieldKit: (itemId: string) => api.call(API.fieldKit, { body: { itemId } }),
  showcase: (itemIds: string[]) => api.call(API.showcase, { body: { itemIds } }),
  /** The trophies the Showcase may pin. */
  trophies: (uid: string) => readOf(API.trophyCase, { params: { uid } }),
};
