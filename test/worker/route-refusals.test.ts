/**
 * An endpoint answers only the refusals its contract entry lists (game/endpoint.ts `refuses`) and the common ones:
 * outside production, `route` (worker/core/route.ts) turns any other into a 500 naming it, so the test that reaches it
 * fails and the contract is mended; in production the player gets the refusal itself.
 */
import { env } from 'cloudflare:workers';
import { Hono } from 'hono';
import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod/mini';
import { ERRORS } from '../../game/api';
import { get } from '../../game/endpoint';
import type { Refusal } from '../../game/refusal';
import { handleError } from '../../worker/app';
import type { AppEnv } from '../../worker/core/env';
import { refuse, type ApiError } from '../../worker/core/errors';
import { publicRoute, route } from '../../worker/core/route';

/** An app of one endpoint whose handler throws `refusal`; its entry lists `listed`. */
function appRefusing(refusal: ApiError, listed: readonly Refusal[]) {
  const app = new Hono<AppEnv>();
  route(app, get('/api/refusing', z.object({}), listed), { guard: publicRoute }, () => {
    throw refusal;
  });
  app.onError(handleError);
  return app;
}

const answer = async (app: Hono<AppEnv>, environment: string) => {
  const response = await app.request('/api/refusing', {}, { ...env, ENVIRONMENT: environment });
  return { status: response.status, body: (await response.json()) as { error: { code: string } } };
};

describe('the refusals an endpoint may answer', () => {
  it('its own listed refusal and a common one are answered as they are', async () => {
    expect(await answer(appRefusing(refuse(ERRORS.listingGone), [ERRORS.listingGone]), 'test')).toEqual({ status: 404, body: { error: { code: 'listing_gone', message: expect.any(String) } } });
    expect(await answer(appRefusing(refuse(ERRORS.notEnoughGold), []), 'test')).toMatchObject({ status: 400, body: { error: { code: 'not_enough_gold' } } });
  });

  it('an unlisted refusal is a 500 naming the endpoint and the code outside production, and the refusal in production', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    try {
      expect(await answer(appRefusing(refuse(ERRORS.listingGone), [ERRORS.priceChanged]), 'test')).toMatchObject({ status: 500, body: { error: { code: 'internal' } } });
      expect(String(logged.mock.calls[0]?.[1])).toContain('GET /api/refusing refused with "listing_gone", which its contract entry does not list');
    } finally {
      logged.mockRestore();
    }
    expect(await answer(appRefusing(refuse(ERRORS.listingGone), [ERRORS.priceChanged]), 'production')).toMatchObject({ status: 404, body: { error: { code: 'listing_gone' } } });
  });
});
