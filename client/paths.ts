/** Every route path of the SPA (docs/spec.md section 2), in one place. */
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
  guild: '/guilds/:id',
  leaderboard: '/leaderboard',
  odds: '/odds',
  fairness: '/fairness',
  howItWorks: '/how-it-works',
  about: '/about',
  admin: '/admin',
  notices: '/notices',
  market: '/market',
} as const;

/** A guild's page (PATHS.guild with its id). */
export const guildPath = (id: string) => `/guilds/${encodeURIComponent(id)}`;

/** Location state that opens the profile's Log: the phone's More sheet reaches the Log from any screen. */
export const OPEN_LOG = { open: 'log' } as const;

/** The fairness page opened at one stored roll (a scavenge's, or a fight's, which has the fight's id). */
export const rollPath = (id: string) => `/fairness?roll=${encodeURIComponent(id)}`;

/** The arena with the opponent list searched for this player, ready to fight them. */
export const arenaFightPath = (username: string) => `/arena?q=${encodeURIComponent(username)}`;

/** The odds page at one zone's table. */
export const zoneOddsPath = (zone: string) => `/odds#zone-${zone}`;

/** The market with the form that lists this item for sale open (an item's details link here). */
export const marketSellPath = (itemId: string) => `/market?sell=${encodeURIComponent(itemId)}`;
