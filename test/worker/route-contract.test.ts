/**
 * `route` (worker/core/route.ts) holds a route to its contract entry at compile time: each `@ts-expect-error`
 * below is a mistake the compiler must refuse, so `npm run typecheck` fails if a check stops working (an
 * unused `@ts-expect-error` is itself an error). The test body registers the well-typed routes and calls them.
 */
import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { API } from '../../game/api';
import { EmptyBodySchema, TrophySchema, UsernameBodySchema } from '../../game/schemas';
import { handleError } from '../../worker/app';
import type { AppEnv } from '../../worker/core/env';
import { publicRoute, route } from '../../worker/core/route';

function mistakes(router: Hono<AppEnv>) {
  // @ts-expect-error a POST without its body schema
  route(router, API.addTrophy, { guard: publicRoute }, () => ({ message: '' }) as never);
  // @ts-expect-error the schema of another endpoint's body (accepts less than the contract's)
  route(router, API.addTrophy, { guard: publicRoute, body: EmptyBodySchema }, () => ({}) as never);
  // @ts-expect-error a schema accepting a body the contract does not name
  route(router, API.upgradeDuffel, { guard: publicRoute, body: TrophySchema }, () => ({}) as never);
  // @ts-expect-error a GET with a body
  route(router, API.catalogue, { guard: publicRoute, body: EmptyBodySchema }, () => []);
  // @ts-expect-error an answer that is not the endpoint's response
  route(router, API.checkUsername, { guard: publicRoute, body: UsernameBodySchema }, () => ({ exists: 'yes' }));
  // @ts-expect-error a path parameter the endpoint's path does not have
  route(router, API.fightById, { guard: publicRoute }, (_c, { path }) => path.uid as never);
}

describe('route', () => {
  it('registers the contract path and method, validates the body with the schema, and answers the handler value', async () => {
    const router = new Hono<AppEnv>();
    router.onError(handleError);
    route(router, API.checkUsername, { guard: publicRoute, body: UsernameBodySchema }, (_c, { body }) => ({ exists: body.username === 'taken' }));
    route(router, API.logout, { guard: publicRoute, body: EmptyBodySchema, status: 204 }, () => undefined);
    expect(typeof mistakes).toBe('function');
    const post = (path: string, body: unknown) => router.request(path, { method: 'POST', body: JSON.stringify(body), headers: { 'Content-Type': 'application/json' } });
    expect(await (await post(API.checkUsername.path, { username: 'taken' })).json()).toEqual({ exists: true });
    expect((await post(API.checkUsername.path, { username: 'x' })).status).toBe(400);
    expect((await post(API.logout.path, {})).status).toBe(204);
    expect((await router.request(API.checkUsername.path)).status).toBe(404);
  });
});
