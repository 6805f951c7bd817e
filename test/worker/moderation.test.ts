/** Moderation (docs/design.md section 7.5): the admin's routes, who may call them, and what bans and mutes do. */
import { describe, expect, it } from 'vitest';
import { API, type AnyEndpoint } from '../../game/api';
import { MUTE_MAX_MINUTES, MUTE_MIN_MINUTES } from '../../game/constants';
import { MSG } from '../../game/messages';
import type { Arena, GuildSummary, Leaderboard, Moderation } from '../../game/wire';
import { connect } from './chat-client';
import { adminPlayer, call, expectError, json, mintPlayer, newPlayer, PASSWORD, setPlayer } from './helpers';

const moderationRoutes = (Object.values(API) as AnyEndpoint[]).filter((endpoint) => endpoint.path.startsWith('/api/admin/'));
const BODIES: Record<string, object> = {
  [API.mute.path]: { username: 'someone', minutes: 10 },
  [API.unmute.path]: { username: 'someone' },
  [API.ban.path]: { username: 'someone' },
  [API.unban.path]: { username: 'someone' },
  [API.deleteMessage.path]: { id: 1 },
};
const act = async (token: string, path: string, body: object) => {
  const response = await call(path, { body, token });
  expect(response.status, await response.clone().text()).toBe(200);
  return API.moderation.response.parse(await response.json());
};
const signIn = (identifier: string) => call('/api/auth/login', { body: { identifier, password: PASSWORD } });

describe('the moderation routes', () => {
  it('are a 404 for players who are not the admin and for visitors, and change nothing', async () => {
    const player = await newPlayer();
    const victim = await newPlayer();
    for (const endpoint of moderationRoutes) {
      const body = endpoint.method === 'POST' ? { ...BODIES[endpoint.path], username: victim.username } : undefined;
      await expectError(await call(endpoint.path, { method: endpoint.method, body, token: player.token }), 404);
      await expectError(await call(endpoint.path, { method: endpoint.method, body }), 404);
    }
    expect((await signIn(victim.username)).status).toBe(200);
    const admin = await adminPlayer();
    const state = await json<Moderation>(await call(API.moderation.path, { token: admin.token }));
    expect(state.muted.some((row) => row.username === victim.username)).toBe(false);
    expect(state.banned.some((row) => row.username === victim.username)).toBe(false);
  });
});

describe('a ban', () => {
  it("ends the player's sessions and sockets at once, refuses sign-in with the message, and is logged", async () => {
    const admin = await adminPlayer();
    const player = await newPlayer();
    const socket = await connect(player);
    await socket.next('user-list');
    const state = await act(admin.token, API.ban.path, { username: player.username.toUpperCase() });
    expect(state.banned.map((row) => row.username)).toContain(player.username);
    expect(state.log[0]).toMatchObject({ admin: admin.username, action: 'ban', target: player.username });
    expect(await socket.closed).toBe(4001);
    await expectError(await call(`/api/users/${player.uid}`, { token: player.token }), 401);
    await expectError(await signIn(player.username), 403, MSG.banned);
    await expectError(await signIn(player.email), 403, MSG.banned);

    await act(admin.token, API.unban.path, { username: player.username });
    expect((await signIn(player.username)).status).toBe(200);
  });

  it('a wrong password still hears the wrong-password message, so a ban is not revealed to strangers', async () => {
    const admin = await adminPlayer();
    const player = await newPlayer();
    await act(admin.token, API.ban.path, { username: player.username });
    await expectError(await call('/api/auth/login', { body: { identifier: player.username, password: 'not the password' } }), 401, MSG.invalidLogin);
  });

  it('is refused for the admin themselves and for an unknown player', async () => {
    const admin = await adminPlayer();
    await expectError(await call(API.ban.path, { body: { username: admin.username }, token: admin.token }), 403);
    await expectError(await call(API.ban.path, { body: { username: 'nobody12345' }, token: admin.token }), 404, MSG.playerNotFound);
  });
});

