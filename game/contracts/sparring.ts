/** The sparring feature's contract: its endpoints (its refusals are common ones: ./common.ts). */
import { get, post } from '../endpoint';
import type { EmptyBody } from '../schemas';
import { FightResultSchema, SparringSchema } from '../wire';

export const SPARRING_API = {
  /** Sparring (docs/design.md section 10.2): the dummy and what a win pays, and a spar. */
  sparring: get('/api/arena/sparring', SparringSchema),
  spar: post<EmptyBody>()('/api/arena/sparring', FightResultSchema),
} as const;
