/**
 * The live world (docs/design.md section 9.11, issue #43) in workerd through the real Worker and chat rooms: what a
 * commit changes for others reaches their open sockets as `world` frames, at most one a second per socket with
 * each kind and key once; a guild's drive only its room; a fight only the defender; what the schema refuses never.
 */
import { env } from 'cloudflare:workers';
import { describe, expect, it, vi } from 'vitest';
import { API, pathOf } from '../../game/api';
import { ServerFrameSchema, WorldEventSchema, type ServerFrame, type WorldEvent } from '../../game/chat-protocol';
import { MARKET_LEVEL } from '../../game/rules/market';
import { xpForLevel } from '../../game/rules/level';
import { weekStart } from '../../game/rules/drive';
import type { Drive, FightResult, NewListingResult } from '../../game/wire';
import { chatRoom, guildRoom, LOBBY } from '../../worker/features/chat/lobby-tree';
import { worldKey } from '../../worker/features/chat/world-window';
import { connect, upgrade, type Client } from './chat-client';
import { call, callSettled, expectError, giveItem, json, mintPlayer, newPlayer, setPlayer, unprotect } from './helpers';

type Player = Awaited<ReturnType<typeof mintPlayer>>;
type WorldFrame = Extract<ServerFrame, { type: 'world' }>;


/** Every `world` frame a socket gets from now on, with when it came. */
function worldFrames(client: Client): { at: number; events: WorldEvent[] }[] {
  const seen: { at: number; events: WorldEvent[] }[] = [];
  client.ws.addEventListener('message', (event) => {
    const frame = JSON.parse(event.data as string) as ServerFrame;
    if (frame.type === 'world') seen.push({ at: Date.now(), events: frame.events });
  });
  return seen;
}

/** The next `world` frame holding an event that `match`es (waiting up to `timeoutMs`). */
const nextWorld = (client: Client, match: (event: WorldEvent) => boolean, timeoutMs?: number) =>
  client.next('world', (frame: WorldFrame) => frame.events.some(match), timeoutMs).then((frame) => frame.events.find(match)!);

/**
 * A marker posted to `room` after a settled call (helpers.ts `callSettled`) told what it would, seen on `socket`:
 * whatever that call told the room reached the socket before it. Answers every world event the socket received.
 */
async function worldUntilMarker(socket: Client, room = LOBBY): Promise<WorldEvent[]> {
  const listingId = `marker-${crypto.randomUUID()}`;
  await chatRoom(env, room).postWorld([{ kind: 'listing-opened', listingId, catalogId: 'feather' }]);
  await nextWorld(socket, (event) => 'listingId' in event && event.listingId === listingId);
  return socket.wire.flatMap((frame) => (frame.type === 'world' ? frame.events : []));
}

/** A player who may trade: level 5, a verified email, and gold. */
async function trader(): Promise<Player> {
  const player = await mintPlayer();
  await setPlayer(player.uid, { xp: xpForLevel(MARKET_LEVEL), level: MARKET_LEVEL, gold: 1000, duffel_bag_size: 2 });
  await env.DB.prepare('UPDATE users SET email_verified_at = ? WHERE id = ?').bind(Date.now(), player.uid).run();
  return player;
}

async function list(seller: Player, price = 200) {
  const itemId = await giveItem(seller.uid, { location: 'duffel', researched: true });
  const response = await call(API.listItem.path, { token: seller.token, body: { itemId, price } });
  expect(response.status, await response.clone().text()).toBe(200);
  return (await json<NewListingResult>(response)).listing;
}

/** A guild founded before this week with `size` members; its id and members. */
async function guildOf(size: number) {
  const id = crypto.randomUUID();
  const before = weekStart(Date.now()) - 1;
  const tag = crypto.randomUUID().slice(0, 4);
  await env.DB.prepare('INSERT INTO guilds (id, name, tag, open, created_at) VALUES (?, ?, ?, 1, ?)').bind(id, `World ${id.slice(0, 8)}`, tag, before).run();
  const members: Player[] = [];
  for (let n = 0; n < size; n += 1) {
    const player = await mintPlayer();
    await env.DB.prepare('INSERT INTO guild_members (uid, guild_id, role, joined_at) VALUES (?, ?, ?, ?)').bind(player.uid, id, n === 0 ? 'leader' : 'member', before).run();
    members.push(player);
  }
  return { id, members };
}
const guildPath = (guildId: string) => `/api/guilds/${guildId}/chat`;

