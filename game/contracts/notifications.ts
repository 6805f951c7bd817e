/** The notifications feature's refusals. Each ties its status, code and message (../refusal.ts). */
import { refusal } from '../refusal';

export const NOTIFICATIONS_REFUSALS = {
  pushEndpointInvalid: refusal(400, 'push_endpoint_invalid', 'pushEndpointInvalid'),
  pushDevicesFull: refusal(409, 'push_devices_full', 'pushDevicesFull'),
  pushUnavailable: refusal(503, 'push_unavailable', 'pushUnavailable'),
} as const;
