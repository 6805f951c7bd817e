/** The admin area. Everyone but the admin gets a 404, so the route's existence is not revealed. */
import { Hono } from 'hono';
import { isAdmin, loadCaller } from '../auth/session';
import type { AppEnv } from '../env';
import { notFound } from '../errors';

export const adminRoutes = new Hono<AppEnv>()
  .use(async (c, next) => {
    if (!isAdmin(c.env, await loadCaller(c))) throw notFound();
    await next();
  })
  .get('/', (c) => c.json({ ok: true }));
