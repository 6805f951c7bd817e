import type { Login, ResetConfirm, ResetRequest, Signup, UsernameBody, VerifyEmail } from '../../../game/schemas';
import { api, API } from '../../lib/api';

export const accountsApi = {
  signup: (body: Signup) => api.call(API.signup, { body }),
  login: (body: Login) => api.call(API.login, { body }),
  logout: () => api.call(API.logout),
  requestReset: (body: ResetRequest) => api.call(API.requestReset, { body }),
  confirmReset: (body: ResetConfirm) => api.call(API.confirmReset, { body }),
  checkUsername: (body: UsernameBody) => api.call(API.checkUsername, { body }),
  setUsername: (body: UsernameBody) => api.call(API.setUsername, { body }),
  verifyEmail: (body: VerifyEmail) => api.call(API.verifyEmail, { body }),
  /** Not a JSON call but a page the browser goes to (it redirects to Google), so not in the contract. */
  googleStartUrl: '/api/auth/google/start',
};
