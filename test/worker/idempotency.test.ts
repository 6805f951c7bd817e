/**
 * Idempotency keys (docs/decisions/031-idempotency-keys.md, issue #55): an intent sent again with its key, in
 * parallel or later, is done once and answers its first answer; another request with the key is 422; a key is the
 * caller's and the route's, and is kept 24 hours. Time is moved by editing the kept entry's timestamp.
 */
import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { GOLD_PER_SCAVENGE, MAX_ENERGY } from '../../game/constants';
import { itemsOfRarity } from '../../game/rules/catalogue';
import { salvagePoints, weekStart } from '../../game/rules/drive';
import { xpForLevel } from '../../game/rules/level';
import { listingFee, MARKET_LEVEL, proceedsOf } from '../../game/rules/market';
import { REFILL_FIRST_GOLD } from '../../game/rules/shop';
import { DEFAULT_ZONE } from '../../game/rules/zones';
import { MSG } from '../../game/messages';
import { KEY_TTL_MS, KEYS_KEPT } from '../../worker/core/intent-keys';
import { call, expectError, giveItem, newPlayer, setPlayer } from './helpers';

type Player = Awaited<ReturnType<typeof newPlayer>>;

const HOUR = 60 * 60 * 1000;
/** The ring's ceiling on a player's row, as docs/decisions/031 states it (measured: about 2,300). */
const RING_BYTES = 3000;

const keyed = (path: string, body: object, player: Player, key: string) => call(path, { body, token: player.token, headers: { 'Idempotency-Key': key } });

/** How many intents the player has committed (every intent logs one line) and their gold and energy. */
async function committed(player: Player) {
  return env.DB.prepare('SELECT log_seq AS intents, gold, energy FROM players WHERE uid = ?').bind(player.uid).first<{ intents: number; gold: number; energy: number }>();
}

/** Moves the newest kept key back in time, as if it had been sent that long ago. */
async function age(player: Player, by: number) {
  await env.DB.prepare("UPDATE players SET intent_keys = json_set(intent_keys, '$.keys[0][2]', json_extract(intent_keys, '$.keys[0][2]') - ?) WHERE uid = ?").bind(by, player.uid).run();
}

async function marketPlayer(): Promise<Player> {
  const player = await newPlayer();
  await setPlayer(player.uid, { xp: xpForLevel(MARKET_LEVEL), level: MARKET_LEVEL, gold: 1000, duffel_bag_size: 4 });
  await env.DB.prepare('UPDATE users SET email_verified_at = ? WHERE id = ?').bind(Date.now(), player.uid).run();
  return player;
}

/** One row, or all rows, of a query: what an intent changed, as D1 stores it. */
const row = (query: string, ...values: unknown[]) => env.DB.prepare(query).bind(...values).first();
const rows = async (query: string, ...values: unknown[]) => (await env.DB.prepare(query).bind(...values).all()).results;

/**
 * An intent set up to succeed once: the player who sends it, its path and body; `changed`, what it changes besides the
 * log, read from D1, and `once`, what that reads when the intent was done exactly once.
 */
interface Sent {
  player: Player;
  path: string;
  body: object;
  changed: () => Promise<unknown>;
  once: unknown;
}

