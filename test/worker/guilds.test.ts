/** Guilds (docs/design.md section 7.2): every rule and message, and the races that must not break them. */
import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { API } from '../../game/api';
import { GUILD_MAX_MEMBERS, GUILD_PRICE } from '../../game/constants';
import { MSG } from '../../game/messages';
import type { GuildPage, GuildSummary, Profile } from '../../game/wire';
import { CLOSE_REMOVED } from '../../game/chat-protocol';
import { seedChatHistory } from '../../worker/features/chat/dev-fixtures';
import { chatRoom, guildRoom } from '../../worker/features/chat/lobby-tree';
import { connect, upgrade } from './chat-client';
import { call, expectError, json, newPlayer, setPlayer, uniqueName } from './helpers';

type Player = Awaited<ReturnType<typeof newPlayer>>;

const post = (p: Player, path: string, body: unknown = {}) => call(path, { body, token: p.token });
const page = async (response: Response) => {
  expect(response.status, await response.clone().text()).toBe(200);
  return API.guild.response.parse(await response.json());
};
const profileOf = async (p: Player) => json<Profile>(await call(`/api/users/${p.uid}`, { token: p.token }));
const chatPath = (guildId: string) => `/api/guilds/${guildId}/chat`;
const guildName = () => `G ${uniqueName('g').slice(0, 12)}`;
let tags = 0;
/** Tags are 2–4 letters or digits and unique across the test run. */
const freshTag = () => (Date.now() % 1e6 + (tags += 1) * 7919).toString(36).slice(-4).toUpperCase();

async function founder(open = true, gold = 1000) {
  const leader = await newPlayer();
  await setPlayer(leader.uid, { gold });
  const created = await page(await post(leader, '/api/guilds', { name: guildName(), tag: freshTag(), open }));
  return { leader, guild: created.guild };
}
const memberCount = async (guildId: string) =>
  (await env.DB.prepare('SELECT count(*) AS n FROM guild_members WHERE guild_id = ?').bind(guildId).first<{ n: number }>())?.n ?? 0;
const guildsOf = async (uid: string) =>
  (await env.DB.prepare('SELECT guild_id AS id FROM guild_members WHERE uid = ?').bind(uid).all<{ id: string }>()).results.map((row) => row.id);
/** Fills a guild with fresh members until it has `size`. */
async function fill(guildId: string, size: number) {
  const now = Date.now();
  for (let n = await memberCount(guildId); n < size; n += 1) {
    const member = await newPlayer();
    await env.DB.prepare("INSERT INTO guild_members (uid, guild_id, role, joined_at) VALUES (?, ?, 'member', ?)").bind(member.uid, guildId, now).run();
  }
}

