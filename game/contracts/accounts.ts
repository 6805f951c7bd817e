/** The accounts feature's refusals. Each ties its status, code and message (../refusal.ts). */
import { refusal } from '../refusal';

export const ACCOUNTS_REFUSALS = {
  resetLinkInvalid: refusal(400, 'reset_invalid', 'resetLinkInvalid'),
  verifyLinkInvalid: refusal(400, 'verify_invalid', 'verifyLinkInvalid'),
  invalidLogin: refusal(401, 'invalid_login', 'invalidLogin'),
  banned: refusal(403, 'banned', 'banned'),
  googleNotConfigured: refusal(404, 'google_disabled', 'googleNotConfigured'),
  alreadyVerified: refusal(409, 'already_verified', 'alreadyVerified'),
  emailInUse: refusal(409, 'email_in_use', 'emailInUse'),
} as const;
