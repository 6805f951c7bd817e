import type { NoticeKind } from '../../../game/rules/notices';
import type { PushDevice } from '../../../game/schemas';
import type { Notices } from '../../../game/wire';
import { api, API } from '../../lib/api';
import { readOf, setRead, type Read } from '../../lib/query';

/** The list with its unseen count: what the badge shows. */
const list = readOf(API.notices, {});

export const notificationsApi = {
  list,
  /**
   * The notices screen's read: reading them there counts them as seen (the answer is the list, unseen 0), so the
   * badge's read takes the same answer and clears.
   */
  seen: {
    queryKey: [API.seenNotices.path],
    queryFn: () =>
      api.call(API.seenNotices).then((answer) => {
        setRead(list, answer);
        return answer;
      }),
  } satisfies Read<Notices>,
  /** With this browser's endpoint, the answer says whether it is one of the player's devices. */
  settings: (endpoint: string | null) => api.call(API.pushSettings, endpoint ? { query: { endpoint } } : undefined),
  setKinds: (off: NoticeKind[], endpoint: string | null) => api.call(API.setPushKinds, { body: endpoint ? { off, endpoint } : { off } }),
  addDevice: (device: PushDevice) => api.call(API.addPushDevice, { body: device }),
  removeDevice: (endpoint: string) => api.call(API.removePushDevice, { body: { endpoint } }),
};
