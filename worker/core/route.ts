/**
 * The worker's side of the API contract (game/api.ts): routes register under the contract's paths and answer
 * through `reply`, which only compiles when the value has the endpoint's response type.
 */
import type { Context } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { AnyEndpoint, ResponseOf } from '../../game/api';

export function reply<E extends AnyEndpoint>(c: Context, _endpoint: E, value: ResponseOf<E>, status: ContentfulStatusCode = 200): Response {
  return c.json(value, status);
}