/** Each intent of the issue; `another`, another body for the same path, where the route takes one (a refill's is only `{}`). */
const INTENTS: { name: string; setup: () => Promise<Sent>; another?: (sent: Sent) => object }[] = [
  {
    name: 'a scavenge',
    setup: async () => {
      const player = await newPlayer();
      await setPlayer(player.uid, { energy: MAX_ENERGY, gold: 500 });
      // Energy is stored as spent at the commit, so a second scavenge would store one less whenever it came; its
      // finds pending, the second would also be paid their salvage.
      const changed = () => row('SELECT gold, energy FROM players WHERE uid = ?', player.uid);
      return { player, path: '/api/scavenge', body: {}, changed, once: { gold: 500 + GOLD_PER_SCAVENGE, energy: MAX_ENERGY - DEFAULT_ZONE.energy } };
    },
    another: () => ({ zone: DEFAULT_ZONE.id }),
  },
  {
    name: 'a refill',
    setup: async () => {
      const player = await newPlayer();
      await setPlayer(player.uid, { energy: 0, gold: 10_000 });
      const changed = () => row('SELECT gold, energy, refills_bought AS refills FROM players WHERE uid = ?', player.uid);
      return { player, path: '/api/shop/refill', body: {}, changed, once: { gold: 10_000 - REFILL_FIRST_GOLD, energy: MAX_ENERGY, refills: 1 } };
    },
  },
  {
    name: 'a listing',
    setup: async () => {
      const player = await marketPlayer();
      const itemId = await giveItem(player.uid, { location: 'duffel', researched: true });
      const changed = async () => ({
        gold: (await row('SELECT gold FROM players WHERE uid = ?', player.uid))?.gold,
        listings: await rows('SELECT item_id AS itemId, price, status FROM market_listings WHERE seller_uid = ?', player.uid),
      });
      return { player, path: '/api/market/listings', body: { itemId, price: 20 }, changed, once: { gold: 1000 - listingFee(20), listings: [{ itemId, price: 20, status: 'open' }] } };
    },
    another: ({ body }) => ({ ...body, price: 21 }),
  },
  {
    name: 'a buy',
    setup: async () => {
      const [seller, player] = await Promise.all([marketPlayer(), marketPlayer()]);
      const itemId = await giveItem(seller.uid, { location: 'duffel', researched: true });
      const listed = await call('/api/market/listings', { body: { itemId, price: 20 }, token: seller.token });
      expect(listed.status, await listed.clone().text()).toBe(200);
      const { listing } = (await listed.json()) as { listing: { id: string } };
      // The buyer's gold, the seller's (paid at their Collect: the listing's proceeds), the listing, the item's owner.
      const changed = async () => ({
        gold: (await row('SELECT gold FROM players WHERE uid = ?', player.uid))?.gold,
        sellerGold: (await row('SELECT gold FROM players WHERE uid = ?', seller.uid))?.gold,
        listing: await row('SELECT status, buyer_uid AS buyer, proceeds FROM market_listings WHERE id = ?', listing.id),
        owners: (await rows('SELECT uid FROM items WHERE id = ?', itemId)).map((owner) => owner.uid),
      });
      const once = { gold: 1000 - 20, sellerGold: 1000 - listingFee(20), listing: { status: 'sold', buyer: player.uid, proceeds: proceedsOf(20) }, owners: [player.uid] };
      return { player, path: `/api/market/listings/${listing.id}/buy`, body: { price: 20 }, changed, once };
    },
    another: () => ({ price: 21 }),
  },
  {
    name: 'a donation',
    setup: async () => {
      const player = await newPlayer();
      const guildId = crypto.randomUUID();
      await env.DB.prepare('INSERT INTO guilds (id, name, tag, open, created_at) VALUES (?, ?, ?, 1, ?)').bind(guildId, `Keys ${guildId.slice(0, 8)}`, guildId.slice(0, 4), Date.now()).run();
      await env.DB.prepare("INSERT INTO guild_members (uid, guild_id, role, joined_at) VALUES (?, ?, 'leader', ?)").bind(player.uid, guildId, weekStart(Date.now()) - 1).run();
      const heirloom = itemsOfRarity('heirloom')[0]!.id;
      const itemId = await giveItem(player.uid, { catalogId: heirloom, quality: 10, location: 'duffel', researched: true });
      // The guild's drive (every week's, so a donation at the stroke of Monday counts too) and the item given.
      const changed = async () => ({
        points: (await row('SELECT coalesce(sum(points), 0) AS points FROM drive_donations WHERE guild_id = ?', guildId))?.points,
        item: (await rows('SELECT id FROM items WHERE id = ?', itemId)).length,
      });
      return { player, path: `/api/guilds/${guildId}/donate`, body: { itemIds: [itemId] }, changed, once: { points: salvagePoints('heirloom', 10), item: 0 } };
    },
    another: () => ({ itemIds: [] }),
  },
];

