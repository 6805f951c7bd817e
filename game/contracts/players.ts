/** The players feature's refusals. Each ties its status, code and message (../refusal.ts). */
import { refusal } from '../refusal';

export const PLAYERS_REFUSALS = {
  adminAddressTakesAdminName: refusal(403, 'admin_address', 'adminAddressTakesAdminName'),
  usernameAlreadySet: refusal(409, 'username_already_set', 'usernameAlreadySet'),
  usernameTaken: refusal(409, 'username_taken', 'usernameTaken'),
} as const;
