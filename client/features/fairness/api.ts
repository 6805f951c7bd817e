import { api, API } from '../../lib/api';

/** Verifiable rolls (docs/design.md section 8.8): the caller's seeds and stored rolls. */
export const fairnessApi = {
  seeds: () => api.call(API.fairness),
  setClientSeed: (clientSeed: string) => api.call(API.setClientSeed, { body: { clientSeed } }),
  rotate: () => api.call(API.rotateSeed),
  rolls: () => api.call(API.fairRolls),
  roll: (id: string) => api.call(API.fairRoll, { params: { id } }),
};
