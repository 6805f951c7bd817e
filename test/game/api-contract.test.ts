/**
 * The contract's files (game/contracts/): each refusal names a message that exists and a code the API declares
 * (game/refusal.ts), game/api.ts collects every endpoint and refusal once, and an endpoint lists only refusals of
 * the contract beyond the common ones.
 */
import { readdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { API, ERRORS, ERROR_CODES } from '../../game/api';
import { COMMON_REFUSALS } from '../../game/contracts/common';
import { MSG } from '../../game/messages';

describe('the refusals of the contract', () => {
  it('each names a message of MSG and a declared error code', () => {
    for (const [name, refusal] of Object.entries(ERRORS)) {
      expect(MSG, name).toHaveProperty(refusal.message);
      expect(ERROR_CODES, name).toContain(refusal.code);
      expect(refusal.status, name).toBeGreaterThanOrEqual(400);
    }
  });

  it('no two feature contracts define the same refusal or endpoint name', async () => {
    const folder = new URL('../../game/contracts/', import.meta.url);
    const files = readdirSync(folder).filter((file) => file.endsWith('.ts'));
    const contracts = await Promise.all(files.map((file) => import(/* @vite-ignore */ new URL(file, folder).href) as Promise<Record<string, Record<string, unknown>>>));
    const names = contracts.flatMap((module) => Object.entries(module).flatMap(([name, table]) => (name.endsWith('_REFUSALS') ? Object.keys(table) : [])));
    expect(names.length).toBe(new Set(names).size);
    expect(names.length).toBe(Object.keys(ERRORS).length);
    // The same for endpoints: a name declared twice would leave one out of API silently.
    const endpoints = contracts.flatMap((module) => Object.entries(module).flatMap(([name, table]) => (name.endsWith('_API') ? Object.keys(table) : [])));
    expect(endpoints.length).toBe(Object.keys(API).length);
  });

  it("each endpoint's own refusals are the contract's, none of them common and none twice", () => {
    const declared = new Set<unknown>(Object.values(ERRORS));
    const common = new Set<unknown>(Object.values(COMMON_REFUSALS));
    for (const [name, endpoint] of Object.entries(API)) {
      for (const refusal of endpoint.refuses) {
        expect(declared.has(refusal), `${name} lists a refusal ERRORS does not hold`).toBe(true);
        expect(common.has(refusal), `${name} lists a refusal any endpoint may answer`).toBe(false);
      }
      expect(new Set(endpoint.refuses).size, name).toBe(endpoint.refuses.length);
    }
    // The lists say something: the intents that can be refused for their own reasons name them.
    expect(API.buyListing.refuses).toContain(ERRORS.listingGone);
    expect(API.scavenge.refuses).toContain(ERRORS.zoneLevel);
  });
});
