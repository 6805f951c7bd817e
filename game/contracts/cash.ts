/** The cash feature's contract: its endpoints, and its refusals, each tying its status, code and message (../refusal.ts). */
import { post } from '../endpoint';
import { refusal } from '../refusal';
import type { EmptyBody, FieldKit, Showcase } from '../schemas';
import { IntentResultSchema } from '../wire';

export const CASH_REFUSALS = {
  fieldKitsUsed: refusal(400, 'field_kits_used', 'fieldKitsUsed'),
  notEnoughCash: refusal(400, 'not_enough_cash', 'notEnoughCash'),
  secondWindUsed: refusal(400, 'second_wind_used', 'secondWindUsed'),
  showcaseNotTrophy: refusal(400, 'not_a_trophy', 'showcaseNotTrophy'),
} as const;

export const CASH_API = {
  secondWind: post<EmptyBody>()('/api/cash/second-wind', IntentResultSchema, [CASH_REFUSALS.secondWindUsed, CASH_REFUSALS.notEnoughCash]),
  fieldKit: post<FieldKit>()('/api/cash/field-kit', IntentResultSchema, [CASH_REFUSALS.fieldKitsUsed, CASH_REFUSALS.notEnoughCash]),
  showcase: post<Showcase>()('/api/cash/showcase', IntentResultSchema, [CASH_REFUSALS.showcaseNotTrophy, CASH_REFUSALS.notEnoughCash]),
} as const;