describe('founding a guild', () => {
  it(`costs ${GUILD_PRICE} gold, makes the founder its leader and fills the profile's guild field`, async () => {
    const leader = await newPlayer();
    await setPlayer(leader.uid, { gold: 250 });
    const name = guildName();
    const created = await page(await post(leader, '/api/guilds', { name, tag: freshTag(), open: true }));
    expect(created.guild).toMatchObject({ name, members: 1, score: 0, open: true });
    expect(created.myRole).toBe('leader');
    expect(created.members).toEqual([{ username: leader.username, role: 'leader', level: 1, trophyCaseScore: 0, online: false }]);
    const profile = await profileOf(leader);
    expect(profile.gold).toBe(50);
    expect(profile.guild).toBe(name);
  });

  it('is refused without the gold, changing nothing', async () => {
    const leader = await newPlayer();
    await setPlayer(leader.uid, { gold: GUILD_PRICE - 1 });
    await expectError(await post(leader, '/api/guilds', { name: guildName(), tag: freshTag(), open: true }), 400, MSG.notEnoughGold);
    expect(await guildsOf(leader.uid)).toEqual([]);
    expect((await profileOf(leader)).gold).toBe(GUILD_PRICE - 1);
  });

  it('checks the name and tag patterns', async () => {
    const leader = await newPlayer();
    for (const name of ['ab', 'a'.repeat(25), 'Two  Spaces', ' Leading', 'Trailing ', 'Bad-Char']) {
      await expectError(await post(leader, '/api/guilds', { name, tag: 'OK', open: true }), 400, MSG.guildNameInvalid);
    }
    for (const tag of ['A', 'ABCDE', 'A B', 'A-B']) {
      await expectError(await post(leader, '/api/guilds', { name: guildName(), tag, open: true }), 400, MSG.guildTagInvalid);
    }
  });

  it('keeps names and tags unique ignoring case, with the messages', async () => {
    const { guild } = await founder();
    const other = await newPlayer();
    await setPlayer(other.uid, { gold: 1000 });
    const upper = guild.name.toUpperCase();
    await expectError(await post(other, '/api/guilds', { name: upper, tag: freshTag(), open: true }), 409, MSG.guildNameTaken(upper));
    const lower = guild.tag.toLowerCase();
    await expectError(await post(other, '/api/guilds', { name: guildName(), tag: lower, open: true }), 409, MSG.guildTagTaken(lower));
    expect((await profileOf(other)).gold).toBe(1000);
  });

  it('two founders racing for one name: exactly one guild, and only its founder pays', async () => {
    const [a, b] = await Promise.all([newPlayer(), newPlayer()]);
    if (!a || !b) throw new Error('players');
    await Promise.all([setPlayer(a.uid, { gold: 500 }), setPlayer(b.uid, { gold: 500 })]);
    const name = guildName();
    const responses = await Promise.all([a, b].map((p) => post(p, '/api/guilds', { name, tag: freshTag(), open: true })));
    expect(responses.map((response) => response.status).sort()).toEqual([200, 409]);
    const golds = await Promise.all([a, b].map(async (p) => (await profileOf(p)).gold));
    expect(golds.sort()).toEqual([300, 500]);
    expect((await env.DB.prepare('SELECT count(*) AS n FROM guilds WHERE lower(name) = lower(?)').bind(name).first<{ n: number }>())?.n).toBe(1);
  });
});

