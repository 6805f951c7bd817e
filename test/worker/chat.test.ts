import { evictDurableObject, runInDurableObject } from 'cloudflare:test';
import { env } from 'cloudflare:workers';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CHAT_HISTORY_KEPT, CHAT_MSG, ClientFrameSchema, type MessagesPage, type ServerFrame } from '../../game/chat-protocol';
import { MSG } from '../../game/messages';
import type { ChatRoom } from '../../worker/features/chat/room';
import { chatRoom } from '../../worker/features/chat/lobby-tree';
import { REFUSED_FRAMES_LIMIT } from '../../worker/features/chat/sockets';
import { connect, upgrade } from './chat-client';
import { call, expectError, giveItem, json, newPlayer, signUp } from './helpers';

const listWith = (names: string[]) => (frame: { users: string[] }) => names.every((name) => frame.users.includes(name));
const presence = (frames: ServerFrame[], username: string) =>
  frames.filter((frame) => (frame.type === 'user-joined' || frame.type === 'user-left') && frame.username === username).map((frame) => frame.type);

describe('the chat socket', () => {
  it('refuses visitors, players without a username, foreign origins and plain requests', async () => {
    await expectError(await upgrade(null), 401);
    await expectError(await upgrade(await signUp()), 403, MSG.usernameRequired);
    await expectError(await upgrade(await newPlayer(), 'https://evil.example'), 403, MSG.badOrigin);
    await expectError(await upgrade(await newPlayer(), null), 403, MSG.badOrigin);
    const player = await newPlayer();
    await expectError(await call('/api/chat', { token: player.token }), 426);
  });

  it('greets a player with the history and the online list, and tells everyone else who joined', async () => {
    const alice = await newPlayer();
    const bob = await newPlayer();
    const a = await connect(alice);
    expect((await a.next('history')).messages).toEqual(expect.any(Array));
    await a.next('user-list', listWith([alice.username]));
    const b = await connect(bob);
    await b.next('history');
    await b.next('user-list', listWith([alice.username, bob.username]));
    // Those already in the room hear of the newcomer only: the list goes to each socket once, as it connects.
    await a.next('user-joined', (frame) => frame.username === bob.username);
    expect(a.frames.filter((frame) => frame.type === 'user-list')).toHaveLength(0);
  });

  it('delivers a message to every socket with the sender taken from the session', async () => {
    const alice = await newPlayer();
    const bob = await newPlayer();
    const a = await connect(alice);
    const b = await connect(bob);
    a.send({ type: 'message', text: '  hello <b>there</b>  ' });
    for (const client of [a, b]) {
      const { message } = await client.next('message', (frame) => frame.message.username === alice.username);
      expect(message).toMatchObject({ username: alice.username, text: 'hello <b>there</b>' });
    }
    // A client cannot claim another name: unknown fields make the frame invalid.
    a.send({ type: 'message', text: 'spoof', username: bob.username });
    expect((await a.next('error')).message).toBe(CHAT_MSG.invalidFrame);
  });

  it('ignores empty messages and refuses ones over 100 characters', async () => {
    const alice = await newPlayer();
    const a = await connect(alice);
    await a.next('history');
    a.send({ type: 'message', text: '   ' });
    a.send({ type: 'message', text: 'x'.repeat(101) });
    expect((await a.next('error')).message).toBe(CHAT_MSG.tooLong);
    a.send({ type: 'message', text: 'y'.repeat(100) });
    const { message } = await a.next('message', (frame) => frame.message.username === alice.username);
    expect(message.text).toBe('y'.repeat(100));
  });

  it('answers frames that are not JSON or not in the protocol with an error frame', async () => {
    const a = await connect(await newPlayer());
    for (const frame of ['not json', '{"type":"shout","text":"hi"}', '[]', '{"type":"message","text":42}', '{"type":"message"}']) {
      a.send(frame);
      expect((await a.next('error')).message).toBe(CHAT_MSG.invalidFrame);
    }
  });

  it('answers generated garbage frames with error frames, broadcasts none, and closes the socket after 20 (1008)', async () => {
    const alice = await newPlayer();
    const a = await connect(alice);
    await a.next('history');
    const frames = fc.sample(
      fc.oneof(
        fc.string({ maxLength: 300 }),
        fc.anything().map((value) => JSON.stringify(value) ?? 'null'),
        fc.record({ type: fc.constantFrom('message', 'sign-out', 'history', 'user-list', 'news', 'new-user'), text: fc.anything() }).map((value) => JSON.stringify(value)),
      ),
      { numRuns: 200, seed: 42 },
    ).filter((raw) => {
      // Keep only frames the protocol refuses (a generated valid message or sign-out would be obeyed).
      try {
        return !ClientFrameSchema.safeParse(JSON.parse(raw)).success;
      } catch {
        return true;
      }
    });
    expect(frames.length).toBeGreaterThan(REFUSED_FRAMES_LIMIT);
    const watcher = await connect(await newPlayer());
    for (const frame of frames) a.send(frame);
    expect(await a.closed).toBe(1008);
    const errors = a.frames.filter((frame) => frame.type === 'error');
    expect(errors).toHaveLength(REFUSED_FRAMES_LIMIT);
    expect(errors.every((frame) => frame.message === CHAT_MSG.invalidFrame)).toBe(true);
    expect([...a.frames, ...watcher.frames].some((frame) => frame.type === 'message')).toBe(false);
  });

  it('limits each player to 5 messages in 10 seconds', async () => {
    const alice = await newPlayer();
    const a = await connect(alice);
    for (let i = 0; i < 6; i += 1) a.send({ type: 'message', text: `m${i}` });
    expect((await a.next('error')).message).toBe(CHAT_MSG.tooFast);
    await a.next('message', (frame) => frame.message.text === 'm4');
    expect(a.frames.some((frame) => frame.type === 'message' && frame.message.text === 'm5')).toBe(false);
  });

  it('lists a player with two tabs once, and until the last tab closes', async () => {
    const alice = await newPlayer();
    const bob = await newPlayer();
    const b = await connect(bob);
    const tab1 = await connect(alice);
    const tab2 = await connect(alice);
    const list = await tab2.next('user-list', listWith([alice.username, bob.username]));
    expect(list.users.filter((name) => name === alice.username)).toHaveLength(1);
    await b.next('user-joined', (frame) => frame.username === alice.username);
    tab1.ws.close();
    // A round trip through the room after the first tab closed: had it counted as leaving, bob would know.
    tab2.send({ type: 'message', text: 'one tab left' });
    await b.next('message', (frame) => frame.message.text === 'one tab left');
    tab2.send({ type: 'sign-out' });
    await b.next('user-left', (frame) => frame.username === alice.username);
    expect(presence(b.frames, alice.username)).toEqual([]);
    expect(presence(b.wire.flatMap((frame) => (frame.type === 'batch' ? frame.frames : [frame])), alice.username)).toEqual(['user-joined', 'user-left']);
  });

  it('a second tab of a player already online gets the list without a broadcast to everyone', async () => {
    const alice = await newPlayer();
    const bob = await newPlayer();
    const b = await connect(bob);
    await connect(alice);
    await b.next('user-joined', (frame) => frame.username === alice.username);
    const tab2 = await connect(alice);
    await tab2.next('user-list', listWith([alice.username, bob.username]));
    // A round trip through the room: had the second tab been broadcast, it would have reached bob first.
    tab2.send({ type: 'message', text: 'second tab' });
    await b.next('message', (frame) => frame.message.text === 'second tab');
    expect(presence(b.frames, alice.username)).toEqual([]);
    expect(b.frames.filter((frame) => frame.type === 'user-list')).toHaveLength(1);
  });

  // What goes out at once and what waits for the window is test/units/windows.test.ts, on a clock it moves; here,
  // through the real room, that a burst arrives whole, in order, as messages or batches of them.
  it('delivers a burst from many sockets whole and in order, alone or in batches', async () => {
    const players = await Promise.all(Array.from({ length: 4 }, () => newPlayer()));
    const sockets = await Promise.all(players.map((player) => connect(player)));
    const watcher = await connect(await newPlayer());
    await watcher.next('history');
    const before = watcher.wire.length;
    const texts = sockets.flatMap((socket, index) => [0, 1, 2].map((round) => `burst ${index}.${round}`));
    for (const round of [0, 1, 2]) sockets.forEach((socket, index) => socket.send({ type: 'message', text: `burst ${index}.${round}` }));
    for (const text of texts) await watcher.next('message', (frame) => frame.message.text === text);
    const wire = watcher.wire.slice(before);
    expect(wire.every((frame) => frame.type !== 'batch' || frame.frames.length <= 100)).toBe(true);
    const delivered = wire.flatMap((frame) => (frame.type === 'batch' ? frame.frames : [frame])).flatMap((frame) => (frame.type === 'message' ? [frame.message] : []));
    expect(delivered.map((message) => message.text).sort()).toEqual([...texts].sort());
    expect(delivered.map((message) => message.id)).toEqual(delivered.map((message) => message.id).sort((x, y) => x - y));
  });

  it('keeps history and hibernated sockets across an eviction of the room', async () => {
    const alice = await newPlayer();
    const bob = await newPlayer();
    const a = await connect(alice);
    const b = await connect(bob);
    a.send({ type: 'message', text: 'before eviction' });
    await b.next('message', (frame) => frame.message.text === 'before eviction');
    await evictDurableObject(chatRoom(env));
    // The sockets survived: the woken room still knows who they are.
    b.send({ type: 'message', text: 'after eviction' });
    const { message } = await a.next('message', (frame) => frame.message.text === 'after eviction');
    expect(message.username).toBe(bob.username);
    const page = await json<MessagesPage>(await call('/api/messages', { token: alice.token }));
    expect(page.messages.map((m) => m.text)).toEqual(expect.arrayContaining(['before eviction', 'after eviction']));
  });

  it('keeps the newest 1,000 messages', async () => {
    const alice = await newPlayer();
    await runInDurableObject<ChatRoom, void>(chatRoom(env), (_room, state) => {
      for (let i = 0; i < 1150; i += 1) state.storage.sql.exec('INSERT INTO messages (username, text, timestamp) VALUES (?, ?, ?)', 'seed', `seed ${i}`, i);
    });
    const a = await connect(alice);
    // Send until an id lands on a multiple of 100, which trims.
    await runInDurableObject<ChatRoom, void>(chatRoom(env), (_room, state) => {
      const last = state.storage.sql.exec<{ id: number }>('SELECT max(id) AS id FROM messages').one().id;
      state.storage.sql.exec("UPDATE sqlite_sequence SET seq = ? WHERE name = 'messages'", last + (99 - (last % 100)));
    });
    a.send({ type: 'message', text: 'the trimming one' });
    await a.next('message', (frame) => frame.message.text === 'the trimming one');
    const kept = await runInDurableObject<ChatRoom, number>(chatRoom(env), (_room, state) => state.storage.sql.exec<{ n: number }>('SELECT count(*) AS n FROM messages').one().n);
    expect(kept).toBeLessThanOrEqual(CHAT_HISTORY_KEPT);
    expect(kept).toBeGreaterThan(CHAT_HISTORY_KEPT - 100);
  });
});

