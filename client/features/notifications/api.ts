import type { NoticeKind } from '../../../game/rules/notices';
import type { PushDevice } from '../../../game/schemas';
import { api, API } from '../../lib/api';

export const notificationsApi = {
  list: () => api.call(API.notices),
  seen: () => api.call(API.seenNotices),
  /** With this browser's endpoint, the answer says whether it is one of the player's devices. */
  settings: (endpoint: string | null) => api.call(API.pushSettings, endpoint ? { query: { endpoint } } : undefined),
  setKinds: (off: NoticeKind[], endpoint: string | null) => api.call(API.setPushKinds, { body: endpoint ? { off, endpoint } : { off } }),
  addDevice: (device: PushDevice) => api.call(API.addPushDevice, { body: device }),
  removeDevice: (endpoint: string) => api.call(API.removePushDevice, { body: { endpoint } }),
};
