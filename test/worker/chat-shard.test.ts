/**
 * The lobby as a tree of rooms (ADR 011): vitest.config.ts gives it 3 leaves, so every lobby test runs the
 * sharded path; these tests pick players on different leaves and check what crosses between them.
 */
import { evictDurableObject, runInDurableObject } from 'cloudflare:test';
import { env } from 'cloudflare:workers';
import { describe, expect, it, vi } from 'vitest';
import { CHAT_MSG, CHAT_RATE_LIMIT, CLOSE_SESSION_ENDED, type MessagesPage, type ServerFrame } from '../../game/chat-protocol';
import { guildRoom, LOBBY, lobbyLeaves, socketRoomName } from '../../worker/features/chat/lobby-tree';
import { seedChatHistory } from '../../worker/features/chat/dev-fixtures';
import { chatRoom } from '../../worker/features/chat/lobby-tree';
import { SOCKETS_PER_ADDRESS } from '../../worker/features/chat/room-state';
import type { Member } from '../../worker/features/chat/sides';
import { connect, upgrade, type Client } from './chat-client';
import { call, expectError, json, newPlayer, randomAddress } from './helpers';

type Player = Awaited<ReturnType<typeof newPlayer>>;
const leafOf = (player: Player) => socketRoomName(env, LOBBY, player.uid);
const held = (leaf: string) => chatRoom(env, leaf).heldSockets() as Promise<Member[]>;
const texts = (client: Client, prefix: string) => client.frames.flatMap((frame) => (frame.type === 'message' && frame.message.text.startsWith(prefix) ? [frame.message.text] : []));
const presence = (frames: ServerFrame[], username: string) =>
  frames.filter((frame) => (frame.type === 'user-joined' || frame.type === 'user-left') && frame.username === username).map((frame) => frame.type);

/** `count` players, each on a different leaf. */
async function onDifferentLeaves(count: number): Promise<Player[]> {
  const found = new Map<string, Player>();
  while (found.size < count) {
    const player = await newPlayer();
    if (!found.has(leafOf(player))) found.set(leafOf(player), player);
  }
  return [...found.values()];
}

