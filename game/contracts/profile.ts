/** The profile feature's contract: its endpoints, and its refusals, each tying its status, code and message (../refusal.ts). */
import { get, post } from '../endpoint';
import { refusal } from '../refusal';
import type { DeleteItems, EmptyBody, ProfileSwap, Trophy } from '../schemas';
import { ActivityLogSchema, IntentResultSchema, ItemListSchema, ProfileSchema, SalvageResultSchema, TrophyCaseSchema, TrophySetsSchema } from '../wire';

export const PROFILE_REFUSALS = {
  duffelFull: refusal(400, 'duffel_full', 'duffelFull'),
  nothingToSwap: refusal(400, 'nothing_to_swap', 'nothingToSwap'),
  trophyNeedsResearch: refusal(400, 'not_researched', 'trophyNeedsResearch'),
} as const;

export const PROFILE_API = {
  profile: get('/api/users/:uid', ProfileSchema),
  inventory: get('/api/users/:uid/items', ItemListSchema),
  duffel: get('/api/users/:uid/duffel', ItemListSchema),
  log: get('/api/users/:uid/log', ActivityLogSchema),
  trophyCase: get('/api/trophycase/:uid', TrophyCaseSchema),
  trophySets: get('/api/trophycase/:uid/sets', TrophySetsSchema),
  swap: post<ProfileSwap>()('/api/swap', IntentResultSchema, [PROFILE_REFUSALS.duffelFull, PROFILE_REFUSALS.nothingToSwap]),
  addTrophy: post<Trophy>()('/api/trophycase', IntentResultSchema, [PROFILE_REFUSALS.trophyNeedsResearch]),
  deleteItems: post<DeleteItems>()('/api/items/delete', SalvageResultSchema),
  upgradeDuffel: post<EmptyBody>()('/api/duffel/upgrade', IntentResultSchema),
} as const;
