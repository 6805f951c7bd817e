/**
 * The guild Salvage Drive (docs/design.md section 8.6) in workerd against real D1: donations destroy researched
 * items for 2^tier × quality points, once each under a burst; a claim pays 10 cash once, only when the target is
 * met, only to a member from before the week who gave 100 points; a claim racing the donation that completes the
 * target is decided inside its batch.
 */
import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { API, pathOf } from '../../game/api';
import { MSG } from '../../game/messages';
import { itemsOfRarity, tierPoints } from '../../game/rules';
import { DRIVE_CASH, driveTarget, WEEK_MS, weekStart } from '../../game/rules/drive';
import type { Drive } from '../../game/wire';
import { call, expectError, giveItem, json, mintPlayer } from './helpers';

type Player = Awaited<ReturnType<typeof mintPlayer>>;

const HEIRLOOM = itemsOfRarity('heirloom')[0]!.id;
const LEGENDARY = itemsOfRarity('legendary')[0]!.id;

/** A guild of `size` new members who joined before this week began (or at `joinedAt`). */
async function guildOf(size: number, joinedAt = weekStart(Date.now()) - 1) {
  const id = crypto.randomUUID();
  // Tags are unique ignoring case and only 4 characters: a clash with another test's guild is drawn again.
  for (let attempt = 0; ; attempt += 1) {
    const tag = Math.floor(Math.random() * 36 ** 4).toString(36).padStart(4, '0');
    try {
      await env.DB.prepare('INSERT INTO guilds (id, name, tag, open, created_at) VALUES (?, ?, ?, 1, ?)').bind(id, `Drive ${id.slice(0, 8)}`, tag, Date.now()).run();
      break;
    } catch (error) {
      if (attempt >= 5 || !String(error).includes('guilds_tag_nocase')) throw error;
    }
  }
  const members: Player[] = [];
  for (let n = 0; n < size; n += 1) members.push(await join(id, joinedAt, n === 0 ? 'leader' : 'member'));
  return { id, members };
}

async function join(guildId: string, joinedAt: number, role = 'member') {
  const player = await mintPlayer();
  await env.DB.prepare('INSERT INTO guild_members (uid, guild_id, role, joined_at) VALUES (?, ?, ?, ?)').bind(player.uid, guildId, role, joinedAt).run();
  return player;
}

const donate = (player: Player, guildId: string, itemIds: string[]) => call(pathOf(API.donate, { id: guildId }), { token: player.token, body: { itemIds } });
const claim = (player: Player, guildId: string) => call(pathOf(API.claimDrive, { id: guildId }), { token: player.token, body: {} });
const driveOf = async (player: Player, guildId: string) => json<Drive>(await call(pathOf(API.drive, { id: guildId }), { token: player.token }));
const cashOf = async (uid: string) => (await env.DB.prepare('SELECT cash FROM players WHERE uid = ?').bind(uid).first<{ cash: number }>())!.cash;
const itemExists = async (id: string) => (await env.DB.prepare('SELECT count(*) AS n FROM items WHERE id = ?').bind(id).first<{ n: number }>())!.n === 1;
const researched = (player: Player, catalogId: string, quality: number) => giveItem(player.uid, { catalogId, quality, location: 'duffel', researched: true });

describe('donating to the Salvage Drive', () => {
  it('destroys the items for 2^tier × quality points each, added to the donor’s row, and shows on the drive', async () => {
    const { id, members } = await guildOf(2);
    const [alice] = members;
    const items = [await researched(alice!, LEGENDARY, 3), await researched(alice!, 'feather', 7)];
    const response = await donate(alice!, id, items);
    expect(response.status, await response.clone().text()).toBe(200);
    for (const item of items) expect(await itemExists(item)).toBe(false);
    const points = tierPoints('legendary') * 3 + tierPoints('verycommon') * 7;
    expect(points).toBe(64 * 3 + 7);
    const drive = await driveOf(alice!, id);
    expect(drive).toMatchObject({ target: driveTarget(2), points, members: 2, week: weekStart(Date.now()), endsAt: weekStart(Date.now()) + WEEK_MS });
    expect(drive.donors).toEqual([{ username: alice!.username, points }]);
    expect(drive.mine).toEqual({ points, claimed: false, memberBeforeWeek: true });
  });

  it('a burst of ten donations of the same item counts it once', async () => {
    const { id, members } = await guildOf(1);
    const item = await researched(members[0]!, LEGENDARY, 5);
    const answers = await Promise.all(Array.from({ length: 10 }, () => donate(members[0]!, id, [item])));
    expect(answers.filter((response) => response.status === 200)).toHaveLength(1);
    expect((await driveOf(members[0]!, id)).points).toBe(64 * 5);
  });

  it('refuses what is not researched, not the donor’s, or nothing, and anyone outside the guild; nothing changes', async () => {
    const { id, members } = await guildOf(1);
    const [member] = members;
    const raw = await giveItem(member!.uid, { catalogId: LEGENDARY, quality: 5, location: 'inventory', researched: false });
    await expectError(await donate(member!, id, [raw]), 400, MSG.mustBeResearched);
    await expectError(await donate(member!, id, []), 400, MSG.nothingToDonate);
    const stranger = await mintPlayer();
    const theirs = await researched(stranger, LEGENDARY, 5);
    await expectError(await donate(member!, id, [theirs]), 404, MSG.itemNotFound);
    await expectError(await donate(stranger, id, [theirs]), 403, MSG.notInThisGuild);
    expect(await itemExists(raw)).toBe(true);
    expect(await itemExists(theirs)).toBe(true);
    expect((await driveOf(member!, id)).points).toBe(0);
  });

  it('an unknown guild’s drive is not found', async () => {
    const player = await mintPlayer();
    await expectError(await call(pathOf(API.drive, { id: 'nope' }), { token: player.token }), 404, MSG.guildNotFound);
  });
});

