/**
 * The API contract: every JSON endpoint once, with its method, path, request body type and response schema.
 * The worker registers its routes under these paths and types each answer against them (worker/core/route.ts);
 * the client calls through them and parses each answer (client/lib/api.ts). A test walks the worker's
 * registered routes against this table, so neither side can drift.
 *
 * Bodies are types only: the worker validates them with the schemas of ./schemas.ts (which carry the spec's
 * messages), and the client's forms use the same schemas, so the client does not load them here.
 */
import type { z } from 'zod/mini';
import { COMMON_REFUSALS } from './contracts/common';
import { ACCOUNTS_REFUSALS } from './contracts/accounts';
import { PLAYERS_REFUSALS } from './contracts/players';
import { PROFILE_REFUSALS } from './contracts/profile';
import { SCAVENGE_REFUSALS } from './contracts/scavenge';
import { CRAFTING_REFUSALS } from './contracts/crafting';
import { CONTRACTS_REFUSALS } from './contracts/contracts';
import { CASH_REFUSALS } from './contracts/cash';
import { ARENA_REFUSALS } from './contracts/arena';
import { GUILDS_REFUSALS } from './contracts/guilds';
import { DRIVE_REFUSALS } from './contracts/drive';
import { CHAT_REFUSALS } from './contracts/chat';
import { MARKET_REFUSALS } from './contracts/market';
import { MODERATION_REFUSALS } from './contracts/moderation';
import { NOTIFICATIONS_REFUSALS } from './contracts/notifications';
import { MessagesPageSchema } from './chat-protocol';
import type {
  ClientSeed,
  Craft,
  CreateGuild,
  DeleteMessage,
  GuildKick,
  GuildRoleChange,
  Mute,
  DeleteItems,
  Donate,
  EmptyBody,
  FieldKit,
  Showcase,
  FightRequest,
  Login,
  ProfileSwap,
  NewListing,
  BuyListing,
  PushDevice,
  PushDeviceRemoval,
  PushKinds,
  ResetConfirm,
  ResetRequest,
  Scavenge,
  ScavengeSwap,
  Signup,
  Trophy,
  UsernameBody,
  VerifyEmail,
} from './schemas';
import {
  AccountSchema,
  ContractsSchema,
  ActivityLogSchema,
  ArenaSchema,
  FairnessSchema,
  FairRollSchema,
  FairRollsSchema,
  FightListSchema,
  FightResultSchema,
  FightSchema,
  GuildListSchema,
  GuildPageSchema,
  ModerationSchema,
  CatalogueSchema,
  IntentResultSchema,
  SalvageResultSchema,
  ShopSchema,
  ItemListSchema,
  BoardSchema,
  LeagueSchema,
  LootSchema,
  PlayerCardSchema,
  MessageBodySchema,
  NoContentSchema,
  OkSchema,
  ProfileSchema,
  MarketSchema,
  MarketSeenSchema,
  DriveSchema,
  MyListingsSchema,
  NewListingResultSchema,
  NoticesSchema,
  PushSettingsSchema,
  RecipeListSchema,
  RotationSchema,
  SessionInfoSchema,
  TrophyCaseSchema,
  TrophySetsSchema,
  UsernameExistsSchema,
} from './wire';

export type Method = 'GET' | 'POST';

/**
 * The D1 bookmark (Sessions API) the client carries between requests: every player answer names the newest
 * state of the database it showed, and the client sends the newest it has seen, so a read served by a replica
 * is never older than what the player was already shown (docs/scaling.md, "Read replication").
 */
export const BOOKMARK_HEADER = 'X-D1-Bookmark';

/**
 * The key an intent names itself with (docs/decisions/031-idempotency-keys.md): sent again with it, in parallel or up
 * to 24 hours later, the intent is done once and answers its first answer. The client sends one per tap.
 */
export const IDEMPOTENCY_HEADER = 'Idempotency-Key';

export interface Endpoint<M extends Method = Method, Path extends string = string, Body = unknown, Response = unknown> {
  readonly method: M;
  readonly path: Path;
  readonly response: z.ZodMiniType<Response>;
  /** Never set: carries the body's type for callers. */
  readonly body?: Body;
}

const get = <Path extends string, Response>(path: Path, response: z.ZodMiniType<Response>): Endpoint<'GET', Path, never, Response> => ({
  method: 'GET',
  path,
  response,
});

/** `post<Body>()(path, response)`: curried so the body type is named and the rest inferred. */
const post =
  <Body>() =>
  <Path extends string, Response>(path: Path, response: z.ZodMiniType<Response>): Endpoint<'POST', Path, Body, Response> => ({
    method: 'POST',
    path,
    response,
  });

