/**
 * The guild Salvage Drive (docs/design.md section 8.6) in workerd against real D1: donations destroy researched
 * items for 2^tier × quality points, once each under a burst; a claim pays 10 cash once, only when the target is
 * met, only to a member who can claim (from before the week, or any member in the guild's founding week) and gave
 * 100 points, once a week across guilds; the target counts only members who can claim; a claim racing the donation
 * that completes the target, a member joining or the claimer moving guilds is decided inside its batch.
 */
import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { API, pathOf } from '../../game/api';
import { MSG } from '../../game/messages';
import { itemsOfRarity, tierPoints } from '../../game/rules';
import { DRIVE_CASH, driveTarget, weekStart } from '../../game/rules/drive';
import { WEEK_MS } from '../../game/time';
import type { Drive } from '../../game/wire';
import { GUILD_PRICE } from '../../game/constants';
import { call, expectError, giveItem, json, mintPlayer, setPlayer } from './helpers';

type Player = Awaited<ReturnType<typeof mintPlayer>>;

const HEIRLOOM = itemsOfRarity('heirloom')[0]!.id;
const LEGENDARY = itemsOfRarity('legendary')[0]!.id;

/** A guild founded before this week (or at `foundedAt`) of `size` new members who joined before this week began (or at `joinedAt`). */
async function guildOf(size: number, joinedAt = weekStart(Date.now()) - 1, foundedAt = joinedAt) {
  const id = crypto.randomUUID();
  // Tags are unique ignoring case and only 4 characters: a clash with another test's guild is drawn again.
  for (let attempt = 0; ; attempt += 1) {
    const tag = Math.floor(Math.random() * 36 ** 4).toString(36).padStart(4, '0');
    try {
      await env.DB.prepare('INSERT INTO guilds (id, name, tag, open, created_at) VALUES (?, ?, ?, 1, ?)').bind(id, `Drive ${id.slice(0, 8)}`, tag, foundedAt).run();
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
    expect(drive.mine).toEqual({ points, claimed: false, memberBeforeWeek: true, claimedElsewhere: false, canClaim: true });
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
    // The late member cannot claim, so the target counts the other two: 2,000, and the leader's 5,120 meets it.
    await donate(late, id, [await researched(late, LEGENDARY, 2)]);
    await expectError(await claim(late, id), 403, MSG.driveJoinedLate);
    expect((await driveOf(late, id)).mine).toMatchObject({ memberBeforeWeek: false, canClaim: false });
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
      // Founded this week, so a member joining now can claim and counts towards the target.
      const { id, members } = await guildOf(1, Date.now());
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

describe('a new guild’s drive (docs/design.md section 9.9)', () => {
  it('pays members who joined during the week when the guild was founded that week, the target counting each', async () => {
    const now = Date.now();
    const { id, members } = await guildOf(2, now);
    const [alice, bob] = members;
    expect((await driveOf(alice!, id)).mine).toEqual({ points: 0, claimed: false, memberBeforeWeek: false, claimedElsewhere: false, canClaim: true });
    await donate(alice!, id, [await researched(alice!, LEGENDARY, 10)]);
    // Both can claim: 2,000 to reach, 640 given.
    await expectError(await claim(alice!, id), 400, MSG.driveNotMet(driveTarget(2) - 640));
    await donate(bob!, id, [await researched(bob!, HEIRLOOM, 10)]);
    for (const member of [alice!, bob!]) {
      const response = await claim(member, id);
      expect(response.status, await response.clone().text()).toBe(200);
      expect(await cashOf(member.uid)).toBe(DRIVE_CASH);
    }
  });

  it('in an older guild, a member who cannot claim does not raise the target, which never falls below one member’s', async () => {
    const { id, members } = await guildOf(1);
    const [leader] = members;
    const late = await join(id, Date.now());
    const drive = await driveOf(late, id);
    expect(drive).toMatchObject({ target: driveTarget(1), members: 2 });
    expect(drive.mine).toMatchObject({ memberBeforeWeek: false, canClaim: false, claimedElsewhere: false });
    await donate(leader!, id, [await researched(leader!, LEGENDARY, 10), await researched(leader!, LEGENDARY, 10)]);
    expect((await claim(leader!, id)).status).toBe(200);
    // The leader gone, nobody left can claim: the target is still one member’s share, not 0.
    await env.DB.prepare('DELETE FROM guild_members WHERE uid = ?').bind(leader!.uid).run();
    expect((await driveOf(late, id)).target).toBe(driveTarget(0));
    expect(driveTarget(0)).toBe(driveTarget(1));
  });

  it('a player who claimed, left and founded a guild this week cannot claim there; the drive says so up front', async () => {
    const { id, members } = await guildOf(1);
    const [alice] = members;
    await donate(alice!, id, [await researched(alice!, HEIRLOOM, 10)]);
    expect((await claim(alice!, id)).status).toBe(200);
    // Alone, she disbands the guild as she leaves, and its drive rows go with it: her claim is kept on her row.
    const founded = await moveToNewGuild(alice!, id);
    expect(await env.DB.prepare('SELECT count(*) AS n FROM drive_donations WHERE guild_id = ?').bind(id).first('n')).toBe(0);
    expect((await driveOf(alice!, founded)).mine).toEqual({ points: 2560, claimed: false, memberBeforeWeek: false, claimedElsewhere: true, canClaim: false });
    await expectError(await claim(alice!, founded), 400, MSG.driveClaimedElsewhere);
    expect(await cashOf(alice!.uid)).toBe(DRIVE_CASH);
  });

  it('the same player claiming in two guilds at once, moving between them, is paid once', async () => {
    for (let round = 0; round < 3; round += 1) {
      const { id, members } = await guildOf(2);
      const [alice, bob] = members;
      await donate(alice!, id, [await researched(alice!, HEIRLOOM, 10)]);
      const claimsHere = Array.from({ length: 5 }, () => claim(alice!, id));
      const moved = moveToNewGuild(alice!, id, bob!).then((founded) => Promise.all(Array.from({ length: 5 }, () => claim(alice!, founded))));
      const answers = [...(await Promise.all(claimsHere)), ...(await moved)];
      expect(answers.filter((response) => response.status === 200)).toHaveLength(1);
      expect(await cashOf(alice!.uid)).toBe(DRIVE_CASH);
      const rows = await env.DB.prepare('SELECT count(*) AS n FROM drive_donations WHERE uid = ? AND claimed_at IS NOT NULL').bind(alice!.uid).first<{ n: number }>();
      expect(rows?.n).toBe(1);
    }
  });
});

/**
 * Leaves `guildId` (handing it to `heir` first, if any), founds a guild through the API (this week, so its members can claim) and
 * gives it an heirloom of 2,560 points, enough to meet its target alone; answers the new guild's id.
 */
async function moveToNewGuild(player: Player, guildId: string, heir?: Player) {
  if (heir) {
    await env.DB.prepare("UPDATE guild_members SET role = 'leader' WHERE uid = ?").bind(heir.uid).run();
    await env.DB.prepare("UPDATE guild_members SET role = 'member' WHERE uid = ?").bind(player.uid).run();
  }
  const left = await call(pathOf(API.leaveGuild, { id: guildId }), { token: player.token, body: {} });
  expect(left.status, await left.clone().text()).toBe(200);
  await setPlayer(player.uid, { gold: GUILD_PRICE });
  let founded: Response;
  do {
    const tag = Math.floor(Math.random() * 36 ** 4).toString(36).padStart(4, '0');
    founded = await call(API.createGuild.path, { token: player.token, body: { name: `Moved ${tag}`, tag, open: true } });
  } while (founded.status === 409);
  expect(founded.status, await founded.clone().text()).toBe(200);
  const { guild } = await json<{ guild: { id: string } }>(founded);
  const given = await donate(player, guild.id, [await researched(player, HEIRLOOM, 10)]);
  expect(given.status, await given.clone().text()).toBe(200);
  return guild.id;
}

describe('the drive week', () => {
  it('starts on Monday 00:00 UTC', () => {
    expect(new Date(weekStart(Date.UTC(2026, 10, 26, 13))).toISOString()).toBe('2026-11-23T00:00:00.000Z');
    expect(new Date(weekStart(Date.UTC(2026, 10, 23, 0))).toISOString()).toBe('2026-11-23T00:00:00.000Z');
    expect(new Date(weekStart(Date.UTC(2026, 10, 22, 23, 59))).toISOString()).toBe('2026-11-16T00:00:00.000Z');
  });
});
