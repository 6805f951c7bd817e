import { api, API } from '../../lib/api';
import { readOf } from '../../lib/query';

/** Moderation (docs/design.md section 7.5): every action answers the log and the lists as they are now. */
export const moderationApi = {
  moderation: readOf(API.moderation, {}),
  mute: (username: string, minutes: number) => api.call(API.mute, { body: { username, minutes } }),
  unmute: (username: string) => api.call(API.unmute, { body: { username } }),
  ban: (username: string) => api.call(API.ban, { body: { username } }),
  unban: (username: string) => api.call(API.unban, { body: { username } }),
};
