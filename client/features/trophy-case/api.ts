import { api, API } from '../../lib/api';

export const trophyCaseApi = {
  list: (uid: string) => api.call(API.trophyCase, { params: { uid } }),
};
