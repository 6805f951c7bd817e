/**
 * The worker's side of the API contract (game/api.ts): `route` registers one endpoint with its guard and its
 * input schemas, and the compiler holds both ends to the contract. The body schema's input type must be the
 * endpoint's body type (both ways: a schema that accepts less, or more, does not compile), a GET takes no
 * body, a POST must have one, and the handler's answer must be the endpoint's response type. The request
 * schemas are bound here, on the worker side, so the contract the client loads carries types only.
 */
import type { Context, Env as HonoEnv, Hono, MiddlewareHandler } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { z } from 'zod';
import type { AnyEndpoint, BodyOf, ParamsOf, ResponseOf } from '../../game/api';
import { COMMON_REFUSALS } from '../../game/contracts/common';
import type { AppEnv } from './env';
import { ApiError } from './errors';
import { intentKeyOf } from './intent-keys';
import { validate } from './validate';

/** The schema, when its input type is the endpoint's body type; otherwise a type no schema has, naming the mistake. */
type BodyMatching<E extends AnyEndpoint, S extends z.ZodType> = [z.input<S>] extends [BodyOf<E>]
  ? [BodyOf<E>] extends [z.input<S>]
    ? S
    : { error: 'the body schema accepts less than the contract body type' }
  : { error: 'the body schema accepts more than the contract body type' };

type Parsed<S> = S extends z.ZodType ? z.output<S> : undefined;

/** A POST names its body schema; a GET has none. */
type BodyOption<E extends AnyEndpoint, B extends z.ZodType> = E['method'] extends 'POST' ? { body: B & BodyMatching<E, B> } : { body?: undefined };

export type RouteOptions<E extends AnyEndpoint, G extends HonoEnv, B extends z.ZodType, Q> = BodyOption<E, B> & {
  /** Who may call it; every route names one (`publicRoute` for the few anyone may call). */
  guard: MiddlewareHandler<G>;
  /** The query is not in the contract: its schema lives beside the route. */
  query?: Q & z.ZodType;
  /** Checks of the path's `:name` segments, when they must be more than any string. */
  path?: z.ZodType<Partial<ParamsOf<E>>>;
  /** 201 for a creation; 204 for an endpoint whose response is no content. */
  status?: ContentfulStatusCode | 204;
};

export type RouteHandler<E extends AnyEndpoint, G extends HonoEnv, B, Q> = (
  c: Context<G>,
  input: { body: Parsed<B>; query: Parsed<Q>; path: ParamsOf<E> },
) => ResponseOf<E> | Promise<ResponseOf<E>>;

/** A guard that lets anyone through: signing in and up, the public catalogue. */
export const publicRoute: MiddlewareHandler<AppEnv> = async (_c, next) => {
  await next();
};

/** What any endpoint may answer: the common refusals, and a request schema's own words (`badRequest`, code `invalid`). */
const ANY_ENDPOINT_REFUSES = new Set<string>([...Object.values(COMMON_REFUSALS).map((refusal) => refusal.code), 'invalid']);

/**
 * A refusal the endpoint's contract entry does not list (game/endpoint.ts `refuses`), outside production: a 500 naming
 * it, so a test that reaches it fails and the contract is mended. In production the player gets the refusal itself.
 */
function unlisted(endpoint: AnyEndpoint, error: unknown, env: Env): Error | null {
  if (!(error instanceof ApiError) || env.ENVIRONMENT === 'production') return null;
  if (ANY_ENDPOINT_REFUSES.has(error.code) || endpoint.refuses.some((refusal) => refusal.code === error.code)) return null;
  return new Error(`${endpoint.method} ${endpoint.path} refused with "${error.code}", which its contract entry does not list (game/contracts/)`);
}

/** Registers `endpoint` on `router`: the guard, then the input checks (a 400 with the schema's message), then the handler. */
export function route<E extends AnyEndpoint, G extends HonoEnv, B extends z.ZodType = z.ZodUndefined, Q = undefined>(
  router: Hono<AppEnv>,
  endpoint: E,
  options: RouteOptions<E, G, B, Q>,
  handle: RouteHandler<E, G, B, Q>,
): void {
  const checks: MiddlewareHandler[] = [];
  if (options.body) checks.push(validate('json', options.body as z.ZodType));
  if (options.query) checks.push(validate('query', options.query));
  if (options.path) checks.push(validate('param', options.path));
  // The guard has run, so the context carries what it sets (G's variables): typed as the guard's own.
  router.on(endpoint.method, endpoint.path, options.guard as MiddlewareHandler, ...checks, async (c: Context) => {
    // The validators above have run for exactly the inputs named in options.
    const valid = (target: 'json' | 'query') => (c.req.valid as (this: typeof c.req, target: string) => unknown).call(c.req, target);
    const input = {
      body: (options.body ? valid('json') : undefined) as Parsed<B>,
      query: (options.query ? valid('query') : undefined) as Parsed<Q>,
      // Hono matched the contract's path, so every `:name` of it is there.
      path: c.req.param() as ParamsOf<E>,
    };
    // A POST may name itself with an Idempotency-Key; the commit engine keeps it (./intent-keys.ts).
    if (endpoint.method === 'POST') {
      const key = await intentKeyOf(c, endpoint.path, input.body);
      if (key) c.set('intentKey', key);
    }
    let value: ResponseOf<E>;
    try {
      value = await handle(c as Context<G>, input);
    } catch (error) {
      throw unlisted(endpoint, error, c.env as Env) ?? error;
    }
    if (options.status === 204) return c.body(null, 204);
    return c.json(value, options.status ?? 200);
  });
}