export const API = {
  session: get('/api/auth/session', SessionInfoSchema),
  signup: post<Signup>()('/api/auth/signup', AccountSchema),
  login: post<Login>()('/api/auth/login', AccountSchema),
  logout: post<EmptyBody>()('/api/auth/logout', NoContentSchema),
  requestReset: post<ResetRequest>()('/api/auth/reset', MessageBodySchema),
  confirmReset: post<ResetConfirm>()('/api/auth/reset/confirm', MessageBodySchema),
  verifyEmail: post<VerifyEmail>()('/api/auth/verify', MessageBodySchema),
  resendVerification: post<EmptyBody>()('/api/auth/verify/resend', MessageBodySchema),
  admin: get('/api/admin', OkSchema),

  checkUsername: post<UsernameBody>()('/api/checkUsername', UsernameExistsSchema),
  setUsername: post<UsernameBody>()('/api/setUsername', MessageBodySchema),

  profile: get('/api/users/:uid', ProfileSchema),
  inventory: get('/api/users/:uid/items', ItemListSchema),
  duffel: get('/api/users/:uid/duffel', ItemListSchema),
  log: get('/api/users/:uid/log', ActivityLogSchema),
  trophyCase: get('/api/trophycase/:uid', TrophyCaseSchema),
  trophySets: get('/api/trophycase/:uid/sets', TrophySetsSchema),
  /** `?board=season|alltime`: all-time, the spec's board, when left out (docs/design.md section 8.4). */
  leaderboard: get('/api/leaderboard', BoardSchema),
  /** The reader's league this week (docs/design.md section 9.5). */
  league: get('/api/league', LeagueSchema),
  /** Another player's public card, by name (any case). */
  playerCard: get('/api/players/:username', PlayerCardSchema),
  catalogue: get('/api/catalogue', CatalogueSchema),
  pendingLoot: get('/api/scavenge', LootSchema),

  /** `{zone?}`: where to search (docs/design.md section 8.3). */
  scavenge: post<Scavenge>()('/api/scavenge', SalvageResultSchema),
  takeLoot: post<ScavengeSwap>()('/api/scavenge/swap', SalvageResultSchema),
  swap: post<ProfileSwap>()('/api/swap', IntentResultSchema),
  addTrophy: post<Trophy>()('/api/trophycase', IntentResultSchema),
  deleteItems: post<DeleteItems>()('/api/items/delete', SalvageResultSchema),
  upgradeDuffel: post<EmptyBody>()('/api/duffel/upgrade', IntentResultSchema),
  recipes: get('/api/recipes', RecipeListSchema),
  craft: post<Craft>()('/api/craft', IntentResultSchema),

  contracts: get('/api/contracts', ContractsSchema),
  /** Registered before the slot's claim, so `bonus` is never taken for a slot (test/worker/contracts.test.ts). */
  claimContractBonus: post<EmptyBody>()('/api/contracts/bonus/claim', IntentResultSchema),
  claimContract: post<EmptyBody>()('/api/contracts/:slot/claim', IntentResultSchema),
  secondWind: post<EmptyBody>()('/api/cash/second-wind', IntentResultSchema),
  fieldKit: post<FieldKit>()('/api/cash/field-kit', IntentResultSchema),
  showcase: post<Showcase>()('/api/cash/showcase', IntentResultSchema),
  /** The gold shop (docs/design.md section 9.3). */
  shop: get('/api/shop', ShopSchema),
  refill: post<EmptyBody>()('/api/shop/refill', IntentResultSchema),

  arena: get('/api/arena', ArenaSchema),
  fight: post<FightRequest>()('/api/arena/fights', FightResultSchema),
  fights: get('/api/arena/fights', FightListSchema),
  fightById: get('/api/arena/fights/:id', FightSchema),

  fairness: get('/api/fairness', FairnessSchema),
  setClientSeed: post<ClientSeed>()('/api/fairness/client-seed', FairnessSchema),
  rotateSeed: post<EmptyBody>()('/api/fairness/rotate', RotationSchema),
  fairRolls: get('/api/fairness/rolls', FairRollsSchema),
  fairRoll: get('/api/fairness/rolls/:id', FairRollSchema),

  messages: get('/api/messages', MessagesPageSchema),

  guilds: get('/api/guilds', GuildListSchema),
  createGuild: post<CreateGuild>()('/api/guilds', GuildPageSchema),
  guild: get('/api/guilds/:id', GuildPageSchema),
  joinGuild: post<EmptyBody>()('/api/guilds/:id/join', GuildPageSchema),
  acceptRequest: post<EmptyBody>()('/api/guilds/:id/requests/:username/accept', GuildPageSchema),
  declineRequest: post<EmptyBody>()('/api/guilds/:id/requests/:username/decline', GuildPageSchema),
  leaveGuild: post<EmptyBody>()('/api/guilds/:id/leave', MessageBodySchema),
  kick: post<GuildKick>()('/api/guilds/:id/kick', GuildPageSchema),
  setRole: post<GuildRoleChange>()('/api/guilds/:id/roles', GuildPageSchema),
  /** The guild's Salvage Drive this week (docs/design.md section 8.6). */
  drive: get('/api/guilds/:id/drive', DriveSchema),
  donate: post<Donate>()('/api/guilds/:id/donate', IntentResultSchema),
  claimDrive: post<EmptyBody>()('/api/guilds/:id/drive/claim', IntentResultSchema),

  moderation: get('/api/admin/moderation', ModerationSchema),
  mute: post<Mute>()('/api/admin/mute', ModerationSchema),
  unmute: post<UsernameBody>()('/api/admin/unmute', ModerationSchema),
  ban: post<UsernameBody>()('/api/admin/ban', ModerationSchema),
  unban: post<UsernameBody>()('/api/admin/unban', ModerationSchema),
  deleteMessage: post<DeleteMessage>()('/api/admin/messages/delete', ModerationSchema),

  /** The market (docs/design.md sections 8.5, 9.7). `?catalogId=&quality=&tier=&sort=price|newest`. */
  market: get('/api/market', MarketSchema),
  marketSeen: get('/api/market/seen', MarketSeenSchema),
  myListings: get('/api/market/mine', MyListingsSchema),
  listItem: post<NewListing>()('/api/market/listings', NewListingResultSchema),
  buyListing: post<BuyListing>()('/api/market/listings/:id/buy', IntentResultSchema),
  cancelListing: post<EmptyBody>()('/api/market/listings/:id/cancel', IntentResultSchema),
  collectMarket: post<EmptyBody>()('/api/market/collect', IntentResultSchema),

  /** Notifications (docs/design.md section 8.7). `?endpoint=` says whether that browser is one of the devices. */
  pushSettings: get('/api/notifications', PushSettingsSchema),
  setPushKinds: post<PushKinds>()('/api/notifications/kinds', PushSettingsSchema),
  addPushDevice: post<PushDevice>()('/api/notifications/devices', PushSettingsSchema),
  removePushDevice: post<PushDeviceRemoval>()('/api/notifications/devices/remove', PushSettingsSchema),
  notices: get('/api/notices', NoticesSchema),
  seenNotices: post<EmptyBody>()('/api/notices/seen', NoticesSchema),
} as const;