describe('a banned player is out of the game (hardening 3, finding 5)', () => {
  it('leaves every board, the arena lists, fights and the player cards, and an unban brings them back', async () => {
    const [admin, banned, viewer] = await Promise.all([adminPlayer(), mintPlayer(), mintPlayer()]);
    await setPlayer(banned.uid, { gold: 1000 });
    const tag = `B${Date.now() % 1000}`;
    const founded = await call(API.createGuild.path, { body: { name: `Banned ${banned.username.slice(0, 8)}`, tag, open: true }, token: banned.token });
    const { guild } = await json<{ guild: { id: string; name: string } }>(founded);
    // Written straight to D1, after the last intent of theirs (an intent derives the score from the items again).
    await setPlayer(banned.uid, { trophy_case_score: 1_000_000_000, rating: 1_000_000 });
    const seen = async () => {
      const [board, card, arena, guilds] = await Promise.all([
        json<Leaderboard>(await call(API.leaderboard.path, { token: viewer.token })),
        call(`/api/players/${banned.username}`, { token: viewer.token }),
        json<Arena>(await call(`/api/arena?q=${banned.username}`, { token: viewer.token })),
        json<GuildSummary[]>(await call(`/api/guilds?q=${tag}`, { token: viewer.token })),
      ]);
      return {
        onBoard: board.top.some((row) => row.username === banned.username),
        viewerRank: board.me.rank,
        card: card.status,
        opponent: arena.opponents.some((row) => row.username === banned.username),
        ladder: arena.ladder.some((row) => row.username === banned.username),
        guildScore: guilds.find((row) => row.id === guild.id)?.score,
      };
    };
    const before = await seen();
    expect(before).toMatchObject({ onBoard: true, card: 200, opponent: true, ladder: true, guildScore: 1_000_000_000 });

    await act(admin.token, API.ban.path, { username: banned.username });
    const during = await seen();
    expect(during).toEqual({ onBoard: false, viewerRank: before.viewerRank - 1, card: 404, opponent: false, ladder: false, guildScore: 0 });
    // Nobody can take their gold or move their rating.
    await expectError(await call(API.fight.path, { body: { defender: banned.username }, token: viewer.token }), 404, MSG.playerNotFound);

    await act(admin.token, API.unban.path, { username: banned.username });
    expect(await seen()).toMatchObject({ onBoard: true, viewerRank: before.viewerRank, card: 200, opponent: true, ladder: true, guildScore: 1_000_000_000 });
  });
});

describe('a mute', () => {
  it(`lasts ${MUTE_MIN_MINUTES} minutes to ${MUTE_MAX_MINUTES / 1440} days, is listed until it ends, and is logged`, async () => {
    const admin = await adminPlayer();
    const player = await newPlayer();
    for (const minutes of [MUTE_MIN_MINUTES - 1, MUTE_MAX_MINUTES + 1, 1.5]) {
      await expectError(await call(API.mute.path, { body: { username: player.username, minutes }, token: admin.token }), 400);
    }
    const before = Date.now();
    const state = await act(admin.token, API.mute.path, { username: player.username, minutes: 60 });
    const row = state.muted.find((entry) => entry.username === player.username);
    expect(row?.until).toBeGreaterThanOrEqual(before + 60 * 60_000);
    expect(state.log[0]).toMatchObject({ admin: admin.username, action: 'mute', target: player.username, detail: '60 minutes' });
    const after = await act(admin.token, API.unmute.path, { username: player.username });
    expect(after.muted.some((entry) => entry.username === player.username)).toBe(false);
    expect(after.log[0]?.action).toBe('unmute');
  });
});

