/**
 * zod schemas of the HTTP API's requests, shared by the React forms and the Hono routes so both enforce the
 * same rules with the same messages. What the API answers is in ./wire.ts; paths are in ./api.ts.
 */
import { z } from 'zod';
import {
  GUILD_NAME_MAX,
  GUILD_NAME_PATTERN,
  GUILD_ROLES,
  GUILD_TAG_PATTERN,
  INVENTORY_SIZE,
  LOOT_PER_SCAVENGE,
  MUTE_MAX_MINUTES,
  MUTE_MIN_MINUTES, CLIENT_SEED_PATTERN, PASSWORD_MAX, PASSWORD_MIN, USERNAME_MAX, USERNAME_MIN, USERNAME_PREFIX_PATTERN } from './constants';
import { MSG } from './messages';
import { SHOWCASE_SLOTS } from './rules/cash';
import { PRICE_MAX, PRICE_MIN } from './rules/market';
import { ZONE_IDS } from './rules/zones';
import { NOTICE_KINDS } from './rules/notices';

const email = z
  .string({ error: MSG.emailInvalid })
  .trim()
  .max(254, MSG.emailInvalid)
  .pipe(z.email({ error: MSG.emailInvalid }))
  .transform((value) => value.toLowerCase());

const newPassword = z
  .string({ error: MSG.passwordTooShort })
  .min(PASSWORD_MIN, MSG.passwordTooShort)
  .max(PASSWORD_MAX, MSG.passwordTooLong);

export const USERNAME_PATTERN = new RegExp(`^[A-Za-z0-9]{${USERNAME_MIN},${USERNAME_MAX}}$`);
export const UsernameSchema = z.string({ error: MSG.usernameInvalid }).regex(USERNAME_PATTERN, MSG.usernameInvalid);

/** A new account's address and password, checked as signup checks them. */
export const NewAccountSchema = z.strictObject({ email, password: newPassword });

export const SignupSchema = z
  .strictObject({ ...NewAccountSchema.shape, confirmPassword: z.string().max(PASSWORD_MAX) })
  .refine((body) => body.password === body.confirmPassword, { message: MSG.passwordsDoNotMatch, path: ['confirmPassword'] });
export type Signup = z.input<typeof SignupSchema>;

export const LoginSchema = z.strictObject({
  identifier: z.string().trim().min(1, MSG.invalidLogin).max(254, MSG.invalidLogin),
  password: z.string().min(1, MSG.invalidLogin).max(PASSWORD_MAX, MSG.invalidLogin),
});
export type Login = z.input<typeof LoginSchema>;

export const ResetRequestSchema = z.strictObject({ email });
export type ResetRequest = z.input<typeof ResetRequestSchema>;

export const ResetConfirmSchema = z
  .strictObject({ token: z.string().min(1).max(200), password: newPassword, confirmPassword: z.string().max(PASSWORD_MAX) })
  .refine((body) => body.password === body.confirmPassword, { message: MSG.passwordsDoNotMatch, path: ['confirmPassword'] });
export type ResetConfirm = z.input<typeof ResetConfirmSchema>;

/** The token of a verification link (`/verify?token=`). */
export const VerifyEmailSchema = z.strictObject({ token: z.string().min(1).max(200) });
export type VerifyEmail = z.input<typeof VerifyEmailSchema>;

export const UsernameBodySchema = z.strictObject({ username: UsernameSchema });
export type UsernameBody = z.input<typeof UsernameBodySchema>;

/** Intents that carry nothing still take a JSON object, and only an empty one: garbage is refused, not ignored. */
export const EmptyBodySchema = z.strictObject({});
export type EmptyBody = z.input<typeof EmptyBodySchema>;

// Intents (docs/design.md section 3). Ids are bounded so a request can never ask for more work than a screen can.
const itemId = z.string().min(1).max(64);
const itemIds = z.array(itemId).max(INVENTORY_SIZE + 64);

/** A scavenge: where to search (docs/design.md section 8.3); none is the Streets, the spec's table. */
export const ScavengeSchema = z.strictObject({ zone: z.enum(ZONE_IDS).optional() });
export type Scavenge = z.input<typeof ScavengeSchema>;

export const ScavengeSwapSchema = z.strictObject({
  take: z.array(z.number().int().min(0).max(LOOT_PER_SCAVENGE - 1)).max(LOOT_PER_SCAVENGE),
  drop: itemIds,
  /** Salvage every find not taken in the same intent (docs/design.md section 9.2): the loop in one tap. */
  salvageRest: z.boolean().optional(),
});
export type ScavengeSwap = z.input<typeof ScavengeSwapSchema>;
export const ProfileSwapSchema = z.strictObject({ toDuffel: itemIds, toInventory: itemIds });
export type ProfileSwap = z.input<typeof ProfileSwapSchema>;
export const TrophySchema = z.strictObject({ itemId });
export type Trophy = z.input<typeof TrophySchema>;
/** A Field Kit for one equipped item (docs/design.md section 8.2). */
export const FieldKitSchema = z.strictObject({ itemId });
export type FieldKit = z.input<typeof FieldKitSchema>;
/** The research bench (docs/design.md section 9.3): the inventory item under research to move onto it. */
export const BenchSchema = z.strictObject({ itemId });
export type Bench = z.input<typeof BenchSchema>;
/** The trophies to pin to the public card, in order; an empty list takes them all down (docs/design.md 8.2). */
export const ShowcaseSchema = z.strictObject({ itemIds: z.array(itemId).max(SHOWCASE_SLOTS, MSG.showcaseTooMany) });
export type Showcase = z.input<typeof ShowcaseSchema>;
export const DeleteItemsSchema = z.strictObject({ itemIds: itemIds.min(1, MSG.nothingSelected) });
export type DeleteItems = z.input<typeof DeleteItemsSchema>;
/** Craft an Assembled item (docs/design.md section 7.3) from owned parts. */
export const CraftSchema = z.strictObject({ recipeId: z.string().min(1).max(64), itemIds: itemIds.min(1, MSG.nothingSelected) });
export type Craft = z.input<typeof CraftSchema>;

