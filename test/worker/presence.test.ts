/**
 * Hardening 3, finding 2: presence cannot be flooded. One account connecting and leaving in a loop made every
 * lobby socket hear a join and a leave each time. Now a player gets at most 10 chat upgrades in 10 s across
 * the lobby and guild rooms, and leaving and coming back within the grace tells nobody anything.
 *
 * Hardening 4, point 4: a player leaves everyone's online list soon after their browser goes away. A clean
 * close within the grace + 2 s, also when the lobby's root was evicted meanwhile (it used to be ignored then,
 * and the player stayed listed until the other screens reconnected); a socket that goes silent (a dropped
 * network: no close at all) within the ping timeout + the grace. vitest.config.ts sets the timeout to 4 s.
 */
import { evictDurableObject, runInDurableObject } from 'cloudflare:test';
import { env } from 'cloudflare:workers';
import { describe, expect, it, vi } from 'vitest';
import { API } from '../../game/api';
import { CHAT_PING, CHAT_RATE_LIMIT } from '../../game/chat-protocol';
import { CLOSE_SILENT, PING_TIMEOUT_MS, pingTimeoutMs } from '../../worker/features/chat/keep-alive';
import { chatRoom, LOBBY, socketRoomName } from '../../worker/features/chat/lobby-tree';
import { CHAT_UPGRADES_PER_PLAYER } from '../../worker/features/chat/routes';
import { PRESENCE_GRACE_MS } from '../../worker/features/chat/room-state';
import type { ChatRoom } from '../../worker/features/chat/room';
import type { Member } from '../../worker/features/chat/sides';
import { connect, upgrade, type Client } from './chat-client';
import { call, json, mintPlayer, newPlayer, setPlayer } from './helpers';

const ROUNDS = 100;
const BURST = CHAT_UPGRADES_PER_PLAYER.limit + 4;

type Player = Awaited<ReturnType<typeof mintPlayer>>;
const leafOf = (player: Player) => socketRoomName(env, LOBBY, player.uid);
/** Two players whose sockets are on different leaves of the lobby. */
async function onDifferentLeaves(): Promise<[Player, Player]> {
  const first = await mintPlayer();
  for (;;) {
    const second = await mintPlayer();
    if (leafOf(second) !== leafOf(first)) return [first, second];
  }
}
/** Milliseconds until `watcher` hears that `username` left, polling its frames (up to `timeoutMs`). */
async function msUntilLeft(watcher: Client, username: string, from: number, timeoutMs: number): Promise<number> {
  await watcher.next('user-left', (frame) => frame.username === username, timeoutMs);
  return Date.now() - from;
}

describe('chat upgrades per player', () => {
  it(`a burst of ${BURST} upgrades over the lobby and a guild room: exactly ${CHAT_UPGRADES_PER_PLAYER.limit} accepted, over ${ROUNDS} rounds`, { timeout: 400_000 }, async () => {
    // A guild, so half of each burst goes to its room.
    const founder = await newPlayer();
    await setPlayer(founder.uid, { gold: 1000 });
    const created = await call(API.createGuild.path, { body: { name: `Flood ${founder.username.slice(0, 10)}`, tag: 'FLD', open: true }, token: founder.token });
    const { guild } = await json<{ guild: { id: string } }>(created);
    for (let round = 0; round < ROUNDS; round += 1) {
      const player = await mintPlayer();
      await call(`/api/guilds/${guild.id}/join`, { body: {}, token: player.token });
      const answers = await Promise.all(
        Array.from({ length: BURST }, (_, index) => upgrade(player, undefined, undefined, index % 2 ? `/api/guilds/${guild.id}/chat` : '/api/chat')),
      );
      const statuses = answers.map((answer) => answer.status);
      expect(statuses.filter((status) => status === 101), `round ${round}: ${statuses.join(" ")}`).toHaveLength(CHAT_UPGRADES_PER_PLAYER.limit);
      expect(statuses.filter((status) => status !== 101).every((status) => status === 429)).toBe(true);
      for (const answer of answers) {
        if (answer.webSocket) {
          answer.webSocket.accept();
          answer.webSocket.close();
        } else await answer.body?.cancel();
      }
      // Make room for the next round's player (a guild holds 25).
      expect((await call(`/api/guilds/${guild.id}/leave`, { body: {}, token: player.token })).status).toBe(200);
    }
  });
});