describe('joining', () => {
  it('an open guild takes a player at once; one guild per player', async () => {
    const { guild } = await founder();
    const player = await newPlayer();
    const joined = await page(await post(player, `/api/guilds/${guild.id}/join`));
    expect(joined.myRole).toBe('member');
    expect(joined.guild.members).toBe(2);
    expect((await profileOf(player)).guild).toBe(guild.name);
    const other = await founder();
    await expectError(await post(player, `/api/guilds/${other.guild.id}/join`), 400, MSG.alreadyInGuild);
    await expectError(await post(player, `/api/guilds/${guild.id}/join`), 400, MSG.alreadyInGuild);
    await setPlayer(player.uid, { gold: 1000 });
    await expectError(await post(player, '/api/guilds', { name: guildName(), tag: freshTag(), open: true }), 400, MSG.alreadyInGuild);
  });

  it(`a guild of ${GUILD_MAX_MEMBERS} is full`, { timeout: 120_000 }, async () => {
    const { guild } = await founder();
    await fill(guild.id, GUILD_MAX_MEMBERS);
    await expectError(await post(await newPlayer(), `/api/guilds/${guild.id}/join`), 400, MSG.guildFull);
    expect(await memberCount(guild.id)).toBe(GUILD_MAX_MEMBERS);
  });

  it('five parallel joins for the last free place: exactly one member added', { timeout: 120_000 }, async () => {
    const { guild } = await founder();
    await fill(guild.id, GUILD_MAX_MEMBERS - 1);
    const joiners = await Promise.all(Array.from({ length: 5 }, () => newPlayer()));
    const responses = await Promise.all(joiners.map((p) => post(p, `/api/guilds/${guild.id}/join`)));
    expect(responses.map((response) => response.status).sort()).toEqual([200, 400, 400, 400, 400]);
    for (const response of responses.filter((r) => r.status === 400)) await expectError(response, 400, MSG.guildFull);
    expect(await memberCount(guild.id)).toBe(GUILD_MAX_MEMBERS);
    const fields = await Promise.all(joiners.map(async (p) => (await profileOf(p)).guild));
    expect(fields.filter((field) => field === guild.name)).toHaveLength(1);
  });

  it('a player joining two guilds and founding a third at once ends in exactly one', async () => {
    const [first, second] = await Promise.all([founder(), founder()]);
    const player = await newPlayer();
    await setPlayer(player.uid, { gold: 1000 });
    const responses = await Promise.all([
      post(player, `/api/guilds/${first.guild.id}/join`),
      post(player, `/api/guilds/${second.guild.id}/join`),
      post(player, '/api/guilds', { name: guildName(), tag: freshTag(), open: true }),
    ]);
    expect(responses.filter((response) => response.status === 200)).toHaveLength(1);
    const memberships = await guildsOf(player.uid);
    expect(memberships).toHaveLength(1);
    const [name] = (await env.DB.prepare('SELECT name FROM guilds WHERE id = ?').bind(memberships[0]).all<{ name: string }>()).results;
    expect((await profileOf(player)).guild).toBe(name?.name);
  });

  it('a closed guild takes requests that the leader or an officer accepts or declines', async () => {
    const { leader, guild } = await founder(false);
    const [asker, other, officer] = await Promise.all([newPlayer(), newPlayer(), newPlayer()]);
    if (!asker || !other || !officer) throw new Error('players');
    const asked = await page(await post(asker, `/api/guilds/${guild.id}/join`));
    expect(asked).toMatchObject({ myRole: null, requested: true, requests: [] });
    await page(await post(other, `/api/guilds/${guild.id}/join`));
    const seen = await page(await call(`/api/guilds/${guild.id}`, { token: leader.token }));
    expect(seen.requests).toEqual([asker.username, other.username]);

    // Members who are not officers may not answer.
    await env.DB.prepare("INSERT INTO guild_members (uid, guild_id, role, joined_at) VALUES (?, ?, 'member', ?)").bind(officer.uid, guild.id, Date.now()).run();
    await expectError(await post(officer, `/api/guilds/${guild.id}/requests/${asker.username}/accept`), 403, MSG.officersOnly);
    await page(await post(leader, `/api/guilds/${guild.id}/roles`, { username: officer.username, role: 'officer' }));

    const accepted = await page(await post(officer, `/api/guilds/${guild.id}/requests/${asker.username}/accept`));
    expect(accepted.members.map((member) => member.username)).toContain(asker.username);
    expect(accepted.requests).toEqual([other.username]);
    expect((await profileOf(asker)).guild).toBe(guild.name);
    const declined = await page(await post(leader, `/api/guilds/${guild.id}/requests/${other.username}/decline`));
    expect(declined.requests).toEqual([]);
    expect(await guildsOf(other.uid)).toEqual([]);
    await expectError(await post(leader, `/api/guilds/${guild.id}/requests/${other.username}/accept`), 404, MSG.requestNotFound);
    await expectError(await post(leader, `/api/guilds/${guild.id}/requests/nobody${Date.now() % 1e5}/accept`), 404, MSG.requestNotFound);
  });

  it('joining the requests of several guilds, then joining one, drops the other requests', async () => {
    const closed = await founder(false);
    const open = await founder(true);
    const player = await newPlayer();
    await page(await post(player, `/api/guilds/${closed.guild.id}/join`));
    await page(await post(player, `/api/guilds/${open.guild.id}/join`));
    const seen = await page(await call(`/api/guilds/${closed.guild.id}`, { token: closed.leader.token }));
    expect(seen.requests).toEqual([]);
  });

  it('an unknown guild is 404', async () => {
    const player = await newPlayer();
    await expectError(await call(`/api/guilds/${crypto.randomUUID()}`, { token: player.token }), 404, MSG.guildNotFound);
    await expectError(await post(player, `/api/guilds/${crypto.randomUUID()}/join`), 404, MSG.guildNotFound);
  });
});

