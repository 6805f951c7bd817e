/**
 * Hardening 4, finding 1: no intent of a player commits after their ban, the sign-out of the session it came
 * from, or a password reset. Each round sends a burst of listings, fights, scavenges and notices marked seen (a
 * write that is no intent: issue #55) together with the revocation. Once everything has settled:
 * - the player's rows are what they were when the revocation answered, and a trigger of the test's own that
 *   records every write to a banned or session-less player's row saw none;
 * - every 200 answer has its row (a listing, a fight, a scavenge's log line), and no refused one has;
 * - gold is conserved: what the player and the defenders hold moved only by the fees and the scavenges answered.
 * Without the session and ban check in the write guard (worker/core/commit.ts) the ban rounds commit listings
 * and fights after the ban.
 */
import { env } from 'cloudflare:workers';
import { decodeFights, fightId } from '../../game/rules/fight-record';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API } from '../../game/api';
import { GOLD_PER_SCAVENGE } from '../../game/constants';
import { xpForLevel } from '../../game/rules/level';
import { listingFee, MARKET_LEVEL, proceedsOf } from '../../game/rules/market';
import { MSG } from '../../game/messages';
import { app } from '../../worker/app';
import { countingD1, newD1Count } from './d1-counter';
import { adminPlayer, apiRequest, call, giveItem, json, mintPlayer, setPlayer, uniqueName, unprotect } from './helpers';

const ROUNDS = 30;
const PRICE = 10;
const BURST = { listings: 3, fights: 3, scavenges: 3, seen: 3 };

type Player = Awaited<ReturnType<typeof mintPlayer>>;
type Revocation = 'ban' | 'sign-out' | 'password reset';

// A write to a player who is banned or has no live session: what no intent may make (the test's own observer). The
// ban's own copy onto the player (players.banned, by the users_banned_boards trigger) and a new player's number (by
// the players_number trigger, before the test mints their session) are no intent's writes.
beforeAll(async () => {
  await env.DB.batch([
    env.DB.prepare('CREATE TABLE IF NOT EXISTS test_late_writes (uid TEXT NOT NULL)'),
    env.DB.prepare(
      `CREATE TRIGGER IF NOT EXISTS test_late_writes_watch AFTER UPDATE ON players
       WHEN NEW.banned IS OLD.banned AND NEW.num IS OLD.num AND (EXISTS (SELECT 1 FROM users WHERE id = NEW.uid AND banned_at IS NOT NULL)
         OR NOT EXISTS (SELECT 1 FROM sessions WHERE uid = NEW.uid AND revoked_at IS NULL))
       BEGIN INSERT INTO test_late_writes (uid) VALUES (NEW.uid); END`,
    ),
  ]);
});
afterAll(async () => {
  await env.DB.batch([env.DB.prepare('DROP TRIGGER IF EXISTS test_late_writes_watch'), env.DB.prepare('DROP TABLE IF EXISTS test_late_writes')]);
});

/** Defenders only ever attacked: each has a live session, so the observer above ignores them. */
async function defenders(count: number): Promise<Player[]> {
  return Promise.all(Array.from({ length: count }, async () => {
    const defender = await mintPlayer();
    await setPlayer(defender.uid, { gold: 500 });
    return defender;
  }));
}

/** A player who may list, fight and scavenge, with researched items to list. */
async function actor(): Promise<{ player: Player; itemIds: string[] }> {
  const player = await mintPlayer();
  await setPlayer(player.uid, { xp: xpForLevel(MARKET_LEVEL), level: MARKET_LEVEL, gold: 1000, duffel_bag_size: BURST.listings });
  await env.DB.prepare('UPDATE users SET email_verified_at = ? WHERE id = ?').bind(Date.now(), player.uid).run();
  const itemIds: string[] = [];
  for (let i = 0; i < BURST.listings; i += 1) itemIds.push(await giveItem(player.uid, { location: 'duffel', researched: true }));
  return { player, itemIds };
}

async function sha256Hex(text: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text));
  return [...new Uint8Array(digest)].map((byte) => byte.toString(16).padStart(2, '0')).join('');
}

