import { API } from '../../lib/api';
import { readOf } from '../../lib/query';

export const trophyCaseApi = {
  list: (uid: string) => readOf(API.trophyCase, { params: { uid } }),
};
