/**
 * CSRF defence for every state-changing request (docs/design.md section 2). Hono's `csrf()` only checks form
 * content types, trusting CORS preflights to stop cross-site JSON; we check every unsafe method instead, so
 * a misconfigured CORS policy or a `text/plain` body cannot slip through. Bearer-token clients carry no
 * ambient credentials and are exempt.
 */
import { ERRORS } from '../../game/api';
import type { MiddlewareHandler } from 'hono';
import type { AppEnv } from './env';
import { refuse } from './errors';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

export function isSameOrigin(request: Request): boolean {
  const origin = request.headers.get('Origin');
  if (origin) return origin === new URL(request.url).origin;
  // Browsers send Origin on every unsafe fetch; without it, accept only what Fetch Metadata vouches for.
  return request.headers.get('Sec-Fetch-Site') === 'same-origin';
}

export const sameOriginOnly: MiddlewareHandler<AppEnv> = async (c, next) => {
  const usesBearer = c.req.header('Authorization')?.startsWith('Bearer ') ?? false;
  if (!SAFE_METHODS.has(c.req.method) && !usesBearer && !isSameOrigin(c.req.raw)) {
    throw refuse(ERRORS.badOrigin);
  }
  await next();
};

/**
 * Every state-changing request of the API carries a JSON body, even an empty `{}` (issue #15): anything else
 * is refused with 415 before a handler sees it. Without this, Hono's JSON validator treats a body of another
 * type as `{}`, so `text/plain` garbage ran a body-less intent.
 */
export const jsonBodiesOnly: MiddlewareHandler<AppEnv> = async (c, next) => {
  const type = c.req.header('Content-Type')?.split(';')[0]?.trim().toLowerCase();
  if (!SAFE_METHODS.has(c.req.method) && type !== 'application/json') {
    throw refuse(ERRORS.unsupportedBody);
  }
  await next();
};