/** The revocation's request, made ready before the burst so that it starts with it. */
async function revocation(kind: Revocation, player: Player, adminToken: string): Promise<() => Promise<Response>> {
  if (kind === 'ban') return () => call(API.ban.path, { body: { username: player.username }, token: adminToken });
  if (kind === 'sign-out') return () => call(API.logout.path, { body: {}, token: player.token });
  // A reset link as the mail would carry it (the mail flow itself is accounts.test.ts's).
  const token = uniqueName('reset') + crypto.randomUUID();
  await env.DB.prepare('INSERT INTO password_resets (token_hash, uid, expires_at) VALUES (?, ?, ?)').bind(await sha256Hex(token), player.uid, Date.now() + 60_000).run();
  const password = 'a brand new password';
  return () => call(API.confirmReset.path, { body: { token, password, confirmPassword: password } });
}

/** Everything an intent of the player could have written. */
async function snapshot(uid: string, defenderIds: readonly string[]) {
  const marks = defenderIds.map(() => '?').join(', ');
  const rows = await env.DB.batch([
    env.DB.prepare('SELECT gold, energy, energy_at, xp, write_token FROM players WHERE uid = ?').bind(uid),
    env.DB.prepare('SELECT id, location FROM items WHERE uid = ? ORDER BY id').bind(uid),
    env.DB.prepare('SELECT finds FROM players WHERE uid = ?').bind(uid),
    env.DB.prepare('SELECT id, item_id, price FROM market_listings WHERE seller_uid = ? ORDER BY id').bind(uid),
    env.DB.prepare(
      'SELECT num, day, lower(hex(seed_hash_prefix)) AS prefix, client_seed, defenders, packed FROM fight_days WHERE num = (SELECT num FROM players WHERE uid = ?) ORDER BY day, prefix, client_seed',
    ).bind(uid),
    env.DB.prepare('SELECT kind, text FROM activity WHERE num = (SELECT num FROM players WHERE uid = ?) ORDER BY id').bind(uid),
    env.DB.prepare(`SELECT uid, gold FROM players WHERE uid IN (${marks}) ORDER BY uid`).bind(...defenderIds),
  ]);
  return rows.map((result) => result.results);
}

const goldOf = async (uids: readonly string[]) =>
  (await env.DB.prepare(`SELECT sum(gold) AS total FROM players WHERE uid IN (${uids.map(() => '?').join(', ')})`).bind(...uids).first<{ total: number }>())!.total;