describe('the world frame', () => {
  it('refuses a malformed or unknown event, and a frame holding one', () => {
    for (const bad of [
      { kind: 'listing-closed', listingId: 'l1', reason: 'stolen' },
      { kind: 'drive-progress', guildId: 'g1', points: '10', target: 50 },
      { kind: 'board-moved', board: 'weekly' },
      { kind: 'attacked' },
      { kind: 'gossip', text: 'hi' },
    ]) {
      expect(WorldEventSchema.safeParse(bad).success).toBe(false);
      expect(ServerFrameSchema.safeParse({ type: 'world', events: [bad] }).success).toBe(false);
    }
    expect(ServerFrameSchema.safeParse({ type: 'world', events: [{ kind: 'attacked', fightId: 'f1' }] }).success).toBe(true);
  });

  it('never sends a socket what the schema refuses, and keeps the valid events beside it', async () => {
    const watcher = await mintPlayer();
    const socket = await connect(watcher);
    await socket.next('history');
    const listingId = crypto.randomUUID();
    await chatRoom(env).postWorld([{ kind: 'listing-closed', listingId, reason: 'stolen' }, { kind: 'gossip' }, { kind: 'listing-opened', listingId, catalogId: 'feather' }]);
    const frame = await socket.next('world', (world) => world.events.some((event) => 'listingId' in event && event.listingId === listingId));
    expect(frame.events.filter((event) => 'listingId' in event && event.listingId === listingId)).toEqual([{ kind: 'listing-opened', listingId, catalogId: 'feather' }]);
  });

  // How many frames a burst makes, and when, is test/units/windows.test.ts on a clock it moves; here, through the
  // real tree of rooms, that every socket ends with the last state of each listing, each key once a frame.
  it('coalesces a burst of 100 changes: each key once a frame, and every socket ends with the last of each', async () => {
    const players = await Promise.all([mintPlayer(), mintPlayer(), mintPlayer()]);
    const sockets = await Promise.all(players.map((player) => connect(player)));
    await Promise.all(sockets.map((socket) => socket.next('history')));
    const seen = sockets.map(worldFrames);
    const run = crypto.randomUUID();
    const ids = Array.from({ length: 19 }, (_, n) => `${run}-${n}`);
    const root = chatRoom(env);
    // One stub: its calls arrive in the order made. Each of 19 listings opens, then is sold; the season board moves ten times.
    const burst = Array.from({ length: 100 }, (_, n): WorldEvent => {
      if (n % 10 === 9) return { kind: 'board-moved', board: 'season' };
      const listingId = ids[n % 19]!;
      return n < 50 ? { kind: 'listing-opened', listingId, catalogId: 'feather' } : { kind: 'listing-closed', listingId, reason: 'sold' };
    });
    await Promise.all(burst.map((event) => root.postWorld([event])));
    // What each socket knows in the end: every listing sold, whatever it saw on the way.
    const lastOf = (frames: { events: WorldEvent[] }[]) => {
      const last = new Map<string, WorldEvent>();
      for (const { events } of frames) for (const event of events) if ('listingId' in event && event.listingId.startsWith(run)) last.set(event.listingId, event);
      return last;
    };
    for (const frames of seen) {
      await vi.waitFor(() => expect([...lastOf(frames).values()].filter((event) => event.kind === 'listing-closed')).toHaveLength(ids.length), { timeout: 20_000, interval: 50 });
      // Two windows at most for a burst posted at once (the first at once, the rest at its end), a third if the
      // burst outlasted a window on a loaded machine: far fewer frames than events.
      expect(frames.length).toBeLessThan(burst.length / 10);
      for (const { events } of frames) expect(new Set(events.map(worldKey)).size).toBe(events.length);
      expect([...lastOf(frames).keys()].sort()).toEqual([...ids].sort());
      for (const event of lastOf(frames).values()) expect(event).toMatchObject({ kind: 'listing-closed', reason: 'sold' });
    }
  });

});

