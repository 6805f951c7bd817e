/** The contracts feature's contract: its endpoints, and its refusals, each tying its status, code and message (../refusal.ts). */
import { get, post } from '../endpoint';
import { refusal } from '../refusal';
import type { EmptyBody } from '../schemas';
import { ContractsSchema, IntentResultSchema } from '../wire';

export const CONTRACTS_REFUSALS = {
  alreadyClaimed: refusal(409, 'already_claimed', 'alreadyClaimed'),
  contractNotFinished: refusal(409, 'contract_not_finished', 'contractNotFinished'),
} as const;

export const CONTRACTS_API = {
  contracts: get('/api/contracts', ContractsSchema),
  /** Registered before the slot's claim, so `bonus` is never taken for a slot (test/worker/contracts.test.ts). */
  claimContractBonus: post<EmptyBody>()('/api/contracts/bonus/claim', IntentResultSchema, [CONTRACTS_REFUSALS.alreadyClaimed, CONTRACTS_REFUSALS.contractNotFinished]),
  claimContract: post<EmptyBody>()('/api/contracts/:slot/claim', IntentResultSchema, [CONTRACTS_REFUSALS.alreadyClaimed, CONTRACTS_REFUSALS.contractNotFinished]),
} as const;
