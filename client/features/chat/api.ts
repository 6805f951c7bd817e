import { api, API } from '../../lib/api';

/** The chat's one read: a page of messages older than the id `before` (the socket brings the newest). */
export const chatApi = {
  olderMessages: (before: number) => api.call(API.messages, { query: { before: String(before) } }),
};