describe('what commits tell the world', () => {
  it('the market: a listing opened, then sold, cancelled or collected after it ran out, reaches every lobby socket', async () => {
    const [seller, buyer, watcher] = await Promise.all([trader(), trader(), mintPlayer()]);
    const socket = await connect(watcher);
    await socket.next('history');
    const sold = await list(seller);
    expect(await nextWorld(socket, (event) => event.kind === 'listing-opened' && event.listingId === sold.id)).toEqual({ kind: 'listing-opened', listingId: sold.id, catalogId: 'feather' });
    const bought = await call(pathOf(API.buyListing, { id: sold.id }), { token: buyer.token, body: { price: sold.price } });
    expect(bought.status, await bought.clone().text()).toBe(200);
    expect(await nextWorld(socket, (event) => event.kind === 'listing-closed' && event.listingId === sold.id)).toEqual({ kind: 'listing-closed', listingId: sold.id, reason: 'sold' });

    const cancelled = await list(seller);
    expect((await call(pathOf(API.cancelListing, { id: cancelled.id }), { token: seller.token, body: {} })).status).toBe(200);
    expect(await nextWorld(socket, (event) => event.kind === 'listing-closed' && event.listingId === cancelled.id)).toMatchObject({ reason: 'cancelled' });

    const expired = await list(seller);
    await env.DB.prepare('UPDATE market_listings SET expires_at = ? WHERE id = ?').bind(Date.now() - 1, expired.id).run();
    expect((await call(API.collectMarket.path, { token: seller.token, body: {} })).status).toBe(200);
    expect(await nextWorld(socket, (event) => event.kind === 'listing-closed' && event.listingId === expired.id)).toMatchObject({ reason: 'expired' });
  });

  it('a scoring trophy moves the all-time, season and league boards for everyone in the lobby', async () => {
    const [scorer, watcher] = await Promise.all([mintPlayer(), mintPlayer()]);
    const socket = await connect(watcher);
    await socket.next('history');
    const itemId = await giveItem(scorer.uid, { catalogId: 'radio-transceiver', quality: 5, researched: true });
    const added = await call('/api/trophycase', { body: { itemId }, token: scorer.token });
    expect(added.status, await added.clone().text()).toBe(200);
    const boards = new Set<string>();
    while (boards.size < 3) {
      const frame = await socket.next('world', (world) => world.events.some((event) => event.kind === 'board-moved'));
      for (const event of frame.events) if (event.kind === 'board-moved') boards.add(event.board);
    }
    expect([...boards].sort()).toEqual(['alltime', 'league', 'season']);
  });

  it('a donation moves the drive of its guild’s room only: a member hears the new points and target, no one else does', async () => {
    const [mine, theirs, outsider] = await Promise.all([guildOf(2), guildOf(1), mintPlayer()]);
    const [giver, mate] = mine.members;
    const [stranger] = theirs.members;
    // A non-member cannot open the guild's room at all.
    await expectError(await upgrade(outsider, undefined, undefined, guildPath(mine.id)), 403);
    const [mateRoom, mateLobby, strangerRoom, outsiderLobby] = await Promise.all([
      connect(mate!, undefined, guildPath(mine.id)),
      connect(mate!),
      connect(stranger!, undefined, guildPath(theirs.id)),
      connect(outsider),
    ]);
    const itemId = await giveItem(giver!.uid, { catalogId: 'radio-transceiver', quality: 3, location: 'duffel', researched: true });
    const donated = await callSettled(pathOf(API.donate, { id: mine.id }), { token: giver!.token, body: { itemIds: [itemId] } });
    expect(donated.status, await donated.clone().text()).toBe(200);
    const drive = await json<Drive>(await call(pathOf(API.drive, { id: mine.id }), { token: mate!.token }));
    expect(drive.points).toBeGreaterThan(0);
    expect(await nextWorld(mateRoom, (event) => event.kind === 'drive-progress')).toEqual({ kind: 'drive-progress', guildId: mine.id, points: drive.points, target: drive.target });
    const anyDrive = (event: WorldEvent) => event.kind === 'drive-progress' && event.guildId === mine.id;
    for (const [socket, room] of [[mateLobby, LOBBY], [strangerRoom, guildRoom(theirs.id)], [outsiderLobby, LOBBY]] as const) {
      expect((await worldUntilMarker(socket!, room)).filter(anyDrive)).toEqual([]);
    }
  });

  it('a fight tells the defender’s sockets only', async () => {
    const [alice, bob, carol] = await Promise.all([newPlayer(), newPlayer(), newPlayer()]);
    await unprotect(bob);
    const [aliceSocket, bobSocket, carolSocket] = await Promise.all([connect(alice), connect(bob), connect(carol)]);
    const response = await callSettled(API.fight.path, { body: { defender: bob.username }, token: alice.token });
    expect(response.status, await response.clone().text()).toBe(200);
    const { fight } = await json<FightResult>(response);
    const thisFight = (event: WorldEvent) => event.kind === 'attacked' && event.fightId === fight.id;
    expect(await nextWorld(bobSocket, thisFight)).toEqual({ kind: 'attacked', fightId: fight.id });
    for (const socket of [aliceSocket, carolSocket]) expect((await worldUntilMarker(socket)).filter(thisFight)).toEqual([]);
  });
});
