/**
 * The Worker's HTTP surface: /api/* and /dev/*. Everything else is the SPA, served by the assets layer.
 * A composition root: it mounts every feature that worker/registry.ts lists (docs/decisions/012-server-by-feature.md).
 */
import { ERRORS } from '../game/api';
import { Hono, type ErrorHandler } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { createMiddleware } from 'hono/factory';
import { HTTPException } from 'hono/http-exception';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { MSG } from '../game/messages';
import { jsonBodiesOnly, sameOriginOnly } from './core/origin';
import { createDb } from './core/db/client';
import type { AppEnv } from './core/env';
import { ApiError, errorResponse, refuse } from './core/errors';
import { securityHeaders } from './core/security-headers';
import { watchCommits } from './core/commit-watchers';
import { hookCommits } from './core/commit-hooks';
import { FEATURES } from './registry';

/** No request of the game needs more than a few kilobytes. */
const MAX_BODY_BYTES = 16 * 1024;

export const app = new Hono<AppEnv>();

app.use(async (c, next) => {
  c.set('db', createDb(c.env.DB));
  await next();
});
const limitBody = bodyLimit({
  maxSize: MAX_BODY_BYTES,
  onError: () => {
    throw refuse(ERRORS.tooLarge);
  },
});
/**
 * A request's body is read to its end before the answer leaves, also when the route refused without looking
 * at it. Under `vite dev`, the bridge from Node into workerd can fail a POST answered before its body was read
 * ("fetch failed"), and Vite then answers 500 instead of the Worker's 4xx (workers-sdk issues 13189 and 15027;
 * seen in admin.spec, 2 of 25 runs). limitBody caps what is left at MAX_BODY_BYTES, so it costs nothing deployed.
 */
const readBodyToEnd = createMiddleware(async (c, next) => {
  await next();
  if (c.req.raw.body && !c.req.raw.bodyUsed) await c.req.raw.arrayBuffer().catch(() => undefined);
});
for (const path of ['/api/*', '/dev/*']) {
  app.use(path, readBodyToEnd);
  app.use(path, securityHeaders);
  app.use(path, limitBody);
  app.use(path, sameOriginOnly);
  app.use(path, jsonBodiesOnly);
}

app.get('/api/health', (c) => c.json({ ok: true }));
// Each feature's routes carry their full paths from the API contract (game/api.ts, registered by
// worker/core/route.ts); its hooks write in every intent's batch (worker/core/commit-hooks.ts) and its watchers
// follow every commit once the answer has left (worker/core/commit-watchers.ts).
for (const feature of FEATURES) {
  if (feature.routes) app.route('/', feature.routes);
  feature.hooks?.forEach(hookCommits);
  feature.watchers?.forEach(watchCommits);
}

app.notFound(() => {
  throw refuse(ERRORS.notFound);
});

/** The one error handler: ApiError as it is, Hono's own 4xx in the same shape, anything else a generic 500. */
export const handleError: ErrorHandler<AppEnv> = (error, c) => {
  if (error instanceof ApiError) return errorResponse(c, error);
  if (error instanceof HTTPException && error.status < 500) {
    // Hono's own 4xx (malformed JSON and the like): same shape, no internals.
    return errorResponse(c, new ApiError(error.status as ContentfulStatusCode, 'invalid', MSG.invalidRequest));
  }
  console.error('unhandled error', error);
  return errorResponse(c, refuse(ERRORS.internal));
};
app.onError(handleError);
