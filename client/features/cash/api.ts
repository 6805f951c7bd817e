import type { IntentResult } from '../../../game/wire';
import { playerCache } from '../../lib/player';
import { api, API } from '../../lib/api';
import { readOf } from '../../lib/query';

/** What cash buys (docs/design.md section 8.2). Each answer refreshes the shared profile (its cash and energy). */
function applied(result: IntentResult): IntentResult {
  playerCache.apply(result);
  return result;
}

export const cashApi = {
  secondWind: () => api.call(API.secondWind).then(applied),
  fieldKit: (itemId: string) => api.call(API.fieldKit, { body: { itemId } }).then(applied),
  showcase: (itemIds: string[]) => api.call(API.showcase, { body: { itemIds } }).then(applied),
  /** The trophies the Showcase may pin. */
  trophies: (uid: string) => readOf(API.trophyCase, { params: { uid } }),
};
