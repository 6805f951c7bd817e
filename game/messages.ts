import { MARKET_LEVEL, MAX_OPEN_LISTINGS, PRICE_MAX, PRICE_MIN } from './rules/market';
import { MAX_PUSH_DEVICES } from './rules/notices';
import { SHELL_MSG } from './shell-messages';

/** Whole minutes as '9 min', or from an hour on as '7 h 5 min' ('2 h' on the hour). */
function minutesText(minutes: number): string {
  if (minutes < 60) return `${minutes} min`;
  const rest = minutes % 60;
  return rest === 0 ? `${Math.floor(minutes / 60)} h` : `${Math.floor(minutes / 60)} h ${rest} min`;
}

// The spec's storage limits, named once here because the market's refusal (MSG.noRoom) chooses between them.
const INVENTORY_FULL = 'Inventory cannot exceed 6 items.';
const duffelFull = (size: number) => `Duffel bag cannot exceed ${size} items.`;

/**
 * Every player-facing sentence the product shows, verbatim from the spec (section 8 and 5) or, where the
 * spec is silent, written here once. Server errors carry these texts; the client shows them as they come.
 */
export const MSG = {
  invalidLogin: 'Invalid email/username or password.',
  emailInUse: 'Email is already in use.',
  signupFailed: 'An error occurred. Please try again later.',
  passwordsDoNotMatch: 'Passwords do not match',
  resetSent: 'Check your email to reset your password',
  resetFailed: 'Failed to send password reset email',
  googleNotConfigured: 'Google sign-in is not configured.',
  usernameInvalid: 'Username must be between 3 and 15 characters and letters/numbers.',
  usernameTaken: (name: string) => `Username '${name}' already exists`,
  usernameSet: (name: string) => `Username set successfully to: ${name}`,
  redirecting: 'Redirecting... click here if not redirected.',
  ...SHELL_MSG,
  itemsFetchFailed: 'Failed to fetch user items',
  duffelFetchFailed: 'Failed to fetch user duffel',
  trophyFetchFailed: 'Failed to fetch user trophy case',
  notEnoughEnergy: 'You do not have enough energy.',
  /** A zone above the player's level (docs/design.md section 8.3). */
  zoneLevel: (level: number) => `Reach level ${level} to scavenge here.`,
  noLootSelected: 'No scavenged items selected for swapping.',
  inventoryFull: INVENTORY_FULL,
  nothingToSwap: 'Nothing to swap.',
  mustBeResearched: 'Items must be fully researched.',
  duffelFull,
  /** An item arriving with neither the inventory nor the bag having room (game/rules/market.ts arrivalOf): the bag's limit, or the inventory's without a bag. */
  noRoom: (duffelBagSize: number) => (duffelBagSize === 0 ? INVENTORY_FULL : duffelFull(duffelBagSize)),
  trophyNeedsResearch: 'Item must be fully researched to add to the trophy case.',
  deleteConfirm: 'Are you sure you want to delete the selected items?',
  scavenging: 'Scavenging for loot',
  // Not in the spec: texts for states the spec does not cover.
  notEnoughGold: 'You do not have enough gold.',
  /** Daily contracts (docs/design.md section 8.2). */
  contractNotFinished: 'That contract is not finished yet.',
  alreadyClaimed: 'Already claimed.',
  notEnoughCash: 'You do not have enough cash.',
  showcaseTooMany: 'Choose at most 3 trophies for the showcase.',
  showcaseNotTrophy: 'Only trophies from your trophy case can go in the showcase.',
  secondWindUsed: 'You have already used your Second Wind today.',
  energyAlreadyFull: 'Your energy is already full.',
  fieldKitsUsed: 'You have used all your Field Kits today.',
  alreadyResearched: 'That item is already fully researched.',
  /** The research bench (docs/design.md section 9.3). */
  benchBusy: 'The bench is busy: one item researches there at a time.',
  benchNeedsRoom: 'The bench is in your duffel bag: it needs a free slot there.',
  nothingSelected: 'No items selected.',
  itemNotFound: 'That item is not in your inventory or duffel bag.',
  lootGone: 'That loot is no longer available.',
  busy: 'Your last action is still being saved. Please try again.',
  /** The same Idempotency-Key sent with another request (docs/decisions/031-idempotency-keys.md). */
  idempotencyKeyReused: 'This request key was already used for a different request.',
  idempotencyKeyInvalid: 'An Idempotency-Key is 1 to 255 visible characters.',
  /** A repeat of an intent that was done, whose answer is not kept (docs/decisions/031-idempotency-keys.md). */
  alreadyDone: 'That was already done. Refresh to see it.',
  clientSeedInvalid: 'A client seed is 1 to 64 letters, digits, hyphens (-) or underscores (_).',
  passwordTooShort: 'Password must be at least 8 characters.',
  passwordTooLong: 'Password must be at most 128 characters.',
  emailInvalid: 'Enter a valid email address.',
  tooManyAttempts: 'Too many attempts. Please wait a few minutes and try again.',
  signedOut: 'You are not signed in.',
  usernameRequired: 'Choose a username first.',
  /** To whoever signed in with the admin's address and chose another name (hardening 3). */
  adminAddressTakesAdminName: (name: string) => `This email address belongs to the admin account. Verify it, then choose the name '${name}'.`,
  usernameAlreadySet: 'Your username is already set.',
  forbidden: 'You cannot access this.',
  badOrigin: 'Cross-site requests are not allowed.',
  invalidRequest: 'Invalid request.',
  notFound: 'Not found.',
  resetLinkInvalid: 'This reset link is invalid or has expired.',
  passwordChanged: 'Your password has been changed. You can log in now.',
  googleFailed: 'Google sign-in failed. Please try again.',
  internal: 'Something went wrong on our side. Please try again.',
  // Email verification (issue #15).
  emailVerified: 'Your email address is verified.',
  verifyLinkInvalid: 'This verification link is invalid or has expired.',
  verificationSent: 'Check your email for a verification link.',
  alreadyVerified: 'Your email address is already verified.',
  googleLinkUnverified:
    'An account with this email already exists, but its address is not verified. Log in with your password and verify it first.',
  unsupportedBody: 'Send this request as JSON.',
  /** To a call of the chat's socket path that is not a WebSocket upgrade. */
  upgradeRequired: 'Expected a WebSocket upgrade.',
  // The arena (docs/design.md section 7.1).
  cannotFightSelf: 'You cannot fight yourself.',
  playerNotFound: 'Player not found.',
  recovering: 'That player is recovering. Try again later.',
  /**
   * The refusal with when it ends (hardening 3): whole minutes, rounded up, so it never says 0; from an hour on
   * (a third lost defence protects until 00:00 UTC, docs/design.md section 8.1) hours and minutes, '7 h 5 min'.
   */
  recoveringFor: (ms: number) => `That player is recovering. Try again later. They can be fought again in ${minutesText(Math.max(1, Math.ceil(ms / 60_000)))}.`,
  // A fair arena (docs/design.md section 9.10): `hours` is what is left, rounded up (game/rules/fight.ts protectionHoursLeft).
  protectedFor: (hours: number) => `New players cannot be attacked yet. They can be fought in ${hours} h.`,
  rematch: (opponent: string) => `You and ${opponent} already fought today: only the first fight of a UTC day between two players moves gold and XP.`,
  // Crafting (docs/design.md section 7.3).
  recipeMismatch: 'Those items do not match the recipe.',
  recipeNotFound: 'Recipe not found.',
  // Guilds (docs/design.md section 7.2).
  guildNameTaken: (name: string) => `Guild name '${name}' already exists`,
  guildTagTaken: (tag: string) => `Guild tag '${tag}' already exists`,
  guildFull: 'This guild is full.',
  alreadyInGuild: 'You are already in a guild.',
  leaderMustHandOver: 'Choose a new leader before leaving.',
  guildNameInvalid: 'Guild name must be 3 to 24 letters, digits and single spaces.',
  guildSearchTooLong: 'A guild search is at most 24 characters: a name or a tag, or part of one.',
  guildTagInvalid: 'Guild tag must be 2 to 4 letters or digits.',
  guildNotFound: 'Guild not found.',
  notInThisGuild: 'You are not in this guild.',
  officersOnly: 'Only the leader or an officer can do that.',
  leaderOnly: 'Only the leader can change roles.',
  notAMember: 'That player is not in this guild.',
  outranked: 'You can only remove members below your own rank.',
  requestNotFound: 'There is no such request to join.',
  requestSent: 'Your request to join has been sent.',
  leftGuild: (name: string) => `You left ${name}.`,
  guildDisbanded: (name: string) => `You left ${name}, and the guild was disbanded.`,
  // Moderation (docs/design.md section 7.5).
  banned: 'This account is banned.',
  messageNotFound: 'That message is no longer in the chat.',
  // The guild Salvage Drive (docs/design.md section 8.6).
  nothingToDonate: 'Choose the items to give to the drive.',
  driveNotMet: (short: number) => `The drive is ${short.toLocaleString('en-US')} points short of its target.`,
  driveJoinedLate: 'Only members who were in the guild before this week began can claim.',
  driveTooLittle: (short: number) => `Give ${short} more points this week to claim.`,
  driveClaimed: 'You already claimed this week’s reward.',
  driveClaimedElsewhere: 'You already claimed a Salvage Drive reward this week.',
  // The market (docs/design.md section 8.5).
  listingGone: 'That listing is no longer available.',
  priceChanged: 'The price has changed.',
  ownListing: 'You cannot buy your own listing.',
  tooManyListings: `You already have ${MAX_OPEN_LISTINGS} open listings.`,
  tradeLevel: `Reach level ${MARKET_LEVEL} to trade.`,
  tradeVerify: 'Verify your email address to trade.',
  priceInvalid: `A price is a whole number of gold from ${PRICE_MIN} to ${PRICE_MAX.toLocaleString('en-US')}.`,
  nothingToCollect: 'There is nothing to collect.',
  belowFloor: (floor: number) => `The lowest price for this item is ${floor.toLocaleString('en-US')} gold.`,
  /** Before a purchase (docs/design.md section 9.4): an item scores only for the player who researched it. */
  researchedBy: (name: string) => `Researched by ${name}: adds to your collection, not your score`,
  /** A craft from parts the crafter did not all research scores for nobody (docs/design.md section 9.4). */
  researchedByNobody: 'Crafted from parts others researched: adds to your collection, not your score',
  researchedByYou: 'Researched by you: adds to your collection and your score',
  // Salvage (docs/design.md section 9.1): the delete dialog's second line, under the spec's question.
  salvageLine: (gold: number) => `You get ${gold.toLocaleString('en-US')} gold for salvage.`,
  // Notifications (docs/design.md section 8.7).
  pushEndpointInvalid: 'That browser cannot receive notifications from Scavenger.',
  pushDevicesFull: `Notifications are on for ${MAX_PUSH_DEVICES} devices already: turn one off first.`,
  pushUnavailable: 'Notifications are not set up on this server.',
} as const;
