import { MSG } from '../../../game/messages';
import type { Login, ResetConfirm, ResetRequest, Signup, UsernameBody } from '../../../game/schemas';
import type { MessageBody } from '../../../game/wire';
import { api, API } from '../../lib/api';
import type { Read } from '../../lib/query';

export const accountsApi = {
  signup: (body: Signup) => api.call(API.signup, { body }),
  login: (body: Login) => api.call(API.login, { body }),
  logout: () => api.call(API.logout),
  requestReset: (body: ResetRequest) => api.call(API.requestReset, { body }),
  confirmReset: (body: ResetConfirm) => api.call(API.confirmReset, { body }),
  checkUsername: (body: UsernameBody) => api.call(API.checkUsername, { body }),
  setUsername: (body: UsernameBody) => api.call(API.setUsername, { body }),
  /**
   * A verification link's one read: sending its token is what verifies, so it is a POST read keyed by the
   * endpoint and the token (a used token sent again still answers success). `then` runs after a success,
   * before the answer shows.
   */
  verification: (token: string, then: () => Promise<unknown>): Read<MessageBody> => ({
    queryKey: [API.verifyEmail.path, token],
    queryFn: async () => {
      if (!token) throw new Error(MSG.verifyLinkInvalid);
      const answer = await api.call(API.verifyEmail, { body: { token } });
      await then();
      return answer;
    },
  }),
};
