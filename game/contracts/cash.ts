/** The cash feature's refusals. Each ties its status, code and message (../refusal.ts). */
import { refusal } from '../refusal';

export const CASH_REFUSALS = {
  alreadyResearched: refusal(400, 'already_researched', 'alreadyResearched'),
  fieldKitsUsed: refusal(400, 'field_kits_used', 'fieldKitsUsed'),
  notEnoughCash: refusal(400, 'not_enough_cash', 'notEnoughCash'),
  secondWindUsed: refusal(400, 'second_wind_used', 'secondWindUsed'),
  showcaseNotTrophy: refusal(400, 'not_a_trophy', 'showcaseNotTrophy'),
} as const;