describe('one key sent 10 times at once', () => {
  for (const intent of INTENTS) {
    it(`${intent.name}: changes state once and answers the same body each time, and again an hour later`, async () => {
      const { player, path, body, changed, once } = await intent.setup();
      const before = await committed(player);
      expect(await changed()).not.toEqual(once);
      const key = crypto.randomUUID();
      const answers = await Promise.all(Array.from({ length: 10 }, () => keyed(path, body, player, key)));
      const bodies = await Promise.all(answers.map((answer) => answer.text()));
      expect(answers.map((answer) => answer.status), bodies.find((text) => !text.startsWith('{"profile"') && !text.startsWith('{"listing"'))).toEqual(Array(10).fill(200));
      // The same bytes: the kept answer gives back the first one's words, in their places.
      for (const text of bodies) expect(text).toBe(bodies[0]);
      const after = await committed(player);
      expect(after?.intents).toBe((before?.intents ?? 0) + 1);
      expect(await changed()).toEqual(once);

      await age(player, HOUR);
      const later = await keyed(path, body, player, key);
      expect(later.status).toBe(200);
      expect(await later.text()).toBe(bodies[0]);
      expect(await committed(player)).toEqual(after);
      expect(await changed()).toEqual(once);
    });
  }
});

describe('a key', () => {
  /** The scavenge's Take, to another find. */
  const TAKE: (typeof INTENTS)[number] = {
    name: 'a take',
    setup: async () => {
      const player = await newPlayer();
      await setPlayer(player.uid, { energy: MAX_ENERGY });
      expect((await call('/api/scavenge', { body: {}, token: player.token })).status).toBe(200);
      const changed = async () => ({
        items: await rows('SELECT catalog_id FROM items WHERE uid = ? ORDER BY id', player.uid),
        finds: (await row('SELECT finds FROM players WHERE uid = ?', player.uid))?.finds,
      });
      return { player, path: '/api/scavenge/swap', body: { take: [0], drop: [] }, changed, once: undefined };
    },
    another: () => ({ take: [1], drop: [] }),
  };
  for (const { name, setup, another } of [TAKE, ...INTENTS]) {
    if (!another) continue;
    it(`with another body answers 422 and changes nothing: ${name}`, async () => {
      const sent = await setup();
      const { player, path, body, changed } = sent;
      const key = crypto.randomUUID();
      const first = await keyed(path, body, player, key);
      expect(first.status, await first.clone().text()).toBe(200);
      const [before, state] = [await committed(player), await changed()];
      await expectError(await keyed(path, another(sent), player, key), 422, MSG.idempotencyKeyReused);
      expect(await committed(player)).toEqual(before);
      expect(await changed()).toEqual(state);
    });
  }

  it('keeps the rank the claim counted: the same the profile reads after a trophy moves the player up', async () => {
    const [player, ahead] = await Promise.all([newPlayer(), newPlayer()]);
    await setPlayer(ahead.uid, { trophy_case_score: 1_000_000 });
    const itemId = await giveItem(player.uid, { catalogId: 'radio-transceiver', quality: 10, researched: true });
    const key = crypto.randomUUID();
    const answer = (await (await keyed('/api/trophycase', { itemId }, player, key)).json()) as { profile: { ranking: number; trophyCaseScore: number } };
    const profile = (await (await call(`/api/users/${player.uid}`, { token: player.token })).json()) as { ranking: number };
    expect(answer.profile.trophyCaseScore).toBeGreaterThan(0);
    expect(answer.profile.ranking).toBeGreaterThan(1);
    expect(answer.profile.ranking).toBe(profile.ranking);
    expect(await (await keyed('/api/trophycase', { itemId }, player, key)).json()).toEqual(answer);
  });

  it(`costs the player's row at most ${RING_BYTES} bytes with ${KEYS_KEPT} answers of a full inventory, bag and finds kept`, async () => {
    const player = await newPlayer();
    await setPlayer(player.uid, { energy: 40, duffel_bag_size: 6 });
    const kinds = ['machete', 'katana', 'feather', 'compound-bow', 'radio-transceiver', 'feather'];
    for (const location of ['inventory', 'duffel'] as const) for (const catalogId of kinds) await giveItem(player.uid, { catalogId, location, researched: true });
    const sizes: number[] = [];
    for (let sent = 0; sent < KEYS_KEPT + 1; sent += 1) {
      const answer = await keyed('/api/scavenge', {}, player, crypto.randomUUID());
      expect(answer.status).toBe(200);
      const { bytes } = (await env.DB.prepare('SELECT length(intent_keys) AS bytes FROM players WHERE uid = ?').bind(player.uid).first<{ bytes: number }>())!;
      sizes.push(bytes);
      if (sent === 0) console.info(`one answer: ${(await answer.text()).length} bytes as JSON`);
    }
    console.info(`intent_keys after each keyed scavenge: ${sizes.join(', ')} bytes`);
    expect(Math.max(...sizes)).toBeLessThanOrEqual(RING_BYTES);
  });

  it("is the caller's: the same key from another player acts for that player", async () => {
    const [alice, bob] = await Promise.all([newPlayer(), newPlayer()]);
    await Promise.all([setPlayer(alice.uid, { energy: 40 }), setPlayer(bob.uid, { energy: 40 })]);
    const key = crypto.randomUUID();
    const [mine, theirs] = [await keyed('/api/scavenge', {}, alice, key), await keyed('/api/scavenge', {}, bob, key)];
    expect([mine.status, theirs.status]).toEqual([200, 200]);
    const [aliceProfile, bobProfile] = [((await mine.json()) as { profile: { uid: string } }).profile, ((await theirs.json()) as { profile: { uid: string } }).profile];
    expect([aliceProfile.uid, bobProfile.uid]).toEqual([alice.uid, bob.uid]);
    expect((await committed(bob))?.energy).toBeLessThan(40);
  });

  it("is the route's: the same key on another route is another intent", async () => {
    const player = await newPlayer();
    await setPlayer(player.uid, { energy: 40, gold: 10_000 });
    const key = crypto.randomUUID();
    const before = await committed(player);
    expect((await keyed('/api/scavenge', {}, player, key)).status).toBe(200);
    expect((await keyed('/api/duffel/upgrade', {}, player, key)).status).toBe(200);
    expect((await committed(player))?.intents).toBe((before?.intents ?? 0) + 2);
  });

  it('expires after 24 hours: sent again then, the intent is decided anew', async () => {
    const player = await newPlayer();
    await setPlayer(player.uid, { energy: 40 });
    const key = crypto.randomUUID();
    const before = await committed(player);
    const first = await keyed('/api/scavenge', {}, player, key);
    expect(first.status).toBe(200);
    await age(player, KEY_TTL_MS - HOUR);
    expect(await (await keyed('/api/scavenge', {}, player, key)).json()).toEqual(await first.json());
    expect((await committed(player))?.intents).toBe((before?.intents ?? 0) + 1);
    await age(player, HOUR);
    expect((await keyed('/api/scavenge', {}, player, key)).status).toBe(200);
    expect((await committed(player))?.intents).toBe((before?.intents ?? 0) + 2);
  });

  it('is not kept for a refusal: it wrote nothing, so the same key is decided again', async () => {
    const player = await newPlayer();
    await setPlayer(player.uid, { energy: 0 });
    const key = crypto.randomUUID();
    await expectError(await keyed('/api/scavenge', {}, player, key), 400, MSG.notEnoughEnergy);
    await setPlayer(player.uid, { energy: 40 });
    expect((await keyed('/api/scavenge', {}, player, key)).status).toBe(200);
  });

  it('that is not 1 to 255 visible characters is refused with 400 before anything is decided', async () => {
    const player = await newPlayer();
    await setPlayer(player.uid, { energy: 40 });
    const before = await committed(player);
    for (const key of ['has space', 'x'.repeat(256)]) await expectError(await keyed('/api/scavenge', {}, player, key), 400, MSG.idempotencyKeyInvalid);
    expect(await committed(player)).toEqual(before);
  });

  it('on a route that keeps no answer (a guild join): a repeat changes nothing and answers 409 already_done', async () => {
    const [founder, joiner] = await Promise.all([newPlayer(), newPlayer()]);
    await setPlayer(founder.uid, { gold: 10_000 });
    const created = await call('/api/guilds', { body: { name: `Keys ${crypto.randomUUID().slice(0, 8)}`, tag: crypto.randomUUID().slice(0, 4), open: true }, token: founder.token });
    expect(created.status, await created.clone().text()).toBe(200);
    const { guild } = (await created.json()) as { guild: { id: string } };
    const key = crypto.randomUUID();
    expect((await keyed(`/api/guilds/${guild.id}/join`, {}, joiner, key)).status).toBe(200);
    const before = await committed(joiner);
    await expectError(await keyed(`/api/guilds/${guild.id}/join`, {}, joiner, key), 409, MSG.alreadyDone);
    expect(await committed(joiner)).toEqual(before);
  });
});
