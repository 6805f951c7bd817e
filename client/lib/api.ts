/**
 * The one HTTP client of the SPA, driven by the API contract (game/api.ts): `api.call(API.profile, { params:
 * { uid } })`. Paths, bodies and answers are typed from the endpoint, and every answer is parsed with the
 * endpoint's response schema, so a shape the server changes fails here, loudly, instead of rendering
 * `undefined`. Failures become `ApiError` carrying the server's message (the spec's text), so screens show
 * exactly what the server decided.
 *
 * This module brings the contract, and zod/mini with it (about 20 KB of gzipped JS with the zod core the auth
 * forms share): the shell, which the landing page loads, never imports it (the session is read through ./http.ts,
 * ./session.tsx); the data layer (./query.ts) and the features, which load with the screens, import it directly.
 */
import { z } from 'zod/mini';
import { API, IDEMPOTENCY_HEADER, pathOf, type AnyEndpoint, type Endpoint, type ErrorCode, type Method, type ParamNames } from '../../game/api';
import { ErrorBodySchema } from '../../game/wire';
import { NETWORK_ERROR, send } from './http';
import { retryStarted } from './retrying';

export { API };

/** What a failed call says it was: the server's error code (game/api.ts ERROR_CODES), or why no answer came. */
export type FailureCode = ErrorCode | 'network' | 'unexpected-response';

export class ApiError extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly code: FailureCode,
  ) {
    super(message);
  }
}

/** A refusal as a screen handles it: the words to show, and the code to branch on (never the words). */
export interface Refusal {
  message: string;
  code: FailureCode;
}

export function refusalOf(error: unknown): Refusal {
  return error instanceof ApiError ? { message: error.message, code: error.code } : { message: NETWORK_ERROR, code: 'network' };
}

/** Shown when the server could not be reached or answered without our error shape (./http.ts). */
export { NETWORK_ERROR };

/** The text to show for a failed call: the server's own message (the spec's text), else the network text. */
export function messageOf(error: unknown): string {
  return error instanceof ApiError ? error.message : NETWORK_ERROR;
}

/** `params` when the path has `:names`, `body` when the endpoint takes one (optional when `{}` will do). */
export type CallOptions<M extends Method, Path extends string, Body> = ([ParamNames<Path>] extends [never]
  ? { params?: undefined }
  : { params: Record<ParamNames<Path>, string> }) &
  (M extends 'GET' ? { body?: undefined } : Record<never, never> extends Body ? { body?: Body } : { body: Body }) & { query?: Record<string, string> };

/** The options argument may be left out when nothing in it is required. */
type CallArgs<M extends Method, Path extends string, Body> =
  object extends CallOptions<M, Path, Body> ? [options?: CallOptions<M, Path, Body>] : [options: CallOptions<M, Path, Body>];

/**
 * Who hears every intent's answer, once it is parsed and before the caller gets it: the player's cache
 * (./player.ts), so every intent's fresh profile updates it in this one place and no screen applies it by hand.
 */
const intentListeners: ((answer: unknown) => void)[] = [];

export function onIntentAnswer(listener: (answer: unknown) => void): void {
  if (!intentListeners.includes(listener)) intentListeners.push(listener);
}

/**
 * An intent whose answer was lost (no answer at all, or a gateway's 502, 503 or 504 without the Worker's error body)
 * is sent again after each of these waits, with the same Idempotency-Key, so the Worker does it once and answers
 * its first answer (docs/decisions/031-idempotency-keys.md). A refusal (4xx) is an answer, and never sent again.
 */
const RETRY_WAITS_MS = [500, 1500, 3500];
const GATEWAY_STATUSES = [502, 503, 504];

/** The final error when every try lost its answer: it may have been done, so the page must be read again. */
export const LOST_ANSWER = 'No answer from the server, so we cannot tell whether that went through. Check your connection, then reload the page to see.';

/**
 * An intent of the game: every POST but the account's, which are sent once: their answers set cookies, and the
 * Worker keeps no key for them (a second username or signup would be refused though the first went through).
 */
const isIntent = (endpoint: AnyEndpoint) => endpoint.method === 'POST' && !endpoint.path.startsWith('/api/auth/') && endpoint !== API.checkUsername && endpoint !== API.setUsername;

/** A key per tap: 128 random bits in hex (crypto.randomUUID needs a secure context; this does not). */
const newKey = () => Array.from(crypto.getRandomValues(new Uint8Array(16)), (byte) => byte.toString(16).padStart(2, '0')).join('');

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms * (0.75 + Math.random() / 2)));

/** One try: the answer and its body, or null when no answer came. */
async function attempt(path: string, method: Method, sent: string | undefined, headers: Record<string, string>) {
  try {
    const response = await send(path, method, sent, headers);
    const data: unknown = response.status === 204 ? undefined : await response.json().catch(() => undefined);
    return { response, data };
  } catch {
    return null;
  }
}

/** Sends one request of the contract and answers its parsed response; throws ApiError on any failure. */
async function call<M extends Method, Path extends string, Body, Answer>(
  endpoint: Endpoint<M, Path, Body, Answer>,
  ...[options]: CallArgs<M, Path, Body>
): Promise<Answer> {
  // The conditional option types cannot be read while generic; this is the shape every one of them has.
  const { params, body, query }: { params?: Record<string, string>; body?: unknown; query?: Record<string, string> } = options ?? {};
  const search = query ? `?${new URLSearchParams(query)}` : '';
  const path = pathOf<AnyEndpoint>(endpoint, params ?? {}) + search;
  // Intents that carry nothing still send an empty JSON object: the server refuses anything else.
  const sent = endpoint.method === 'POST' ? JSON.stringify(body ?? {}) : undefined;
  const key = isIntent(endpoint) ? newKey() : undefined;
  let retried: (() => void) | undefined;
  try {
    for (let tries = 0; ; tries += 1) {
      const answered = await attempt(path, endpoint.method, sent, key ? { [IDEMPOTENCY_HEADER]: key } : {});
      const lost = !answered || (GATEWAY_STATUSES.includes(answered.response.status) && !ErrorBodySchema.safeParse(answered.data).success);
      if (!lost) return parsed(endpoint, answered.response, answered.data);
      const retryIn = RETRY_WAITS_MS[tries];
      if (!key) throw new ApiError(NETWORK_ERROR, answered?.response.status ?? 0, 'network');
      if (retryIn === undefined) throw new ApiError(LOST_ANSWER, answered?.response.status ?? 0, 'network');
      retried ??= retryStarted();
      await wait(retryIn);
    }
  } finally {
    retried?.();
  }
}

/** The endpoint's answer, parsed; its refusal or an unexpected shape as an ApiError. */
function parsed<Answer>(endpoint: Endpoint<Method, string, unknown, Answer>, response: Response, data: unknown): Answer {
  if (!response.ok) {
    const error = ErrorBodySchema.safeParse(data);
    throw error.success
      ? // A code this client does not know (a newer server) matches no branch: the message is shown as it is.
        new ApiError(error.data.error.message, response.status, error.data.error.code as ErrorCode)
      : new ApiError(NETWORK_ERROR, response.status, 'network');
  }
  const answer = z.safeParse(endpoint.response, data);
  if (!answer.success) {
    console.warn(`${endpoint.method} ${endpoint.path} answered an unexpected shape`, answer.error);
    throw new ApiError(NETWORK_ERROR, response.status, 'unexpected-response');
  }
  if (endpoint.method === 'POST') for (const listener of intentListeners) listener(answer.data);
  return answer.data;
}

export const api = { call };
