/** The accounts feature's contract: its endpoints, and its refusals, each tying its status, code and message (../refusal.ts). */
import { get, post } from '../endpoint';
import { refusal } from '../refusal';
import type { EmptyBody, Login, ResetConfirm, ResetRequest, Signup, VerifyEmail } from '../schemas';
import { AccountSchema, MessageBodySchema, NoContentSchema, SessionInfoSchema } from '../wire';

export const ACCOUNTS_REFUSALS = {
  resetLinkInvalid: refusal(400, 'reset_invalid', 'resetLinkInvalid'),
  verifyLinkInvalid: refusal(400, 'verify_invalid', 'verifyLinkInvalid'),
  invalidLogin: refusal(401, 'invalid_login', 'invalidLogin'),
  banned: refusal(403, 'banned', 'banned'),
  googleNotConfigured: refusal(404, 'google_disabled', 'googleNotConfigured'),
  alreadyVerified: refusal(409, 'already_verified', 'alreadyVerified'),
  emailInUse: refusal(409, 'email_in_use', 'emailInUse'),
} as const;

export const ACCOUNTS_API = {
  session: get('/api/auth/session', SessionInfoSchema),
  signup: post<Signup>()('/api/auth/signup', AccountSchema, [ACCOUNTS_REFUSALS.emailInUse, ACCOUNTS_REFUSALS.banned]),
  login: post<Login>()('/api/auth/login', AccountSchema, [ACCOUNTS_REFUSALS.invalidLogin, ACCOUNTS_REFUSALS.banned]),
  logout: post<EmptyBody>()('/api/auth/logout', NoContentSchema),
  requestReset: post<ResetRequest>()('/api/auth/reset', MessageBodySchema),
  confirmReset: post<ResetConfirm>()('/api/auth/reset/confirm', MessageBodySchema, [ACCOUNTS_REFUSALS.resetLinkInvalid]),
  verifyEmail: post<VerifyEmail>()('/api/auth/verify', MessageBodySchema, [ACCOUNTS_REFUSALS.verifyLinkInvalid]),
  resendVerification: post<EmptyBody>()('/api/auth/verify/resend', MessageBodySchema, [ACCOUNTS_REFUSALS.alreadyVerified]),
} as const;