describe('claiming the drive’s reward', () => {
  it('waits for the target, then pays 10 cash once to a member who gave 100 points, even under a burst of ten', async () => {
    const { id, members } = await guildOf(2);
    const [alice, bob] = members;
    await donate(alice!, id, [await researched(alice!, LEGENDARY, 10)]);
    await expectError(await claim(alice!, id), 400, MSG.driveNotMet(driveTarget(2) - 640));
    await donate(bob!, id, [await researched(bob!, HEIRLOOM, 10)]);
    const answers = await Promise.all(Array.from({ length: 10 }, () => claim(alice!, id)));
    expect(answers.filter((response) => response.status === 200)).toHaveLength(1);
    expect(await cashOf(alice!.uid)).toBe(DRIVE_CASH);
    await expectError(await claim(alice!, id), 400, MSG.driveClaimed);
    expect((await driveOf(alice!, id)).mine).toMatchObject({ claimed: true });
  });

  it('refuses a member who gave under 100 points, and one who joined after the week began', async () => {
    const { id, members } = await guildOf(1);
    const [leader] = members;
    await donate(leader!, id, [await researched(leader!, HEIRLOOM, 10), await researched(leader!, HEIRLOOM, 10)]);
    const late = await join(id, Date.now());
    // Three members below: 3,000 to reach, and the leader's 5,120 does.
    await donate(late, id, [await researched(late, LEGENDARY, 2)]);
    await expectError(await claim(late, id), 403, MSG.driveJoinedLate);
    expect((await driveOf(late, id)).mine).toMatchObject({ memberBeforeWeek: false });
    const small = await join(id, weekStart(Date.now()) - 1);
    await donate(small, id, [await researched(small, 'feather', 9)]);
    await expectError(await claim(small, id), 400, MSG.driveTooLittle(91));
    expect(await cashOf(late.uid)).toBe(0);
    expect(await cashOf(small.uid)).toBe(0);
  });

  it('a claim racing the donation that completes the target is decided in the batch: it pays only with the target met', async () => {
    for (let round = 0; round < 8; round += 1) {
      const { id, members } = await guildOf(2);
      const [alice, bob] = members;
      // 640 of 2,000: Bob's heirloom (2,560) completes it.
      await donate(alice!, id, [await researched(alice!, LEGENDARY, 10)]);
      const heirloom = await researched(bob!, HEIRLOOM, 10);
      const [claimed, donated] = await Promise.all([claim(alice!, id), donate(bob!, id, [heirloom])]);
      expect(donated.status, await donated.clone().text()).toBe(200);
      if (claimed.status === 200) expect(await cashOf(alice!.uid)).toBe(DRIVE_CASH);
      else {
        await expectError(claimed, 400, MSG.driveNotMet(driveTarget(2) - 640));
        expect(await cashOf(alice!.uid)).toBe(0);
      }
    }
  });

  it('a claim racing a member joining, which raises the target above the sum, never pays over the target', async () => {
    for (let round = 0; round < 8; round += 1) {
      const { id, members } = await guildOf(1);
      const [leader] = members;
      // 1,280 of 1,000 met; a second member makes it 2,000 and unmet.
      await donate(leader!, id, [await researched(leader!, LEGENDARY, 10), await researched(leader!, LEGENDARY, 10)]);
      const newcomer = await mintPlayer();
      const [claimed] = await Promise.all([
        claim(leader!, id),
        env.DB.prepare("INSERT INTO guild_members (uid, guild_id, role, joined_at) VALUES (?, ?, 'member', ?)").bind(newcomer.uid, id, Date.now()).run(),
      ]);
      const claimedAt = await env.DB.prepare('SELECT claimed_at FROM drive_donations WHERE uid = ?').bind(leader!.uid).first<{ claimed_at: number | null }>();
      // Paid only if the claim's batch committed before the member's row: then the row says claimed.
      if (claimed.status === 200) expect(claimedAt?.claimed_at).not.toBeNull();
      else {
        await expectError(claimed, 400, MSG.driveNotMet(driveTarget(2) - 1280));
        expect(claimedAt?.claimed_at).toBeNull();
      }
      expect(await cashOf(leader!.uid)).toBe(claimed.status === 200 ? DRIVE_CASH : 0);
    }
  });
});

describe('the drive week', () => {
  it('starts on Monday 00:00 UTC', () => {
    expect(new Date(weekStart(Date.UTC(2026, 10, 26, 13))).toISOString()).toBe('2026-11-23T00:00:00.000Z');
    expect(new Date(weekStart(Date.UTC(2026, 10, 23, 0))).toISOString()).toBe('2026-11-23T00:00:00.000Z');
    expect(new Date(weekStart(Date.UTC(2026, 10, 22, 23, 59))).toISOString()).toBe('2026-11-16T00:00:00.000Z');
  });
});
