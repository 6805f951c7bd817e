/**
 * Reads through D1's Sessions API (issue #29, docs/scaling.md "Read replication"): every player answer carries
 * a bookmark, a read that carries one sees at least that state, intents and the session check that admits them
 * go to the primary, and a ban refuses the next chat upgrade however the reads are served.
 */
import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { API, BOOKMARK_HEADER } from '../../game/api';
import type { IntentResult, Profile } from '../../game/wire';
import { app } from '../../worker/app';
import { upgrade } from './chat-client';
import { adminPlayer, apiRequest, call, json, mintPlayer, type CallOptions } from './helpers';

const FORMAT = /^[0-9a-f]{8}-[0-9a-f]{8}-[0-9a-f]{8}-[0-9a-f]{32}$/;

/** A request through the app whose D1 binding records the constraint or bookmark each session opens with. */
async function recorded(path: string, options: CallOptions & { bookmark?: string }) {
  const opened: (string | undefined)[] = [];
  const db = new Proxy(env.DB, {
    get(target, prop) {
      if (prop === 'withSession') return (constraint?: string) => (opened.push(constraint), target.withSession(constraint));
      const value: unknown = Reflect.get(target, prop, target);
      return typeof value === 'function' ? (value as (...a: unknown[]) => unknown).bind(target) : value;
    },
  });
  const request = apiRequest(path, options);
  if (options.bookmark !== undefined) request.headers.set(BOOKMARK_HEADER, options.bookmark);
  const response = await app.fetch(request, { ...env, DB: db });
  return { response, opened, bookmark: response.headers.get(BOOKMARK_HEADER) };
}

describe('bookmarks', () => {
  it('round-trip: a read and an intent each answer one, and a read carrying the intent’s sees its write', async () => {
    const player = await mintPlayer();
    const read = await recorded(`/api/users/${player.uid}`, { token: player.token });
    expect(read.response.status).toBe(200);
    expect(read.bookmark).toMatch(FORMAT);

    const intent = await recorded(API.scavenge.path, { token: player.token, body: {}, bookmark: read.bookmark! });
    expect(intent.response.status).toBe(200);
    const { profile } = await json<IntentResult>(intent.response);
    expect(intent.bookmark).toMatch(FORMAT);
    // Bookmarks order as strings: the intent's is at least as new as the read before it.
    expect(intent.bookmark! >= read.bookmark!).toBe(true);

    const after = await recorded(`/api/users/${player.uid}`, { token: player.token, bookmark: intent.bookmark! });
    expect(after.opened).toContain(intent.bookmark);
    expect((await json<Profile>(after.response)).energy).toBe(profile.energy);
    expect(after.bookmark! >= intent.bookmark!).toBe(true);
  });

  it('reads open a session at the carried bookmark; intents open theirs at the primary', async () => {
    const player = await mintPlayer();
    const bookmark = (await recorded(`/api/users/${player.uid}`, { token: player.token })).bookmark!;
    const read = await recorded(`/api/users/${player.uid}/items`, { token: player.token, bookmark });
    expect(read.opened).toEqual([bookmark, 'first-primary']);
    const intent = await recorded(API.scavenge.path, { token: player.token, body: {}, bookmark });
    expect(intent.opened).toContain('first-primary');
    expect(intent.response.status).toBe(200);
  });

  it('a bookmark that is not D1’s is ignored: the read starts unconstrained and answers a real one', async () => {
    const player = await mintPlayer();
    for (const bookmark of ['garbage', '../../etc', 'x'.repeat(500), '00000000-0000000b-00000000-0000']) {
      const read = await recorded(`/api/users/${player.uid}`, { token: player.token, bookmark });
      expect(read.response.status, bookmark).toBe(200);
      expect(read.opened[0]).toBe('first-unconstrained');
      expect(read.bookmark).toMatch(FORMAT);
    }
  });

  it('a ban refuses the next chat upgrade, and the banned player’s next intent', async () => {
    const [admin, player] = await Promise.all([adminPlayer(), mintPlayer()]);
    expect((await upgrade(player)).status).toBe(101);
    expect((await call(API.ban.path, { body: { username: player.username }, token: admin.token })).status).toBe(200);
    expect((await upgrade(player)).status).toBe(401);
    expect((await call(API.scavenge.path, { body: {}, token: player.token })).status).toBe(401);
  });
});
