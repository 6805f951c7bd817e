/** The dev mailbox and fixtures, under /dev (a 404 outside development). */
import { Hono } from 'hono';
import type { AppEnv } from '../../core/env';
import type { Feature } from '../../core/feature';
import { devRoutes } from './routes';

export const dev: Feature = { routes: new Hono<AppEnv>().route('/dev', devRoutes) };
