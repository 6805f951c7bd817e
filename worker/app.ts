/** The Worker's HTTP surface: /api/* and /dev/*. Everything else is the SPA, served by the assets layer. */
import { Hono, type ErrorHandler } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { HTTPException } from 'hono/http-exception';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { MSG } from '../game/messages';
import { jsonBodiesOnly, sameOriginOnly } from './auth/origin';
import { createDb } from './db/client';
import type { AppEnv } from './env';
import { ApiError, errorResponse, notFound } from './errors';
import { securityHeaders } from './security-headers';
import { adminRoutes } from './routes/admin';
import { arenaRoutes } from './routes/arena';
import { authRoutes } from './routes/auth';
import { chatRoutes } from './routes/chat';
import { devRoutes } from './routes/dev';
import { gameRoutes } from './routes/game';
import { guildRoutes } from './routes/guilds';
import { googleRoutes } from './routes/google';
import { playerRoutes } from './routes/players';

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
    throw new ApiError(413, 'too_large', MSG.invalidRequest);
  },
});
for (const path of ['/api/*', '/dev/*']) {
  app.use(path, securityHeaders);
  app.use(path, limitBody);
  app.use(path, sameOriginOnly);
  app.use(path, jsonBodiesOnly);
}

app.get('/api/health', (c) => c.json({ ok: true }));
// Routes carry their full paths from the API contract (game/api.ts); Google's redirects and the chat socket,
// which are not JSON, name theirs where they are defined.
app.route('/', authRoutes);
app.route('/api/auth/google', googleRoutes);
app.route('/', adminRoutes);
app.route('/', playerRoutes);
app.route('/', gameRoutes);
app.route('/', arenaRoutes);
app.route('/', guildRoutes);
app.route('/', chatRoutes);
app.route('/dev', devRoutes);

app.notFound(() => {
  throw notFound();
});

/** The one error handler: ApiError as it is, Hono's own 4xx in the same shape, anything else a generic 500. */
export const handleError: ErrorHandler<AppEnv> = (error, c) => {
  if (error instanceof ApiError) return errorResponse(c, error);
  if (error instanceof HTTPException && error.status < 500) {
    // Hono's own 4xx (malformed JSON and the like): same shape, no internals.
    return errorResponse(c, new ApiError(error.status as ContentfulStatusCode, 'invalid', MSG.invalidRequest));
  }
  console.error('unhandled error', error);
  return errorResponse(c, new ApiError(500, 'internal', MSG.internal));
};
app.onError(handleError);

export type AppType = typeof app;
