import { describe, expect, it } from 'vitest';
import { MSG } from '../../game/messages';
import { call, expectError, newPlayer } from './helpers';

describe('the API error shape', () => {
  it('answers unknown API routes with a JSON 404', async () => {
    const response = await call('/api/no/such/route');
    expect(response.headers.get('Content-Type')).toMatch(/application\/json/);
    await expectError(response, 404, MSG.notFound);
  });

  it('answers malformed JSON with a 400 in the same shape', async () => {
    await expectError(await call('/api/auth/login', { raw: '{"identifier": ' }), 400);
    await expectError(await call('/api/auth/signup', { raw: '[]' }), 400);
    await expectError(await call('/api/auth/signup', { raw: 'null' }), 400);
  });

  it('refuses bodies over 16 KiB before reading them', async () => {
    const player = await newPlayer();
    await expectError(await call('/api/setUsername', { raw: JSON.stringify({ username: 'x'.repeat(20_000) }), token: player.token }), 413);
  });

  it('never answers bad input with a 500', async () => {
    const player = await newPlayer();
    const bodies = ['', '"just a string"', '{"__proto__": {"isAdmin": true}}', '{"username": {"$ne": null}}', `{"username": "x' OR 1=1 --"}`, '{"username": ["a","b"]}'];
    for (const path of ['/api/auth/signup', '/api/auth/login', '/api/auth/reset', '/api/auth/reset/confirm', '/api/setUsername', '/api/checkUsername']) {
      for (const raw of bodies) {
        const response = await call(path, { raw, token: player.token });
        expect(response.status, `${path} ${raw}`).toBeGreaterThanOrEqual(400);
        expect(response.status, `${path} ${raw}`).toBeLessThan(500);
        await expectError(response, response.status);
      }
    }
  });
});