async function race(kind: Revocation, adminToken: string) {
  const { player, itemIds } = await actor();
  const targets = await defenders(BURST.fights);
  const everyone = [player.uid, ...targets.map((target) => target.uid)];
  const goldBefore = await goldOf(everyone);
  const revoke = await revocation(kind, player, adminToken);
  const listings = itemIds.map((itemId) => call(API.listItem.path, { token: player.token, body: { itemId, price: PRICE } }));
  const fights = targets.map((target) => call(API.fight.path, { token: player.token, body: { defender: target.username } }));
  const scavenges = Array.from({ length: BURST.scavenges }, () => call(API.scavenge.path, { token: player.token, body: {} }));
  // Not an intent but a write all the same (issue #55): opening the notices must not land after the revocation.
  const seen = Array.from({ length: BURST.seen }, () => call(API.seenNotices.path, { token: player.token, body: {} }));
  // The revocation starts somewhere inside the burst, and what the player held is read the moment it answers.
  const answered = revoke().then(async (response) => ({ response, held: await snapshot(player.uid, targets.map((target) => target.uid)) }));
  const [revoked, listed, fought, scavenged, opened] = await Promise.all([answered, Promise.all(listings), Promise.all(fights), Promise.all(scavenges), Promise.all(seen)]);
  expect(revoked.response.status, await revoked.response.clone().text()).toBeLessThan(300);

  const settled = await snapshot(player.uid, targets.map((target) => target.uid));
  expect(settled).toEqual(revoked.held);
  const late = await env.DB.prepare('SELECT count(*) AS n FROM test_late_writes WHERE uid = ?').bind(player.uid).first<{ n: number }>();
  expect(late!.n).toBe(0);

  // Every 200 answer has its row, and only those; everything else was refused as signed out or gone.
  const ok = (responses: Response[]) => responses.filter((response) => response.status === 200);
  for (const response of [...listed, ...fought, ...scavenged]) expect([200, 401, 404, 409]).toContain(response.status);
  for (const response of opened) expect([200, 401]).toContain(response.status);
  const listingIds = await Promise.all(ok(listed).map(async (response) => (await json<{ listing: { id: string } }>(response)).listing.id));
  const fightsAnswered = await Promise.all(ok(fought).map(async (response) => (await json<{ fight: { id: string; goldMinted: number } }>(response)).fight));
  const fightIds = fightsAnswered.map((fight) => fight.id);
  const [storedListings, storedFights, , , , activity] = [settled[3], settled[4], settled[0], settled[1], settled[2], settled[5]];
  expect((storedListings as { id: string }[]).map((row) => row.id).sort()).toEqual(listingIds.sort());
  const storedIds = (storedFights as { num: number; day: number; prefix: string; packed: ArrayBuffer }[]).flatMap((row) =>
    decodeFights(new Uint8Array(row.packed)).map((fight) => fightId(row.day, row.num, row.prefix, fight.nonce)),
  );
  expect(storedIds.sort()).toEqual(fightIds.sort());
  expect((activity as { kind: string }[]).filter((row) => row.kind === 'scavenge')).toHaveLength(ok(scavenged).length);

  // Items stay the player's (listed, back in the bag after a ban, or never moved); gold moved only as answered.
  expect((settled[1] as { id: string }[]).map((row) => row.id).sort()).toEqual([...itemIds].sort());
  // A fight moves gold from the defender to the attacker and mints a part on top (docs/design.md section 10.1).
  const minted = fightsAnswered.reduce((sum, fight) => sum + fight.goldMinted, 0);
  expect(await goldOf(everyone)).toBe(goldBefore - ok(listed).length * listingFee(PRICE) + ok(scavenged).length * GOLD_PER_SCAVENGE + minted);
  return { committed: ok(listed).length + ok(fought).length + ok(scavenged).length, refused: listed.length + fought.length + scavenged.length - ok(listed).length - ok(fought).length - ok(scavenged).length };
}

describe('a revocation racing a burst of intents: nothing commits after it', () => {
  for (const kind of ['ban', 'sign-out', 'password reset'] as const) {
    it(`${kind}: over ${ROUNDS} rounds`, { timeout: 260_000 }, async () => {
      const admin = await adminPlayer();
      let committed = 0;
      let refused = 0;
      for (let round = 0; round < ROUNDS; round += 1) {
        const outcome = await race(kind, admin.token);
        committed += outcome.committed;
        refused += outcome.refused;
      }
      // The race was run: some intents landed before the revocation and some were refused after it.
      expect(committed).toBeGreaterThan(0);
      expect(refused).toBeGreaterThan(0);
    });
  }
});

describe('a write that is no intent, after a sign-out', () => {
  it('notices marked seen by a session signed out between their read and their write: 401, and nothing written', async () => {
    const [player, attacker] = [await mintPlayer(), await mintPlayer()];
    await unprotect(player);
    expect((await call(API.fight.path, { token: attacker.token, body: { defender: player.username } })).status).toBe(200);
    const seenAt = async () => (await env.DB.prepare('SELECT notices_seen_at AS at FROM players WHERE uid = ?').bind(player.uid).first<{ at: number }>())!.at;
    const before = await seenAt();
    // The request reads its notices (round trip 1, which checks the session), then waits at its write until the
    // sign-out has answered.
    let atWrite!: () => void;
    let release!: () => void;
    const reachedWrite = new Promise<void>((resolve) => (atWrite = resolve));
    const released = new Promise<void>((resolve) => (release = resolve));
    const count = newD1Count();
    count.gate = async (round) => {
      if (round !== 2) return;
      atWrite();
      await released;
    };
    const seen = app.fetch(apiRequest(API.seenNotices.path, { token: player.token, body: {} }), { ...env, DB: countingD1(env.DB, count) });
    await reachedWrite;
    expect((await call(API.logout.path, { body: {}, token: player.token })).status).toBe(204);
    release();
    expect((await seen).status).toBe(401);
    expect(await seenAt()).toBe(before);
  });
});

