import { api, API } from '../../lib/api';

export const chatApi = {
  /** The chat's one read: a page of messages older than the id `before` (the socket brings the newest). */
  olderMessages: (before: number) => api.call(API.messages, { query: { before: String(before) } }),
  /** The admin removes a message from its room's history and every open screen (docs/design.md section 7.5). */
  deleteMessage: (id: number, guildId?: string) => api.call(API.deleteMessage, { body: { id, guildId } }),
};