describe('presence', () => {
  it('leaving and coming back within the grace tells nobody; staying away is told once the grace ends', { timeout: 120_000 }, async () => {
    const [alice, bob] = await Promise.all([mintPlayer(), mintPlayer()]);
    const watcher = await connect(bob);
    await watcher.next('user-list');
    const first = await connect(alice);
    await first.next('user-list');
    await watcher.next('user-joined', (frame) => frame.username === alice.username);
    const heard = () => watcher.frames.filter((frame) => (frame.type === 'user-joined' || frame.type === 'user-left') && frame.username === alice.username);

    // A reload: the socket closes, another opens a moment later, once the lobby's root has taken the close (alice
    // is within her grace: the private state is read, as nothing a player sees tells it).
    first.ws.close();
    const inGrace = () =>
      runInDurableObject(chatRoom(env), (room: ChatRoom) => {
        if (!room['kept']()['leaving'].has(alice.username)) throw new Error('the close has not reached the root yet');
      });
    await vi.waitFor(inGrace, { timeout: 15_000, interval: 20 });
    const second = await connect(alice);
    await second.next('user-list');
    // The marker: carol leaves after alice came back, so the end of carol's grace comes after the end of alice's.
    const carolPlayer = await mintPlayer();
    const carol = await connect(carolPlayer);
    await carol.next('user-list');
    await watcher.next('user-joined', (frame) => frame.username === carolPlayer.username);
    carol.ws.close();
    await watcher.next('user-left', (frame) => frame.username === carolPlayer.username);
    expect(heard()).toEqual([]);

    // Gone for good: told once, and not before the grace.
    const left = Date.now();
    second.ws.close();
    await watcher.next('user-left', (frame) => frame.username === alice.username);
    expect(Date.now() - left).toBeGreaterThanOrEqual(PRESENCE_GRACE_MS - 100);
    expect(heard()).toEqual([]);
  });
});