export type Api = typeof API;

export { ERROR_CODES, type ErrorCode } from './refusal';

/** Every refusal the API answers, by name, from each feature's contract file: `throw refuse(ERRORS.listingGone)`. */
export const ERRORS = {
  ...COMMON_REFUSALS,
  ...ACCOUNTS_REFUSALS,
  ...PLAYERS_REFUSALS,
  ...PROFILE_REFUSALS,
  ...SCAVENGE_REFUSALS,
  ...CRAFTING_REFUSALS,
  ...CONTRACTS_REFUSALS,
  ...CASH_REFUSALS,
  ...ARENA_REFUSALS,
  ...GUILDS_REFUSALS,
  ...DRIVE_REFUSALS,
  ...CHAT_REFUSALS,
  ...MARKET_REFUSALS,
  ...MODERATION_REFUSALS,
  ...NOTIFICATIONS_REFUSALS,
} as const;
export type AnyEndpoint = Endpoint<Method, string, unknown, unknown>;

/** `'/api/users/:uid/items'` → `'uid'`. */
export type ParamNames<Path extends string> = Path extends `${string}:${infer Name}/${infer Rest}`
  ? Name | ParamNames<`/${Rest}`>
  : Path extends `${string}:${infer Name}`
    ? Name
    : never;
export type ParamsOf<E extends AnyEndpoint> = Record<ParamNames<E['path']>, string>;
export type BodyOf<E extends AnyEndpoint> = E extends Endpoint<Method, string, infer Body, unknown> ? Body : never;
export type ResponseOf<E extends AnyEndpoint> = E extends Endpoint<Method, string, unknown, infer Response> ? Response : never;

/** The concrete path of an endpoint: `:name` segments filled in, URL-encoded. */
export function pathOf<E extends AnyEndpoint>(endpoint: E, params: ParamsOf<E>): string {
  const values: Record<string, string> = params;
  return endpoint.path.replace(/:([A-Za-z]+)/g, (_, name: string) => encodeURIComponent(values[name] ?? ''));
}
