/** The admin area. Everyone but the admin gets a 404, so the route's existence is not revealed. */
import { Hono } from 'hono';
import { createMiddleware } from 'hono/factory';
import { API } from '../../game/api';
import { isAdmin, loadCaller } from '../auth/session';
import { reply } from '../contract';
import type { AppEnv } from '../env';
import { notFound } from '../errors';

/** On each route, not with use(): mounted at the root, a use() would catch every path of the app. */
const adminOnly = createMiddleware<AppEnv>(async (c, next) => {
  if (!isAdmin(c.env, await loadCaller(c))) throw notFound();
  await next();
});

export const adminRoutes = new Hono<AppEnv>().get(API.admin.path, adminOnly, (c) => reply(c, API.admin, { ok: true }));
