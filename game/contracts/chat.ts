/** The chat feature's contract: its endpoints, and its refusals, each tying its status, code and message (../refusal.ts). */
import { MessagesPageSchema } from '../chat-protocol';
import { get } from '../endpoint';
import { refusal } from '../refusal';

export const CHAT_API = {
  messages: get('/api/messages', MessagesPageSchema),
} as const;

export const CHAT_REFUSALS = {
  upgradeRequired: refusal(426, 'upgrade_required', 'upgradeRequired'),
} as const;
