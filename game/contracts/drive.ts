/** The drive feature's refusals. Each ties its status, code and message (../refusal.ts). */
import { refusal } from '../refusal';

export const DRIVE_REFUSALS = {
  driveClaimed: refusal(400, 'already_claimed', 'driveClaimed'),
  driveClaimedElsewhere: refusal(400, 'already_claimed', 'driveClaimedElsewhere'),
  driveNotMet: refusal(400, 'drive_not_met', 'driveNotMet'),
  driveTooLittle: refusal(400, 'gave_too_little', 'driveTooLittle'),
  nothingToDonate: refusal(400, 'nothing_to_donate', 'nothingToDonate'),
  driveJoinedLate: refusal(403, 'joined_late', 'driveJoinedLate'),
} as const;
