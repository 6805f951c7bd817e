/** The chat feature's refusals. Each ties its status, code and message (../refusal.ts). */
import { refusal } from '../refusal';

export const CHAT_REFUSALS = {
  upgradeRequired: refusal(426, 'upgrade_required', 'upgradeRequired'),
} as const;
