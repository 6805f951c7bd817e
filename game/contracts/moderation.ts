/** The moderation feature's refusals. Each ties its status, code and message (../refusal.ts). */
import { refusal } from '../refusal';

export const MODERATION_REFUSALS = {
  messageNotFound: refusal(404, 'message_not_found', 'messageNotFound'),
} as const;