describe('presence after a browser goes away', () => {
  const timeoutMs = pingTimeoutMs(env);

  it('runs these tests with a short ping timeout; production keeps 45 s, and nothing can raise it', () => {
    expect(timeoutMs).toBe(4000);
    expect(PING_TIMEOUT_MS + PRESENCE_GRACE_MS).toBeLessThanOrEqual(55_000);
    expect(pingTimeoutMs({ ...env, CHAT_PING_TIMEOUT_MS: undefined } as Env)).toBe(PING_TIMEOUT_MS);
    expect(pingTimeoutMs({ ...env, CHAT_PING_TIMEOUT_MS: '3600000' } as Env)).toBe(PING_TIMEOUT_MS);
  });

  it('a clean close leaves every list within the grace + 2 s, also after the lobby root was evicted and the leaf hibernated', { timeout: 120_000 }, async () => {
    for (const evicted of [false, true]) {
      const [alice, bob] = await onDifferentLeaves();
      const watcher = await connect(bob);
      await watcher.next('user-list');
      const gone = await connect(alice);
      await gone.next('user-list');
      await watcher.next('user-joined', (frame) => frame.username === alice.username);
      if (evicted) {
        // A quiet lobby: the root (which holds no socket) is evicted, alice's leaf hibernates. The close wakes
        // both; the root, starting again, asks the leaves, which no longer hold alice's socket.
        await evictDurableObject(chatRoom(env, leafOf(alice)));
        await evictDurableObject(chatRoom(env));
      }
      const closedAt = Date.now();
      gone.ws.close(1000, 'tab closed');
      const ms = await msUntilLeft(watcher, alice.username, closedAt, PRESENCE_GRACE_MS + 2000);
      expect(ms, evicted ? 'after an eviction' : 'in a busy lobby').toBeGreaterThanOrEqual(PRESENCE_GRACE_MS - 100);
      expect(ms).toBeLessThanOrEqual(PRESENCE_GRACE_MS + 2000);
      expect(await chatRoom(env).onlineUsernames()).not.toContain(alice.username);
    }
  });

  it('a socket that stops pinging is closed at the timeout, and its player leaves within the timeout + the grace', { timeout: 120_000 }, async () => {
    const [alice, bob] = await onDifferentLeaves();
    const watcher = await connect(bob);
    await watcher.next('user-list');
    const silent = await connect(alice);
    await silent.next('user-list');
    await watcher.next('user-joined', (frame) => frame.username === alice.username);
    // Pinging, a socket outlives the timeout: the runtime answers every ping (the room never sees them).
    const openedAt = Date.now();
    await expect.poll(() => silent.pongs(), { timeout: timeoutMs * 3, interval: 100 }).toBeGreaterThanOrEqual(5);
    expect(Date.now() - openedAt).toBeGreaterThan(timeoutMs);
    expect(await chatRoom(env).onlineUsernames()).toContain(alice.username);
    // The network drops: the socket stays open, and says nothing more.
    silent.stopPinging();
    const stoppedAt = Date.now();
    expect(await silent.closed).toBe(CLOSE_SILENT);
    expect(Date.now() - stoppedAt).toBeLessThanOrEqual(timeoutMs + 1500);
    const ms = await msUntilLeft(watcher, alice.username, stoppedAt, timeoutMs + PRESENCE_GRACE_MS + 2000);
    expect(ms).toBeLessThanOrEqual(timeoutMs + PRESENCE_GRACE_MS + 2000);
    expect(await chatRoom(env).onlineUsernames()).not.toContain(alice.username);
    // The one who kept pinging is still there, and a swept socket is not counted again when its leaf wakes.
    expect(await chatRoom(env).onlineUsernames()).toContain(bob.username);
    await evictDurableObject(chatRoom(env, leafOf(alice)));
    const held = (await chatRoom(env, leafOf(alice)).heldSockets()) as Member[];
    expect(held.filter((member) => member.uid === alice.uid)).toEqual([]);
  });

  it('the same in a guild room, which holds its own sockets and state', { timeout: 120_000 }, async () => {
    const founder = await newPlayer();
    await setPlayer(founder.uid, { gold: 1000 });
    let created: Response;
    do {
      const tag = Math.random().toString(36).slice(2, 6).toUpperCase();
      created = await call(API.createGuild.path, { body: { name: `Quiet ${founder.username.slice(0, 10)}`, tag, open: true }, token: founder.token });
    } while (created.status === 409);
    const { guild } = await json<{ guild: { id: string } }>(created);
    const member = await mintPlayer();
    expect((await call(`/api/guilds/${guild.id}/join`, { body: {}, token: member.token })).status).toBe(200);
    const path = `/api/guilds/${guild.id}/chat`;
    const watcher = await connect(founder, undefined, path);
    await watcher.next('user-list');
    const silent = await connect(member, undefined, path);
    await silent.next('user-list');
    await watcher.next('user-joined', (frame) => frame.username === member.username);
    silent.stopPinging();
    const stoppedAt = Date.now();
    expect(await silent.closed).toBe(CLOSE_SILENT);
    const ms = await msUntilLeft(watcher, member.username, stoppedAt, timeoutMs + PRESENCE_GRACE_MS + 2000);
    expect(ms).toBeLessThanOrEqual(timeoutMs + PRESENCE_GRACE_MS + 2000);
  });

  it('one alarm per room or leaf, due within the timeout, none at the root', async () => {
    const [alice] = await onDifferentLeaves();
    const client = await connect(alice);
    await client.next('user-list');
    const alarmOf = (name: string) => runInDurableObject(chatRoom(env, name), (_room, state) => state.storage.getAlarm());
    const due = await alarmOf(leafOf(alice));
    expect(due).not.toBeNull();
    expect(due!).toBeLessThanOrEqual(Date.now() + timeoutMs);
    expect(await alarmOf(LOBBY)).toBeNull();
  });

  it('a ping is answered with a pong and is not a message: it never meets the rate limit or a refusal', async () => {
    const alice = await mintPlayer();
    const client = await connect(alice);
    await client.next('user-list');
    const before = client.pongs();
    for (let i = 0; i < CHAT_RATE_LIMIT.messages * 3; i += 1) client.ws.send(CHAT_PING);
    // The same frame written otherwise is not the runtime's: the room answers it itself, as a pong too.
    client.ws.send(JSON.stringify({ type: 'ping' }, null, 1));
    const texts = Array.from({ length: CHAT_RATE_LIMIT.messages }, (_, i) => `after pings ${alice.username} ${i}`);
    for (const text of texts) client.send({ type: 'message', text });
    for (const text of texts) await client.next('message', (frame) => frame.message.text === text);
    expect(client.pongs() - before).toBeGreaterThanOrEqual(CHAT_RATE_LIMIT.messages * 3 + 1);
    expect(client.frames.filter((frame) => frame.type === 'error')).toEqual([]);
  });
});
