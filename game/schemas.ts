/**
 * zod schemas of the HTTP API, shared by the React forms and the Hono routes so both enforce the same rules
 * with the same messages.
 */
import { z } from 'zod';
import { INVENTORY_SIZE, LOOT_PER_SCAVENGE, PASSWORD_MAX, PASSWORD_MIN, USERNAME_MAX, USERNAME_MIN } from './constants';
import { MSG } from './messages';
import { RARITIES } from './rules/rarity';

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

export const SignupSchema = z
  .strictObject({ email, password: newPassword, confirmPassword: z.string().max(PASSWORD_MAX) })
  .refine((body) => body.password === body.confirmPassword, { message: MSG.passwordsDoNotMatch });
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
  .refine((body) => body.password === body.confirmPassword, { message: MSG.passwordsDoNotMatch });
export type ResetConfirm = z.input<typeof ResetConfirmSchema>;

export const UsernameBodySchema = z.strictObject({ username: UsernameSchema });
export type UsernameBody = z.input<typeof UsernameBodySchema>;

/** What the client learns about the signed-in account; never another player's data. */
export const SessionUserSchema = z.object({
  uid: z.string(),
  email: z.string(),
  username: z.string(),
  isAdmin: z.boolean(),
});
export type SessionUser = z.infer<typeof SessionUserSchema>;

export const SessionInfoSchema = z.object({
  user: SessionUserSchema.nullable(),
  googleEnabled: z.boolean(),
});
export type SessionInfo = z.infer<typeof SessionInfoSchema>;

/** A catalogue entry as the client shows it (spec section 3 "Item"): base stats, before quality. */
const ItemFields = {
  catalogId: z.string(),
  itemName: z.string(),
  rarity: z.enum(RARITIES),
  quality: z.number().int().min(1).max(10),
  attack: z.number(),
  defense: z.number(),
  description: z.string(),
  history: z.string(),
  value: z.number(),
};

/** An owned item. `research` is the percent at `serverTime`; researchMs/equippedAt let the client tick it. */
export const ItemSchema = z.object({
  id: z.string(),
  ...ItemFields,
  research: z.number().int().min(0).max(100),
  researchMs: z.number(),
  equippedAt: z.number().nullable(),
});
export type Item = z.infer<typeof ItemSchema>;

/** One of the six pending finds of the last scavenge, addressed by its slot (0-5). */
export const LootSchema = z.object({ slot: z.number().int(), ...ItemFields, research: z.literal(0) });
export type Loot = z.infer<typeof LootSchema>;

/** The profile of section 3 "User profile (as read)", plus what the screens need to stay exact. */
export const ProfileSchema = z.object({
  uid: z.string(),
  username: z.string(),
  level: z.number(),
  energy: z.number(),
  /** Seconds until the next energy point; null at the maximum ('(max)'). */
  secondsToNextEnergy: z.number().nullable(),
  gold: z.number(),
  cash: z.number(),
  ranking: z.number(),
  totalAttack: z.number(),
  totalDefense: z.number(),
  inventory: z.array(ItemSchema),
  duffelBag: z.array(ItemSchema),
  duffelBagSize: z.number(),
  /** Gold the next duffel slot costs: 20 × (size + 1). */
  duffelUpgradeCost: z.number(),
  trophyCaseScore: z.number(),
  trophyCaseAvgQuality: z.number(),
  guild: z.string(),
  /** The server's clock when this was read (unix ms), so the client can tick research and energy exactly. */
  serverTime: z.number(),
});
export type Profile = z.infer<typeof ProfileSchema>;

export const TrophyEntrySchema = z.object({ item: ItemSchema, addedAt: z.number() });
export type TrophyEntry = z.infer<typeof TrophyEntrySchema>;

export const LeaderboardRowSchema = z.object({
  rank: z.number(),
  username: z.string(),
  trophyCaseScore: z.number(),
  totalPower: z.number(),
  trophies: z.number(),
});
export type LeaderboardRow = z.infer<typeof LeaderboardRowSchema>;
export const LeaderboardSchema = z.object({ top: z.array(LeaderboardRowSchema), me: LeaderboardRowSchema });
export type Leaderboard = z.infer<typeof LeaderboardSchema>;

export const ActivityKinds = ['scavenge', 'take', 'swap', 'trophy', 'delete', 'upgrade'] as const;
export const ActivitySchema = z.object({ id: z.number(), kind: z.enum(ActivityKinds), text: z.string(), createdAt: z.number() });
export type Activity = z.infer<typeof ActivitySchema>;

/** Intents that carry nothing still take a JSON object, and only an empty one: garbage is refused, not ignored. */
export const EmptyBodySchema = z.strictObject({});

// Intents (DESIGN.md section 3). Ids are bounded so a request can never ask for more work than a screen can.
const itemId = z.string().min(1).max(64);
const itemIds = z.array(itemId).max(INVENTORY_SIZE + 64);

export const ScavengeSwapSchema = z.strictObject({
  take: z.array(z.number().int().min(0).max(LOOT_PER_SCAVENGE - 1)).max(LOOT_PER_SCAVENGE),
  drop: itemIds,
});
export type ScavengeSwap = z.input<typeof ScavengeSwapSchema>;
export const ProfileSwapSchema = z.strictObject({ toDuffel: itemIds, toInventory: itemIds });
export type ProfileSwap = z.input<typeof ProfileSwapSchema>;
export const TrophySchema = z.strictObject({ itemId });
export type Trophy = z.input<typeof TrophySchema>;
export const DeleteItemsSchema = z.strictObject({ itemIds: itemIds.min(1, MSG.nothingSelected) });
export type DeleteItems = z.input<typeof DeleteItemsSchema>;

/** Every intent answers the fresh profile, so the client refreshes in the same round trip. */
export const IntentResultSchema = z.object({ profile: ProfileSchema, loot: z.array(LootSchema) });
export type IntentResult = z.infer<typeof IntentResultSchema>;

export const ErrorBodySchema = z.object({ error: z.object({ code: z.string(), message: z.string() }) });
export type ErrorBody = z.infer<typeof ErrorBodySchema>;

export const MessageBodySchema = z.object({ message: z.string() });
export type MessageBody = z.infer<typeof MessageBodySchema>;
