/** The arena feature's contract: its endpoints, and its refusals, each tying its status, code and message (../refusal.ts). */
import { get, post } from '../endpoint';
import { refusal } from '../refusal';
import type { FightRequest } from '../schemas';
import { ArenaSchema, FightListSchema, FightResultSchema, FightSchema } from '../wire';

export const ARENA_REFUSALS = {
  cannotFightSelf: refusal(400, 'cannot_fight_self', 'cannotFightSelf'),
  protectedFor: refusal(409, 'protected', 'protectedFor'),
  recoveringFor: refusal(409, 'recovering', 'recoveringFor'),
} as const;

export const ARENA_API = {
  arena: get('/api/arena', ArenaSchema),
  fight: post<FightRequest>()('/api/arena/fights', FightResultSchema, [ARENA_REFUSALS.cannotFightSelf, ARENA_REFUSALS.protectedFor, ARENA_REFUSALS.recoveringFor]),
  fights: get('/api/arena/fights', FightListSchema),
  fightById: get('/api/arena/fights/:id', FightSchema),
} as const;