/** Attack a player (docs/design.md section 7.1), named as everyone sees them. */
export const FightRequestSchema = z.strictObject({ defender: UsernameSchema });
export type FightRequest = z.input<typeof FightRequestSchema>;

/** A new client seed for the next rolls (docs/design.md section 8.8). */
export const ClientSeedSchema = z.strictObject({ clientSeed: z.string({ error: MSG.clientSeedInvalid }).regex(CLIENT_SEED_PATTERN, MSG.clientSeedInvalid) });
export type ClientSeed = z.input<typeof ClientSeedSchema>;

/** `GET /api/arena?q=`: a username prefix to search for. */
export const ArenaQuerySchema = z.strictObject({ q: z.string().regex(USERNAME_PREFIX_PATTERN, MSG.usernameInvalid).optional() });

// Guilds (docs/design.md section 7.2).
export const GuildNameSchema = z.string({ error: MSG.guildNameInvalid }).regex(GUILD_NAME_PATTERN, MSG.guildNameInvalid);
export const GuildTagSchema = z.string({ error: MSG.guildTagInvalid }).regex(GUILD_TAG_PATTERN, MSG.guildTagInvalid);
export const CreateGuildSchema = z.strictObject({ name: GuildNameSchema, tag: GuildTagSchema, open: z.boolean() });
export type CreateGuild = z.input<typeof CreateGuildSchema>;
/** `GET /api/guilds?q=`: part of a name or tag. */
export const GuildQuerySchema = z.strictObject({ q: z.string().max(GUILD_NAME_MAX, MSG.guildSearchTooLong).optional() });
/** Items given to the guild's Salvage Drive (docs/design.md section 8.6). */
export const DonateSchema = z.strictObject({ itemIds });
export type Donate = z.input<typeof DonateSchema>;

export const GuildKickSchema = z.strictObject({ username: UsernameSchema });
export type GuildKick = z.input<typeof GuildKickSchema>;
export const GuildRoleSchema = z.strictObject({ username: UsernameSchema, role: z.enum(GUILD_ROLES) });
export type GuildRoleChange = z.input<typeof GuildRoleSchema>;

// Moderation (docs/design.md section 7.5).
export const MuteSchema = z.strictObject({ username: UsernameSchema, minutes: z.number().int().min(MUTE_MIN_MINUTES).max(MUTE_MAX_MINUTES) });
export type Mute = z.input<typeof MuteSchema>;
/** A chat message by id; `guildId` names a guild's room, the lobby otherwise. */
export const DeleteMessageSchema = z.strictObject({ id: z.number().int().positive(), guildId: z.string().min(1).max(64).optional() });
export type DeleteMessage = z.input<typeof DeleteMessageSchema>;

// Notifications (docs/design.md section 8.7).

/**
 * The kinds of push the player turned off: the whole set, as the settings screen shows it. `endpoint`, this
 * browser's, lets the answer say whether this device is one of the player's.
 */
export const PushKindsSchema = z.strictObject({ off: z.array(z.enum(NOTICE_KINDS)).max(NOTICE_KINDS.length), endpoint: z.string().max(1024).optional() });
export type PushKinds = z.input<typeof PushKindsSchema>;
/** base64url, as PushSubscription.toJSON() gives the keys: a P-256 point is 87 characters, the auth secret 22. */
const pushKey = (max: number) => z.string({ error: MSG.pushEndpointInvalid }).regex(/^[A-Za-z0-9_-]+={0,2}$/, MSG.pushEndpointInvalid).min(16, MSG.pushEndpointInvalid).max(max, MSG.pushEndpointInvalid);
/** A browser's PushSubscription.toJSON(); whether the endpoint is a known push service is checked by the route. */
export const PushDeviceSchema = z.strictObject({
  endpoint: z.string({ error: MSG.pushEndpointInvalid }).max(1024, MSG.pushEndpointInvalid),
  keys: z.strictObject({ p256dh: pushKey(128), auth: pushKey(64) }),
});
export type PushDevice = z.input<typeof PushDeviceSchema>;
export const PushDeviceRemovalSchema = z.strictObject({ endpoint: z.string().max(1024) });
export type PushDeviceRemoval = z.input<typeof PushDeviceRemovalSchema>;

// The market (docs/design.md section 8.5).

const price = z.number({ error: MSG.priceInvalid }).int(MSG.priceInvalid).min(PRICE_MIN, MSG.priceInvalid).max(PRICE_MAX, MSG.priceInvalid);
export const NewListingSchema = z.strictObject({ itemId: z.string().min(1).max(64), price });
export type NewListing = z.input<typeof NewListingSchema>;
/** The price the buyer saw: a listing whose price is not this one is refused ('The price has changed.'). */
export const BuyListingSchema = z.strictObject({ price });
export type BuyListing = z.input<typeof BuyListingSchema>;
