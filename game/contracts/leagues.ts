/** The leagues feature's contract: its endpoints (its refusals are common ones: ./common.ts). */
import { get } from '../endpoint';
import { LeagueSchema } from '../wire';

export const LEAGUES_API = {
  /** The reader's league this week (docs/design.md section 9.5). */
  league: get('/api/league', LeagueSchema),
} as const;
