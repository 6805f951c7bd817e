import { describe, expect, it } from 'vitest';
import { call, json, newPlayer } from './helpers';

describe('smoke', () => {
  it('answers the health check', async () => {
    const response = await call('/api/health');
    expect(await json(response)).toEqual({ ok: true });
  });
  it('creates a player', async () => {
    const player = await newPlayer();
    const response = await call(`/api/users/${player.uid}`, { token: player.token });
    expect(response.status).toBe(200);
    expect(await json(response)).toMatchObject({ username: player.username, gold: 100, energy: 20 });
  });
});
