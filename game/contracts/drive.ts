/** The drive feature's contract: its endpoints, and its refusals, each tying its status, code and message (../refusal.ts). */
import { get, post } from '../endpoint';
import { refusal } from '../refusal';
import type { Donate, EmptyBody } from '../schemas';
import { DriveSchema, IntentResultSchema } from '../wire';

export const DRIVE_REFUSALS = {
  driveClaimed: refusal(400, 'already_claimed', 'driveClaimed'),
  driveClaimedElsewhere: refusal(400, 'already_claimed', 'driveClaimedElsewhere'),
  driveNotMet: refusal(400, 'drive_not_met', 'driveNotMet'),
  driveTooLittle: refusal(400, 'gave_too_little', 'driveTooLittle'),
  nothingToDonate: refusal(400, 'nothing_to_donate', 'nothingToDonate'),
  driveJoinedLate: refusal(403, 'joined_late', 'driveJoinedLate'),
} as const;

export const DRIVE_API = {
  /** The guild's Salvage Drive this week (docs/design.md section 8.6). */
  drive: get('/api/guilds/:id/drive', DriveSchema),
  donate: post<Donate>()('/api/guilds/:id/donate', IntentResultSchema, [DRIVE_REFUSALS.nothingToDonate]),
  claimDrive: post<EmptyBody>()('/api/guilds/:id/drive/claim', IntentResultSchema, [DRIVE_REFUSALS.driveClaimed, DRIVE_REFUSALS.driveClaimedElsewhere, DRIVE_REFUSALS.driveJoinedLate, DRIVE_REFUSALS.driveNotMet, DRIVE_REFUSALS.driveTooLittle]),
} as const;