describe('a ban of the other player racing an intent that reaches them', () => {
  it(`a fight against a defender banned meanwhile wins before the ban or finds 'Player not found.': over ${ROUNDS} rounds`, { timeout: 120_000 }, async () => {
    const admin = await adminPlayer();
    let before = 0;
    let after = 0;
    for (let round = 0; round < ROUNDS; round += 1) {
      const attackers = await Promise.all([actor(), actor(), actor()]);
      const [defender] = await defenders(1);
      const goldBefore = await goldOf([defender!.uid, ...attackers.map(({ player }) => player.uid)]);
      const [banned, ...fights] = await Promise.all([
        call(API.ban.path, { body: { username: defender!.username }, token: admin.token }),
        ...attackers.map(({ player }) => call(API.fight.path, { token: player.token, body: { defender: defender!.username } })),
      ]);
      expect(banned!.status).toBe(200);
      for (const fight of fights) {
        if (fight.status === 200) before += 1;
        else {
          expect(fight.status).toBe(404);
          expect((await json<{ error: { message: string } }>(fight)).error.message).toBe(MSG.playerNotFound);
          after += 1;
        }
      }
      const late = await env.DB.prepare('SELECT count(*) AS n FROM test_late_writes WHERE uid = ?').bind(defender!.uid).first<{ n: number }>();
      expect(late!.n).toBe(0);
      expect(await goldOf([defender!.uid, ...attackers.map(({ player }) => player.uid)])).toBe(goldBefore);
    }
    expect(after).toBeGreaterThan(0);
    expect(before + after).toBe(ROUNDS * 3);
  });

  it(`a buy from a seller banned meanwhile buys before the ban or finds '${MSG.listingGone}': over ${ROUNDS} rounds`, { timeout: 120_000 }, async () => {
    const admin = await adminPlayer();
    let sold = 0;
    let gone = 0;
    for (let round = 0; round < ROUNDS; round += 1) {
      const [{ player: seller, itemIds }, ...buyers] = await Promise.all([actor(), actor(), actor()]);
      const listed = await call(API.listItem.path, { token: seller.token, body: { itemId: itemIds[0]!, price: PRICE } });
      expect(listed.status, await listed.clone().text()).toBe(200);
      const { listing } = await json<{ listing: { id: string } }>(listed);
      const everyone = [seller.uid, ...buyers.map(({ player }) => player.uid)];
      const goldBefore = await goldOf(everyone);
      // The ban or the buys start a few milliseconds later, in turn, so that the ban lands first in some rounds.
      const later = (delayed: boolean) => new Promise((resolve) => setTimeout(resolve, delayed ? (round % 5) * 2 : 0));
      const [banned, ...buys] = await Promise.all([
        later(round % 2 === 0).then(() => call(API.ban.path, { body: { username: seller.username }, token: admin.token })),
        ...buyers.map(({ player }) => later(round % 2 === 1).then(() => call(API.buyListing.path.replace(':id', listing.id), { token: player.token, body: { price: PRICE } }))),
      ]);
      expect(banned!.status).toBe(200);
      const bought = buys.filter((buy) => buy.status === 200);
      expect(bought.length).toBeLessThanOrEqual(1);
      for (const buy of buys.filter((answer) => answer.status !== 200)) {
        expect((await json<{ error: { message: string } }>(buy)).error.message).toBe(MSG.listingGone);
      }
      const row = await env.DB.prepare('SELECT status, proceeds FROM market_listings WHERE id = ?').bind(listing.id).first<{ status: string; proceeds: number }>();
      const owner = await env.DB.prepare('SELECT uid FROM items WHERE id = ?').bind(itemIds[0]!).first<{ uid: string }>();
      // Sold before the ban (the item is the buyer's, the price waits for the seller) or closed by it (back to the seller).
      expect(row!.status).toBe(bought.length === 1 ? 'sold' : 'cancelled');
      expect(owner!.uid === seller.uid).toBe(bought.length === 0);
      // The price left the buyer; the seller's share waits in the listing (collected later), the fee is burned.
      expect(await goldOf(everyone)).toBe(goldBefore - bought.length * PRICE);
      expect(row!.proceeds).toBe(bought.length === 1 ? proceedsOf(PRICE) : 0);
      if (bought.length === 1) sold += 1;
      else gone += 1;
    }
    expect(gone).toBeGreaterThan(0);
    expect(sold).toBeGreaterThan(0);
  });
});
