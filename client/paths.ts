/** Every route path of the SPA (spec section 2), in one place. */
export const PATHS = {
  home: '/',
  login: '/login',
  signup: '/signup',
  resetPassword: '/resetpassword',
  verify: '/verify',
  setUsername: '/setusername',
  profile: '/profile',
  scavenge: '/scavenge',
  chat: '/chat',
  arena: '/arena',
  guilds: '/guilds',
  leaderboard: '/leaderboard',
  odds: '/odds',
  about: '/about',
  admin: '/admin',
} as const;