describe('leaving, kicking and roles', () => {
  it('a leader with members must hand over first; the last member leaving disbands the guild', async () => {
    const { leader, guild } = await founder();
    const member = await newPlayer();
    await page(await post(member, `/api/guilds/${guild.id}/join`));
    await expectError(await post(leader, `/api/guilds/${guild.id}/leave`), 400, MSG.leaderMustHandOver);
    await expectError(await post(leader, `/api/guilds/${guild.id}/roles`, { username: leader.username, role: 'member' }), 400, MSG.leaderMustHandOver);

    const handed = await page(await post(leader, `/api/guilds/${guild.id}/roles`, { username: member.username, role: 'leader' }));
    expect(handed.members.map((m) => [m.username, m.role])).toEqual([
      [member.username, 'leader'],
      [leader.username, 'officer'],
    ]);
    expect(handed.myRole).toBe('officer');
    expect(await json(await post(leader, `/api/guilds/${guild.id}/leave`))).toEqual({ message: MSG.leftGuild(guild.name) });
    expect((await profileOf(leader)).guild).toBe('');
    const room = chatRoom(env, guildRoom(guild.id));
    await seedChatHistory(env, member.username, ['said before the end'], guildRoom(guild.id));
    expect((await room.page(null, 10)).messages).toHaveLength(1);
    const socket = await connect(member, undefined, chatPath(guild.id));
    await socket.next('user-list');
    expect(await json(await post(member, `/api/guilds/${guild.id}/leave`))).toEqual({ message: MSG.guildDisbanded(guild.name) });
    await expectError(await call(`/api/guilds/${guild.id}`, { token: member.token }), 404, MSG.guildNotFound);
    expect((await profileOf(member)).guild).toBe('');
    // The room is closed and forgets what was said in it.
    expect(await socket.closed).toBe(CLOSE_REMOVED);
    expect(await room.page(null, 10)).toEqual({ messages: [], nextCursor: null });
  });

  it('the last member leaving while someone joins: never a guild without a leader', async () => {
    for (let round = 0; round < 3; round += 1) {
      const { leader, guild } = await founder();
      const joiner = await newPlayer();
      const [left, joined] = await Promise.all([post(leader, `/api/guilds/${guild.id}/leave`), post(joiner, `/api/guilds/${guild.id}/join`)]);
      const leaders = (await env.DB.prepare("SELECT count(*) AS n FROM guild_members WHERE guild_id = ? AND role = 'leader'").bind(guild.id).first<{ n: number }>())?.n;
      const exists = (await env.DB.prepare('SELECT count(*) AS n FROM guilds WHERE id = ?').bind(guild.id).first<{ n: number }>())?.n;
      if (left.status === 200) {
        // Disbanded first: the joiner found nothing to join.
        expect([exists, joined.status, await memberCount(guild.id)]).toEqual([0, 404, 0]);
      } else {
        await expectError(left, 400, MSG.leaderMustHandOver);
        expect([exists, joined.status, leaders, await memberCount(guild.id)]).toEqual([1, 200, 1, 2]);
      }
    }
  });

  it('only a higher rank removes a member, and the removed player is out at once', async () => {
    const { leader, guild } = await founder();
    const [officer, member, other] = await Promise.all([newPlayer(), newPlayer(), newPlayer()]);
    if (!officer || !member || !other) throw new Error('players');
    for (const p of [officer, member, other]) await page(await post(p, `/api/guilds/${guild.id}/join`));
    await page(await post(leader, `/api/guilds/${guild.id}/roles`, { username: officer.username, role: 'officer' }));

    await expectError(await post(member, `/api/guilds/${guild.id}/kick`, { username: other.username }), 403, MSG.officersOnly);
    await expectError(await post(officer, `/api/guilds/${guild.id}/kick`, { username: leader.username }), 403, MSG.outranked);
    await expectError(await post(officer, `/api/guilds/${guild.id}/kick`, { username: officer.username }), 403, MSG.outranked);
    await expectError(await post(officer, `/api/guilds/${guild.id}/roles`, { username: member.username, role: 'officer' }), 403, MSG.leaderOnly);
    const outsider = await newPlayer();
    await expectError(await post(officer, `/api/guilds/${guild.id}/kick`, { username: outsider.username }), 404, MSG.notAMember);
    await expectError(await post(outsider, `/api/guilds/${guild.id}/kick`, { username: member.username }), 403, MSG.notInThisGuild);
    await expectError(await post(outsider, `/api/guilds/${guild.id}/leave`), 403, MSG.notInThisGuild);

    const after = await page(await post(officer, `/api/guilds/${guild.id}/kick`, { username: member.username }));
    expect(after.members.map((m) => m.username)).not.toContain(member.username);
    expect((await profileOf(member)).guild).toBe('');
    expect(await guildsOf(member.uid)).toEqual([]);
    await page(await post(leader, `/api/guilds/${guild.id}/kick`, { username: officer.username }));
    expect(await memberCount(guild.id)).toBe(2);
  });
});

