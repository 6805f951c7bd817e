/** The contracts feature's refusals. Each ties its status, code and message (../refusal.ts). */
import { refusal } from '../refusal';

export const CONTRACTS_REFUSALS = {
  alreadyClaimed: refusal(409, 'already_claimed', 'alreadyClaimed'),
  contractNotFinished: refusal(409, 'contract_not_finished', 'contractNotFinished'),
} as const;
