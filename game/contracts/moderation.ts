/** The moderation feature's contract: its endpoints, and its refusals, each tying its status, code and message (../refusal.ts). */
import { get, post } from '../endpoint';
import { refusal } from '../refusal';
import type { DeleteMessage, Mute, UsernameBody } from '../schemas';
import { ModerationSchema, OkSchema } from '../wire';

export const MODERATION_REFUSALS = {
  messageNotFound: refusal(404, 'message_not_found', 'messageNotFound'),
} as const;

export const MODERATION_API = {
  admin: get('/api/admin', OkSchema),
  moderation: get('/api/admin/moderation', ModerationSchema),
  mute: post<Mute>()('/api/admin/mute', ModerationSchema),
  unmute: post<UsernameBody>()('/api/admin/unmute', ModerationSchema),
  ban: post<UsernameBody>()('/api/admin/ban', ModerationSchema),
  unban: post<UsernameBody>()('/api/admin/unban', ModerationSchema),
  deleteMessage: post<DeleteMessage>()('/api/admin/messages/delete', ModerationSchema, [MODERATION_REFUSALS.messageNotFound]),
} as const;