describe('lists', () => {
  it('GET /api/guilds searches names and tags and scores guilds by their members', async () => {
    const { leader, guild } = await founder();
    const member = await newPlayer();
    await page(await post(member, `/api/guilds/${guild.id}/join`));
    // Scores as the trophy cases left them (an intent recomputes them, so they are set after the joins).
    await setPlayer(leader.uid, { trophy_case_score: 40 });
    await setPlayer(member.uid, { trophy_case_score: 2 });
    const search = async (q: string) => json<GuildSummary[]>(await call(`/api/guilds?q=${encodeURIComponent(q)}`, { token: leader.token }));
    expect(await search(guild.name.slice(2).toLowerCase())).toEqual([{ id: guild.id, name: guild.name, tag: guild.tag, members: 2, score: 42, open: true }]);
    expect((await search(guild.tag.toLowerCase())).map((row) => row.id)).toContain(guild.id);
    expect(await search('%_no such guild_%')).toEqual([]);
    // Longer than any name: refused with a sentence about the search, not about naming a guild.
    await expectError(await call(`/api/guilds?q=${'a'.repeat(25)}`, { token: leader.token }), 400, MSG.guildSearchTooLong);
    expect(await search('a'.repeat(24))).toEqual([]);
    const all = await json<GuildSummary[]>(await call('/api/guilds', { token: leader.token }));
    expect(all.map((row) => row.score)).toEqual([...all.map((row) => row.score)].sort((a, b) => b - a));
  });

  it("the arena shows a member's guild tag", async () => {
    const { leader, guild } = await founder();
    const viewer = await newPlayer();
    const arena = API.arena.response.parse(await json(await call(`/api/arena?q=${leader.username}`, { token: viewer.token })));
    expect(arena.opponents.find((row) => row.username === leader.username)?.guildTag).toBe(guild.tag);
    expect(arena.opponents.find((row) => row.username === viewer.username)?.guildTag ?? null).toBe(null);
  });

  it('a search for a whole name puts that guild first, however many others contain it', async () => {
    const { leader, guild } = await founder();
    const other = await newPlayer();
    await setPlayer(other.uid, { gold: 1000 });
    await page(await post(other, '/api/guilds', { name: `${guild.name} Two`, tag: freshTag(), open: true }));
    await setPlayer(other.uid, { trophy_case_score: 500 });
    const rows = await json<GuildSummary[]>(await call(`/api/guilds?q=${encodeURIComponent(guild.name.toUpperCase())}`, { token: leader.token }));
    expect(rows.map((row) => row.name)).toEqual([guild.name, `${guild.name} Two`]);
  });

  it('a member sees no requests; a non-member sees the page without a role', async () => {
    const { guild } = await founder(false);
    const viewer = await newPlayer();
    const seen: GuildPage = await page(await call(`/api/guilds/${guild.id}`, { token: viewer.token }));
    expect(seen).toMatchObject({ myRole: null, requested: false, requests: [] });
  });
});

