import type { Manifest } from '../../lib/feature';

export const manifest = {
  paths: { login: '/login', signup: '/signup', resetPassword: '/resetpassword', verify: '/verify', setUsername: '/setusername' },
} as const satisfies Manifest;