describe('in the chat', () => {
  it("a muted player's frames get the error and reach no one, in the lobby and their guild's room, until the mute is lifted", async () => {
    const admin = await adminPlayer();
    const [muted, listener] = await Promise.all([newPlayer(), newPlayer()]);
    if (!muted || !listener) throw new Error('players');
    await setPlayer(muted.uid, { gold: 1000 });
    const founded = await call('/api/guilds', { body: { name: `Mute ${muted.username}`, tag: muted.username.slice(-4), open: true }, token: muted.token });
    const { guild } = API.createGuild.response.parse(await founded.json());
    const [lobby, room, ear] = await Promise.all([connect(muted), connect(muted, undefined, `/api/guilds/${guild.id}/chat`), connect(listener)]);
    await Promise.all([lobby.next('user-list'), room.next('user-list'), ear.next('user-list')]);

    await act(admin.token, API.mute.path, { username: muted.username, minutes: 10 });
    lobby.send({ type: 'message', text: 'spam' });
    room.send({ type: 'message', text: 'spam' });
    expect((await lobby.next('error')).message).toMatch(/^You are muted until \d{4}-\d\d-\d\d \d\d:\d\d UTC\.$/);
    expect((await room.next('error')).message).toMatch(/^You are muted until/);
    // A newly opened socket is muted too (the room learns it from the Worker on connect).
    const fresh = await connect(muted);
    await fresh.next('user-list');
    fresh.send({ type: 'message', text: 'spam again' });
    await fresh.next('error');
    ear.send({ type: 'message', text: 'marker' });
    await ear.next('message', (frame) => frame.message.text === 'marker');
    expect(ear.frames.some((frame) => frame.type === 'message' && frame.message.text.startsWith('spam'))).toBe(false);
    const history = API.messages.response.parse(await json(await call('/api/messages', { token: listener.token })));
    expect(history.messages.some((message) => message.text.startsWith('spam'))).toBe(false);

    await act(admin.token, API.unmute.path, { username: muted.username });
    lobby.send({ type: 'message', text: 'sorry' });
    expect((await ear.next('message', (frame) => frame.message.text === 'sorry')).message.username).toBe(muted.username);
  });

  it('a deleted message is gone from the history, and a delete frame reaches every open socket', async () => {
    const admin = await adminPlayer();
    const [author, reader] = await Promise.all([newPlayer(), newPlayer()]);
    if (!author || !reader) throw new Error('players');
    const [writes, reads] = await Promise.all([connect(author), connect(reader)]);
    await Promise.all([writes.next('user-list'), reads.next('user-list')]);
    writes.send({ type: 'message', text: 'something rude' });
    const { message } = await reads.next('message', (frame) => frame.message.text === 'something rude');

    const state = await act(admin.token, API.deleteMessage.path, { id: message.id });
    expect(state.log[0]).toMatchObject({ admin: admin.username, action: 'delete-message', target: author.username, detail: 'something rude' });
    expect((await reads.next('delete')).id).toBe(message.id);
    expect((await writes.next('delete')).id).toBe(message.id);
    const history = API.messages.response.parse(await json(await call('/api/messages', { token: reader.token })));
    expect(history.messages.some((entry) => entry.id === message.id)).toBe(false);
    // A new socket's history no longer has it either; deleting it again is a 404.
    const later = await connect(reader);
    expect((await later.next('history')).messages.some((entry) => entry.id === message.id)).toBe(false);
    await expectError(await call(API.deleteMessage.path, { body: { id: message.id }, token: admin.token }), 404, MSG.messageNotFound);
  });

  it("a ban closes the player's guild sockets too", async () => {
    const admin = await adminPlayer();
    const player = await newPlayer();
    await setPlayer(player.uid, { gold: 1000 });
    const founded = await call('/api/guilds', { body: { name: `Ban ${player.username}`, tag: player.username.slice(-4), open: true }, token: player.token });
    const { guild } = API.createGuild.response.parse(await founded.json());
    const room = await connect(player, undefined, `/api/guilds/${guild.id}/chat`);
    await room.next('user-list');
    await act(admin.token, API.ban.path, { username: player.username });
    expect(await room.closed).toBe(4001);
  });
});
