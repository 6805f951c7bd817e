/** The fairness feature's contract: its endpoints (its refusals are common ones: ./common.ts). */
import { get, post } from '../endpoint';
import type { ClientSeed, EmptyBody } from '../schemas';
import { FairRollSchema, FairRollsSchema, FairnessSchema, RotationSchema } from '../wire';

export const FAIRNESS_API = {
  fairness: get('/api/fairness', FairnessSchema),
  setClientSeed: post<ClientSeed>()('/api/fairness/client-seed', FairnessSchema),
  rotateSeed: post<EmptyBody>()('/api/fairness/rotate', RotationSchema),
  fairRolls: get('/api/fairness/rolls', FairRollsSchema),
  fairRoll: get('/api/fairness/rolls/:id', FairRollSchema),
} as const;