describe('the sharded lobby', () => {
  it('runs with several leaves in these tests; guild rooms and a one-leaf lobby are single rooms', () => {
    expect(lobbyLeaves(env)).toBe(3);
    expect(socketRoomName(env, LOBBY, 'some-uid')).toMatch(/^lobby\/leaf\/[0-2]$/);
    expect(socketRoomName(env, LOBBY, 'some-uid')).toBe(socketRoomName(env, LOBBY, 'some-uid'));
    expect(socketRoomName(env, guildRoom('g1'), 'some-uid')).toBe(guildRoom('g1'));
    expect(socketRoomName({ ...env, CHAT_LOBBY_LEAVES: '1' }, LOBBY, 'some-uid')).toBe(LOBBY);
    expect(socketRoomName({ ...env, CHAT_LOBBY_LEAVES: 'many' }, LOBBY, 'some-uid')).toBe(LOBBY);
  });

  it(`counts one address's sockets across leaves: ${SOCKETS_PER_ADDRESS} in all, then 429 on any leaf`, async () => {
    const address = randomAddress();
    // Five players (at most 4 tabs each, under the tab cap), three of them on three different leaves.
    const players = [...(await onDifferentLeaves(3)), await newPlayer(), await newPlayer()];
    for (let index = 0; index < SOCKETS_PER_ADDRESS; index += 1) await (await connect(players[index % players.length]!, address)).next('history');
    for (const player of players) await expectError(await upgrade(player, undefined, address), 429);
  });

  it('delivers a message from one leaf to the sockets of the others exactly once and in order', async () => {
    const [alice, bob, carol] = await onDifferentLeaves(3);
    const [a, b, c] = await Promise.all([connect(alice!), connect(bob!), connect(carol!)]);
    await Promise.all([a, b, c].map((client) => client.next('user-list')));
    const sent = Array.from({ length: CHAT_RATE_LIMIT.messages }, (_, i) => `order ${alice!.username} ${i}`);
    for (const text of sent) a.send({ type: 'message', text });
    for (const client of [a, b, c]) await client.next('message', (frame) => frame.message.text === sent.at(-1));
    // A round trip after the last one: anything sent twice would have arrived by now.
    b.send({ type: 'message', text: `after ${bob!.username}` });
    for (const client of [a, c]) await client.next('message', (frame) => frame.message.text === `after ${bob!.username}`);
    for (const client of [b, c]) expect(texts(client, `order ${alice!.username}`)).toEqual(sent.slice(0, -1));
  });

  it('keeps a player’s tabs on one leaf, lists everyone once per socket, and tells the other leaves who comes and goes', async () => {
    const [alice, bob] = await onDifferentLeaves(2);
    const b = await connect(bob!);
    await b.next('user-list');
    const tabs = [await connect(alice!), await connect(alice!)];
    const lists = await Promise.all(tabs.map((tab) => tab.next('user-list')));
    for (const list of lists) expect(list.users.filter((name) => name === alice!.username || name === bob!.username).sort()).toEqual([alice!.username, bob!.username].sort());
    for (const tab of tabs) expect(tab.frames.filter((frame) => frame.type === 'user-list')).toHaveLength(0);
    const everyLeaf = Array.from({ length: lobbyLeaves(env) }, (_, k) => `${LOBBY}/leaf/${k}`);
    for (const leaf of everyLeaf) {
      const mine = (await held(leaf)).filter((member) => member.uid === alice!.uid);
      expect(mine).toHaveLength(leaf === leafOf(alice!) ? 2 : 0);
    }
    await b.next('user-joined', (frame) => frame.username === alice!.username);
    tabs[0]!.ws.close();
    tabs[1]!.send({ type: 'sign-out' });
    await b.next('user-left', (frame) => frame.username === alice!.username);
    expect(presence(b.wire.flatMap((frame) => (frame.type === 'batch' ? frame.frames : [frame])), alice!.username)).toEqual(['user-joined', 'user-left']);
    expect(await chatRoom(env).onlineUsernames()).not.toContain(alice!.username);
  });

  it('holds one rate limit for a burst from every tab at once, and a mute across them', async () => {
    const [alice, watcher, carol] = await onDifferentLeaves(3);
    const w = await connect(watcher!);
    const tabs = await Promise.all(Array.from({ length: 5 }, () => connect(alice!)));
    await Promise.all([w, ...tabs].map((client) => client.next('user-list')));
    const prefix = `burst ${alice!.username}`;
    await Promise.all(tabs.flatMap((tab, t) => [0, 1, 2].map(async (i) => tab.send({ type: 'message', text: `${prefix} ${t}.${i}` }))));
    const refused = async () => (await Promise.all(tabs.map(async (tab) => tab.frames.filter((frame) => frame.type === 'error' && frame.message === CHAT_MSG.tooFast).length))).reduce((x, y) => x + y, 0);
    await vi.waitFor(async () => expect(await refused()).toBeGreaterThanOrEqual(15 - CHAT_RATE_LIMIT.messages), { timeout: 15_000, interval: 20 });
    expect(await refused()).toBe(15 - CHAT_RATE_LIMIT.messages);
    w.send({ type: 'message', text: `marker ${watcher!.username}` });
    await w.next('message', (frame) => frame.message.text === `marker ${watcher!.username}`);
    expect(texts(w, prefix)).toHaveLength(CHAT_RATE_LIMIT.messages);

    const carolTabs = await Promise.all([connect(carol!), connect(carol!)]);
    await Promise.all(carolTabs.map((tab) => tab.next('user-list')));
    await chatRoom(env).restand(carol!.uid, { mutedUntil: Date.now() + 60_000 });
    await Promise.all(carolTabs.map(async (tab) => tab.send({ type: 'message', text: `muted ${carol!.username}` })));
    for (const tab of carolTabs) expect((await tab.next('error')).message).toMatch(/^You are muted until/);
    w.send({ type: 'message', text: `marker 2 ${watcher!.username}` });
    await w.next('message', (frame) => frame.message.text === `marker 2 ${watcher!.username}`);
    expect(texts(w, `muted ${carol!.username}`)).toEqual([]);
  });

  it('closes the oldest of six tabs on the player’s leaf and keeps them online', async () => {
    const [alice, watcher] = await onDifferentLeaves(2);
    const w = await connect(watcher!);
    const tabs: Client[] = [];
    for (let i = 0; i < 6; i += 1) tabs.push(await connect(alice!));
    expect(await tabs[0]!.closed).toBe(4008);
    await w.next('user-joined', (frame) => frame.username === alice!.username);
    expect((await held(leafOf(alice!))).filter((member) => member.uid === alice!.uid)).toHaveLength(5);
    expect(await chatRoom(env).onlineUsernames()).toContain(alice!.username);
    // A round trip through the root: had the closed tab counted as leaving, the watcher would know by now.
    tabs[5]!.send({ type: 'message', text: `still here ${alice!.username}` });
    await w.next('message', (frame) => frame.message.text === `still here ${alice!.username}`);
    expect(presence(w.frames, alice!.username)).toEqual([]);
  });

  it('moderation reaches the right sockets on every leaf: delete, notices, ended sessions', async () => {
    const [alice, bob, carol] = await onDifferentLeaves(3);
    const [a, b, c] = await Promise.all([connect(alice!), connect(bob!), connect(carol!)]);
    await Promise.all([a, b, c].map((client) => client.next('user-list')));
    a.send({ type: 'message', text: `rude ${alice!.username}` });
    const { message } = await c.next('message', (frame) => frame.message.text === `rude ${alice!.username}`);
    expect(await chatRoom(env).deleteMessage(message.id)).toMatchObject({ username: alice!.username });
    for (const client of [a, b, c]) expect((await client.next('delete')).id).toBe(message.id);

    const notice = { kind: 'attacked', fightId: 'f1', attacker: carol!.username, winner: carol!.username, goldTaken: 3, ratingChange: -5 } as const;
    await chatRoom(env).notify(bob!.username, notice);
    expect((await b.next('notice')).notice).toEqual(notice);

    expect(await chatRoom(env).endSockets({ uid: bob!.uid })).toBe(1);
    expect(await b.closed).toBe(CLOSE_SESSION_ENDED);
    for (const client of [a, c]) await client.next('user-left', (frame) => frame.username === bob!.username);
    // Only bob heard the notice.
    expect([...a.frames, ...c.frames].some((frame) => frame.type === 'notice')).toBe(false);
  });

  it('pages history written from every leaf at the root', async () => {
    const [alice, bob] = await onDifferentLeaves(2);
    const [a, b] = await Promise.all([connect(alice!), connect(bob!)]);
    a.send({ type: 'message', text: `page ${alice!.username}` });
    await b.next('message', (frame) => frame.message.text === `page ${alice!.username}`);
    b.send({ type: 'message', text: `page ${bob!.username}` });
    await a.next('message', (frame) => frame.message.text === `page ${bob!.username}`);
    await seedChatHistory(env, alice!.username, Array.from({ length: 120 }, (_, i) => `old ${i}`));
    const first = await json<MessagesPage>(await call('/api/messages', { token: alice!.token }));
    expect(first.messages.at(-1)?.text).toBe('old 119');
    const older = await json<MessagesPage>(await call(`/api/messages?before=${first.nextCursor}`, { token: alice!.token }));
    expect(older.messages.map((m) => m.text)).toEqual(expect.arrayContaining([`page ${alice!.username}`, `page ${bob!.username}`]));
  });

  it('survives the eviction of a leaf and of the root: sockets stay, the root asks the leaves who is online', async () => {
    const [alice, bob] = await onDifferentLeaves(2);
    const [a, b] = await Promise.all([connect(alice!), connect(bob!)]);
    await Promise.all([a.next('user-list'), b.next('user-list')]);
    await evictDurableObject(chatRoom(env, leafOf(alice!)));
    await evictDurableObject(chatRoom(env));
    b.send({ type: 'message', text: `woken ${bob!.username}` });
    expect((await a.next('message', (frame) => frame.message.text === `woken ${bob!.username}`)).message.username).toBe(bob!.username);
    expect(await chatRoom(env).onlineUsernames()).toEqual(expect.arrayContaining([alice!.username, bob!.username]));
    const newcomer = await connect(await newPlayer());
    expect((await newcomer.next('user-list')).users).toEqual(expect.arrayContaining([alice!.username, bob!.username]));
  });

  it('forgets the players of a leaf that restarted without its sockets, so nobody stays online', async () => {
    const [watcher] = await onDifferentLeaves(1);
    const w = await connect(watcher!);
    await w.next('user-list');
    const other = Array.from({ length: lobbyLeaves(env) }, (_, k) => `${LOBBY}/leaf/${k}`).find((leaf) => leaf !== leafOf(watcher!))!;
    await runInDurableObject(chatRoom(env, other), () => {});
    // The root believes the other leaf holds a ghost's socket, as it would after that leaf crashed.
    const ghost = { socketId: crypto.randomUUID(), leaf: Number(other.split('/').at(-1)), uid: 'ghost', username: `ghost${Date.now()}`, sessionId: 's', address: null };
    await chatRoom(env).join(ghost);
    await w.next('user-joined', (frame) => frame.username === ghost.username);
    await evictDurableObject(chatRoom(env, other));
    // The leaf starts again with no socket and tells the root.
    await runInDurableObject(chatRoom(env, other), () => {});
    await w.next('user-left', (frame) => frame.username === ghost.username);
    expect(await chatRoom(env).onlineUsernames()).not.toContain(ghost.username);
  });
});
