/** The profile feature's refusals. Each ties its status, code and message (../refusal.ts). */
import { refusal } from '../refusal';

export const PROFILE_REFUSALS = {
  duffelFull: refusal(400, 'duffel_full', 'duffelFull'),
  nothingToSwap: refusal(400, 'nothing_to_swap', 'nothingToSwap'),
  trophyNeedsResearch: refusal(400, 'not_researched', 'trophyNeedsResearch'),
} as const;
