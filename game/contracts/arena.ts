/** The arena feature's refusals. Each ties its status, code and message (../refusal.ts). */
import { refusal } from '../refusal';

export const ARENA_REFUSALS = {
  cannotFightSelf: refusal(400, 'cannot_fight_self', 'cannotFightSelf'),
  protectedFor: refusal(409, 'protected', 'protectedFor'),
  recoveringFor: refusal(409, 'recovering', 'recoveringFor'),
} as const;
