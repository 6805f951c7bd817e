import type { Login, MessageBody, ResetConfirm, ResetRequest, Signup, UsernameBody } from '../../../game/schemas';
import { api } from '../../lib/api';

export const authApi = {
  signup: (body: Signup) => api.post<{ uid: string }>('/api/auth/signup', body),
  login: (body: Login) => api.post<{ uid: string }>('/api/auth/login', body),
  logout: () => api.post<void>('/api/auth/logout'),
  requestReset: (body: ResetRequest) => api.post<MessageBody>('/api/auth/reset', body),
  confirmReset: (body: ResetConfirm) => api.post<MessageBody>('/api/auth/reset/confirm', body),
  checkUsername: (body: UsernameBody) => api.post<{ exists: boolean }>('/api/checkUsername', body),
  setUsername: (body: UsernameBody) => api.post<MessageBody>('/api/setUsername', body),
  googleStartUrl: '/api/auth/google/start',
};
