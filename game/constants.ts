/** Business constants from the spec, section 9. */
export const STARTING_LEVEL = 1;
export const STARTING_GOLD = 100;
export const STARTING_ENERGY = 20;
export const STARTING_CASH = 0;
export const MAX_ENERGY = 20;
export const ENERGY_CYCLE_SECONDS = 120;
export const INVENTORY_SIZE = 6;
export const LOOT_PER_SCAVENGE = 6;
export const SCAVENGE_COST = 1;
export const GOLD_PER_SCAVENGE = 1;
export const PROFILE_SWAP_COST = 2;
export const SCAVENGE_ANIMATION_MS = 2000;
export const SCAVENGE_DOTS_MS = 500;
/** The duffel bag starts at 0 slots; slot n+1 costs 20 × (n + 1) gold (docs/design.md section 3). */
export const DUFFEL_SLOT_PRICE = 20;
export const USERNAME_MIN = 3;
export const USERNAME_MAX = 15;
/** A search for players by the start of their name (the arena): letters and digits, as names are. */
export const USERNAME_PREFIX_PATTERN = new RegExp(`^[A-Za-z0-9]{1,${USERNAME_MAX}}$`);
export const USERNAME_REDIRECT_MS = 2000;
export const CHAT_MESSAGE_MAX = 100;
export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 128;

// Guilds (docs/design.md section 7.2).
export const GUILD_PRICE = 200;
/** Ranks, highest first: one leader, any number of officers and members. */
export const GUILD_ROLES = ['leader', 'officer', 'member'] as const;
export type GuildRole = (typeof GUILD_ROLES)[number];
export const GUILD_MAX_MEMBERS = 25;
/** The longest guild name, and so the longest guild search. */
export const GUILD_NAME_MAX = 24;
/** 3–24 letters, digits and single spaces, starting and ending with a letter or digit. */
export const GUILD_NAME_PATTERN = new RegExp(`^(?=.{3,${GUILD_NAME_MAX}}$)[A-Za-z0-9]+( [A-Za-z0-9]+)*$`);
export const GUILD_TAG_PATTERN = /^[A-Za-z0-9]{2,4}$/;

// Verifiable rolls (docs/design.md section 8.8): a client seed is plain text any HMAC tool takes as typed.
export const CLIENT_SEED_PATTERN = /^[A-Za-z0-9_-]{1,64}$/;

// Moderation (docs/design.md section 7.5): a mute lasts from 10 minutes to 7 days.
export const MUTE_MIN_MINUTES = 10;
export const MUTE_MAX_MINUTES = 7 * 24 * 60;
