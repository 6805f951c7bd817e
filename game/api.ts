/**
 * The API contract: every JSON endpoint once, with its method, path, request body type and response schema.
 * The worker registers its routes under these paths and types each answer against them (worker/core/route.ts);
 * the client calls through them and parses each answer (client/lib/api.ts). A test walks the worker's
 * registered routes against this table, so neither side can drift.
 *
 * Bodies are types only: the worker validates them with the schemas of ./schemas.ts (which carry the spec's
 * messages), and the client's forms use the same schemas, so the client does not load them here.
 */
import { COMMON_REFUSALS } from './contracts/common';
import type { Endpoint, Method } from './endpoint';
import { ACCOUNTS_API, ACCOUNTS_REFUSALS } from './contracts/accounts';
import { PLAYERS_API, PLAYERS_REFUSALS } from './contracts/players';
import { PROFILE_API, PROFILE_REFUSALS } from './contracts/profile';
import { SCAVENGE_API, SCAVENGE_REFUSALS } from './contracts/scavenge';
import { CRAFTING_API, CRAFTING_REFUSALS } from './contracts/crafting';
import { CONTRACTS_API, CONTRACTS_REFUSALS } from './contracts/contracts';
import { CASH_API, CASH_REFUSALS } from './contracts/cash';
import { SHOP_API, SHOP_REFUSALS } from './contracts/shop';
import { LEAGUES_API } from './contracts/leagues';
import { FAIRNESS_API } from './contracts/fairness';
import { ARENA_API, ARENA_REFUSALS } from './contracts/arena';
import { SPARRING_API } from './contracts/sparring';
import { GUILDS_API, GUILDS_REFUSALS } from './contracts/guilds';
import { DRIVE_API, DRIVE_REFUSALS } from './contracts/drive';
import { CHAT_API, CHAT_REFUSALS } from './contracts/chat';
import { MARKET_API, MARKET_REFUSALS } from './contracts/market';
import { MODERATION_API, MODERATION_REFUSALS } from './contracts/moderation';
import { NOTIFICATIONS_API, NOTIFICATIONS_REFUSALS } from './contracts/notifications';

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

export type { Endpoint, Method };

/** Every endpoint, from each feature's contract file (./contracts/): its method, path, body type and answer. */
export const API = {
  ...ACCOUNTS_API,
  ...MODERATION_API,
  ...PLAYERS_API,
  ...PROFILE_API,
  ...LEAGUES_API,
  ...SCAVENGE_API,
  ...CRAFTING_API,
  ...CONTRACTS_API,
  ...CASH_API,
  ...SHOP_API,
  ...ARENA_API,
  ...SPARRING_API,
  ...FAIRNESS_API,
  ...CHAT_API,
  ...GUILDS_API,
  ...DRIVE_API,
  ...MARKET_API,
  ...NOTIFICATIONS_API,
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
  ...SHOP_REFUSALS,
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
