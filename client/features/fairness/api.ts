import type { FairRoll } from '../../../game/wire';
import { api, API, ApiError } from '../../lib/api';
import { readOf, type Read } from '../../lib/query';

/** Verifiable rolls (docs/design.md section 8.8): the caller's seeds and stored rolls. */
export const fairnessApi = {
  seeds: readOf(API.fairness, {}),
  rolls: readOf(API.fairRolls, {}),
  /** One roll a link opened; `roll` is null when it is not stored (the server's 404), which the page explains. */
  roll: (id: string): Read<{ roll: FairRoll | null }> => {
    const read = readOf(API.fairRoll, { params: { id } });
    return {
      queryKey: read.queryKey,
      queryFn: () =>
        read.queryFn().then(
          (roll) => ({ roll }),
          (error: unknown) => (error instanceof ApiError && error.status === 404 ? { roll: null } : Promise.reject(error)),
        ),
    };
  },
  setClientSeed: (clientSeed: string) => api.call(API.setClientSeed, { body: { clientSeed } }),
  rotate: () => api.call(API.rotateSeed),
};
