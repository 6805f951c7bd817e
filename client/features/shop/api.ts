import { API, api } from '../../lib/api';
import { playerCache } from '../../lib/player';
import { invalidate, readOf } from '../../lib/query';

/** The gold shop (docs/design.md section 9.3). */
export const shopApi = {
  /** The next refill's price and how many were bought today. */
  shop: () => readOf(API.shop, {}),
  /**
   * Energy to the maximum: the answer refreshes the shared profile. Bought or refused, the price is read again
   * (another tab may have bought one), and a refusal reads the profile again, since its numbers were stale.
   */
  refill: async () => {
    try {
      await api.call(API.refill, { body: {} });
    } catch (error) {
      void playerCache.reload();
      throw error;
    } finally {
      void invalidate(API.shop);
    }
  },
  /**
   * The research bench: its answer refreshes the shared profile (as every intent's does, client/lib/api.ts); a
   * refusal reads it again, its numbers were stale.
   */
  bench: async (itemId: string) => {
    try {
      await api.call(API.bench, { body: { itemId } });
    } catch (error) {
      void playerCache.reload();
      throw error;
    }
  },
};
