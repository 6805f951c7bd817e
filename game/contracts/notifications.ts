/** The notifications feature's contract: its endpoints, and its refusals, each tying its status, code and message (../refusal.ts). */
import { get, post } from '../endpoint';
import { refusal } from '../refusal';
import type { EmptyBody, PushDevice, PushDeviceRemoval, PushKinds } from '../schemas';
import { NoticesSchema, PushSettingsSchema } from '../wire';

export const NOTIFICATIONS_REFUSALS = {
  pushEndpointInvalid: refusal(400, 'push_endpoint_invalid', 'pushEndpointInvalid'),
  pushDevicesFull: refusal(409, 'push_devices_full', 'pushDevicesFull'),
  pushUnavailable: refusal(503, 'push_unavailable', 'pushUnavailable'),
} as const;

export const NOTIFICATIONS_API = {
  /** Notifications (docs/design.md section 8.7). `?endpoint=` says whether that browser is one of the devices. */
  pushSettings: get('/api/notifications', PushSettingsSchema),
  setPushKinds: post<PushKinds>()('/api/notifications/kinds', PushSettingsSchema),
  addPushDevice: post<PushDevice>()('/api/notifications/devices', PushSettingsSchema, [NOTIFICATIONS_REFUSALS.pushDevicesFull, NOTIFICATIONS_REFUSALS.pushEndpointInvalid, NOTIFICATIONS_REFUSALS.pushUnavailable]),
  removePushDevice: post<PushDeviceRemoval>()('/api/notifications/devices/remove', PushSettingsSchema),
  notices: get('/api/notices', NoticesSchema),
  seenNotices: post<EmptyBody>()('/api/notices/seen', NoticesSchema),
} as const;
