/**
 * The Worker's HTTP surface: /api/* and /dev/*. Everything else is the SPA, served by the assets layer.
 * The composition root: the one place that names every feature (docs/decisions/012-server-by-feature.md).
 */
import { Hono, type ErrorHandler } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { createMiddleware } from 'hono/factory';
import { HTTPException } from 'hono/http-exception';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { MSG } from '../game/messages';
import { jsonBodiesOnly, sameOriginOnly } from './core/origin';
import { createDb } from './core/db/client';
import type { AppEnv } from './core/env';
import { ApiError, errorResponse, notFound } from './core/errors';
import { securityHeaders } from './core/security-headers';
import { adminRoutes } from './features/moderation/routes';
import { arenaRoutes } from './features/arena/routes';
import { authRoutes } from './features/accounts/routes';
import { chatRoutes } from './features/chat/routes';
import { serverFirstsHook, tellChatAfterCommit, tellWorldAfterCommit } from './features/chat';
import { devRoutes } from './features/dev/routes';
import { cashRoutes } from './features/cash/routes';
import { contractRoutes } from './features/contracts/routes';
import { craftingRoutes } from './features/crafting/routes';
import { fairnessRoutes } from './features/fairness/routes';
import { guildRoutes } from './features/guilds/routes';
import { googleRoutes } from './features/accounts/google';
import { playerRoutes } from './features/players/routes';
import { profileRoutes } from './features/profile/routes';
import { scavengeRoutes } from './features/scavenge/routes';
import { marketRoutes } from './features/market';
import { driveProgressHook, driveRoutes } from './features/drive';
import { shopRoutes } from './features/shop';
import { notificationRoutes, pushAfterCommit, rescheduleAfterCommit } from './features/notifications';
import { watchCommits } from './core/commit-watchers';
import { hookCommits } from './core/commit-hooks';
import { contractProgressHook } from './features/contracts';
import { seasonScoreHook } from './features/seasons';
import { leagueRoutes, leagueScoreHook } from './features/leagues';

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
// Routes carry their full paths from the API contract (game/api.ts, registered by worker/core/route.ts);
// Google's redirects and the chat sockets, which are not JSON, name theirs where they are defined.
app.route('/', authRoutes);
app.route('/api/auth/google', googleRoutes);
app.route('/', adminRoutes);
app.route('/', playerRoutes);
app.route('/', profileRoutes);
app.route('/', scavengeRoutes);
app.route('/', craftingRoutes);
app.route('/', contractRoutes);
app.route('/', cashRoutes);
app.route('/', shopRoutes);
app.route('/', arenaRoutes);
app.route('/', fairnessRoutes);
app.route('/', guildRoutes);
app.route('/', chatRoutes);
app.route('/', marketRoutes);
app.route('/', driveRoutes);
app.route('/', notificationRoutes);
app.route('/', leagueRoutes);
// After the answer, every commit moves the player's timed pushes when it moved their times (docs/design.md
// section 8.7), tells the chat rooms what happened (news and notices) and what others now see (section 9.11), and
// pushes what happens at once.
watchCommits(rescheduleAfterCommit);
watchCommits(tellChatAfterCommit);
watchCommits(tellWorldAfterCommit);
watchCommits(pushAfterCommit);
// Features that follow every intent write in its batch (worker/core/commit-hooks.ts).
hookCommits(contractProgressHook);
hookCommits(seasonScoreHook);
hookCommits(leagueScoreHook);
hookCommits(serverFirstsHook);
hookCommits(driveProgressHook);
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