describe("a guild's chat room", () => {

  it('is for members only, keeps its talk to itself, and shows [TAG] beside names', async () => {
    const { leader, guild } = await founder();
    const [member, outsider] = await Promise.all([newPlayer(), newPlayer()]);
    if (!member || !outsider) throw new Error('players');
    await page(await post(member, `/api/guilds/${guild.id}/join`));
    const refused = await upgrade(outsider, undefined, undefined, chatPath(guild.id));
    expect(refused.status).toBe(403);
    await refused.body?.cancel();
    expect((await upgrade(member, undefined, undefined, chatPath(crypto.randomUUID()))).status).toBe(403);

    const [mine, theirs, lobby] = await Promise.all([connect(leader, undefined, chatPath(guild.id)), connect(member, undefined, chatPath(guild.id)), connect(outsider)]);
    await Promise.all([mine.next('user-list'), theirs.next('user-list'), lobby.next('user-list')]);
    mine.send({ type: 'message', text: 'guild secret' });
    const heard = await theirs.next('message');
    expect(heard.message).toMatchObject({ username: leader.username, guildTag: guild.tag, text: 'guild secret' });
    // The lobby hears nothing of it.
    lobby.send({ type: 'message', text: 'lobby hello' });
    await lobby.next('message', (frame) => frame.message.text === 'lobby hello');
    expect(lobby.frames.some((frame) => frame.type === 'message' && frame.message.text === 'guild secret')).toBe(false);
    // Members show as online on the guild page.
    const seen = await page(await call(`/api/guilds/${guild.id}`, { token: leader.token }));
    expect(seen.members.every((m) => m.online)).toBe(true);
  });

  it("a kicked member's guild socket closes at once and hears nothing after", async () => {
    const { leader, guild } = await founder();
    const member = await newPlayer();
    await page(await post(member, `/api/guilds/${guild.id}/join`));
    const [mine, theirs] = await Promise.all([connect(leader, undefined, chatPath(guild.id)), connect(member, undefined, chatPath(guild.id))]);
    await Promise.all([mine.next('user-list'), theirs.next('user-list')]);
    await page(await post(leader, `/api/guilds/${guild.id}/kick`, { username: member.username }));
    expect(await theirs.closed).toBe(CLOSE_REMOVED);
    // Told first as a frame, which survives proxies that lose the close code.
    expect(theirs.frames.at(-1)).toEqual({ type: 'ended', code: CLOSE_REMOVED });
    const count = theirs.frames.length;
    mine.send({ type: 'message', text: 'after the kick' });
    await mine.next('message', (frame) => frame.message.text === 'after the kick');
    expect(theirs.frames.length).toBe(count);
    const again = await upgrade(member, undefined, undefined, chatPath(guild.id));
    expect(again.status).toBe(403);
    await again.body?.cancel();
  });

  it("the tag beside a player's lobby messages follows their membership while their socket stays open", async () => {
    const { leader, guild } = await founder();
    const player = await newPlayer();
    await setPlayer(player.uid, { gold: 1000 });
    const [lobby, listener] = await Promise.all([connect(player), connect(leader)]);
    await Promise.all([lobby.next('user-list'), listener.next('user-list')]);
    const say = async (text: string) => {
      lobby.send({ type: 'message', text });
      return (await listener.next('message', (frame) => frame.message.text === text)).message.guildTag;
    };
    const mark = uniqueName('tag');
    expect(await say(`${mark} outside`)).toBeNull();
    await page(await post(player, `/api/guilds/${guild.id}/join`));
    expect(await say(`${mark} joined`)).toBe(guild.tag);
    await page(await post(leader, `/api/guilds/${guild.id}/kick`, { username: player.username }));
    expect(await say(`${mark} kicked`)).toBeNull();
    const own = await page(await post(player, '/api/guilds', { name: guildName(), tag: freshTag(), open: false }));
    expect(await say(`${mark} founded`)).toBe(own.guild.tag);
    // History stores each message with the tag it was sent with.
    const stored = (await chatRoom(env).page(null, 50)).messages.filter((message) => message.text.startsWith(mark));
    expect(stored.map((message) => message.guildTag)).toEqual([null, guild.tag, null, own.guild.tag]);
  });

  it("leaving closes the leaver's guild sockets", async () => {
    const { guild } = await founder();
    const member = await newPlayer();
    await page(await post(member, `/api/guilds/${guild.id}/join`));
    const socket = await connect(member, undefined, chatPath(guild.id));
    await socket.next('user-list');
    expect((await post(member, `/api/guilds/${guild.id}/leave`)).status).toBe(200);
    expect(await socket.closed).toBe(CLOSE_REMOVED);
  });
});