describe('GET /api/messages', () => {
  it('pages back through history with a cursor, newest 100 first', async () => {
    const alice = await newPlayer();
    await runInDurableObject<ChatRoom, void>(chatRoom(env), (_room, state) => {
      for (let i = 0; i < 150; i += 1) state.storage.sql.exec('INSERT INTO messages (username, text, timestamp) VALUES (?, ?, ?)', 'seed', `page ${i}`, i);
    });
    const first = await json<MessagesPage>(await call('/api/messages', { token: alice.token }));
    expect(first.messages).toHaveLength(100);
    expect(first.messages.at(-1)?.text).toBe('page 149');
    expect(first.nextCursor).toBe(first.messages[0]?.id);
    const second = await json<MessagesPage>(await call(`/api/messages?before=${first.nextCursor}`, { token: alice.token }));
    expect(second.messages.at(-1)?.id).toBe(first.messages[0]!.id - 1);
    await expectError(await call('/api/messages'), 401);
    await expectError(await call('/api/messages?before=abc', { token: alice.token }), 400);
  });
});

describe('news', () => {
  // Since issue #24 only trophies from Legendary up make the news (docs/design.md section 8.1), so the trophy here
  // is a Legendary, not a Feather.
  it('tells connected players about a new trophy and keeps it for newcomers', async () => {
    const alice = await newPlayer();
    const watcher = await connect(await newPlayer());
    const id = await giveItem(alice.uid, { catalogId: 'orbital-beacon', researched: true });
    expect((await call('/api/trophycase', { body: { itemId: id }, token: alice.token })).status).toBe(200);
    const { news } = await watcher.next('news', (frame) => frame.news.event.kind === 'trophy' && frame.news.event.username === alice.username);
    expect(news.event).toEqual({ kind: 'trophy', username: alice.username, item: { itemName: 'Orbital Beacon', rarity: 'legendary', quality: 1 } });
    const newcomer = await connect(await newPlayer());
    const history = await newcomer.next('history');
    expect(history.news).toContainEqual(news);
  });
});
