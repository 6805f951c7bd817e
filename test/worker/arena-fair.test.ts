/**
 * A fair arena (docs/design.md section 9.10, issue #41) through the real Worker: new players cannot be attacked for
 * 72 h or until they first attack, the lists leave them out and a name search shows them, and only the first fight
 * of a UTC day between two players moves gold and XP, however many of their fights race.
 */
import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { API } from '../../game/api';
import { MSG } from '../../game/messages';
import { catalogueById, displayStat, NEW_PLAYER_PROTECTION_MS, utcDayStart, XP, xpForLevel } from '../../game/rules';
import type { Activity, Arena, FightResult, Profile } from '../../game/wire';
import { app } from '../../worker/app';
import { countingD1, newD1Count } from './d1-counter';
import { apiRequest, call, expectError, giveItem, json, mintPlayer, newPlayer, setPlayer, storedFights, storeFight, uniqueName, unprotect } from './helpers';

type Player = Awaited<ReturnType<typeof mintPlayer>>;

const HOUR_MS = 60 * 60 * 1000;
const attack = (p: Player, defender: string) => call(API.fight.path, { body: { defender }, token: p.token });
const fought = async (response: Response) => {
  expect(response.status, await response.clone().text()).toBe(200);
  return json<FightResult>(response);
};
const arenaOf = async (p: Player, q?: string) => json<Arena>(await call(`/api/arena${q ? `?q=${q}` : ''}`, { token: p.token }));
const profileOf = async (p: Player) => json<Profile>(await call(`/api/users/${p.uid}`, { token: p.token }));
const logOf = async (p: Player) => json<Activity[]>(await call(`/api/users/${p.uid}/log`, { token: p.token }));
const storedProtection = async (uid: string) =>
  (await env.DB.prepare('SELECT protected_until AS until FROM players WHERE uid = ?').bind(uid).first<{ until: number }>())!.until;
const fightsOf = async (uid: string) => (await storedFights()).filter((fight) => fight.attackerUid === uid || fight.defenderUid === uid).length;

/**
 * Equips two of the strongest items and stores the totals they give, so the player wins every fight against a
 * player with nothing, attacking or defending, however many fights (a commit derives the totals from the items).
 */
async function arm(p: Player) {
  const strong = ['junkyard-titan', 'citadel-walker'];
  for (const catalogId of strong) await giveItem(p.uid, { catalogId, quality: 10 });
  const total = (stat: 'attack' | 'defense') => strong.reduce((sum, id) => sum + Number(displayStat(catalogueById(id)![stat], 10)), 0);
  await setPlayer(p.uid, { total_attack: total('attack'), total_defense: total('defense') });
}

/** Players open to attack with the fields given, written straight to D1 (the lists read them as any other). */
async function opponents(count: number, fields: { rating: number; level?: number; protectedUntil?: number }) {
  const now = Date.now();
  const level = fields.level ?? 1;
  const rows = Array.from({ length: count }, () => ({ uid: crypto.randomUUID(), username: uniqueName('o') }));
  await env.DB.batch(
    rows.flatMap(({ uid, username }) => [
      env.DB.prepare('INSERT INTO users (id, email, created_at) VALUES (?, ?, ?)').bind(uid, `${uid}@example.com`, now),
      env.DB.prepare(
        `INSERT INTO players (uid, username, level, xp, gold, energy, energy_at, cash, duffel_bag_size, trophy_case_score,
          trophy_case_avg_quality, guild, created_at, rating, protected_until) VALUES (?, ?, ?, ?, 100, 20, ?, 0, 0, 0, 0, '', ?, ?, ?)`,
      ).bind(uid, username, level, xpForLevel(level), now, now, fields.rating, fields.protectedUntil ?? 0),
    ]),
  );
  return rows;
}

describe('new players are protected', () => {
  it('for 72 h after choosing a name: 409 `protected`, the hours left rounded up, and nothing changes', async () => {
    const [attacker, newcomer] = await Promise.all([mintPlayer(), newPlayer()]);
    const chosenAt = (await env.DB.prepare('SELECT created_at AS at FROM players WHERE uid = ?').bind(newcomer.uid).first<{ at: number }>())!.at;
    expect(await storedProtection(newcomer.uid)).toBe(chosenAt + NEW_PLAYER_PROTECTION_MS);
    const refusal = await expectError(await attack(attacker, newcomer.username), 409, 'New players cannot be attacked yet. They can be fought in 72 h.');
    expect(refusal.code).toBe('protected');
    // Rounded up: 2 h and a minute left is 3 h; a minute left is 1 h, never 0.
    await setPlayer(newcomer.uid, { protected_until: Date.now() + 2 * HOUR_MS + 60_000 });
    await expectError(await attack(attacker, newcomer.username), 409, MSG.protectedFor(3));
    await setPlayer(newcomer.uid, { protected_until: Date.now() + 60_000 });
    await expectError(await attack(attacker, newcomer.username), 409, MSG.protectedFor(1));
    expect(await fightsOf(newcomer.uid)).toBe(0);
    expect((await profileOf(attacker)).energy).toBe(20);
  });

  it('the refusal wins over the recovering one', async () => {
    const [attacker, newcomer] = await Promise.all([mintPlayer(), newPlayer()]);
    await setPlayer(newcomer.uid, { recovering_until: Date.now() + 10 * 60_000, protected_until: Date.now() + 5 * HOUR_MS });
    await expectError(await attack(attacker, newcomer.username), 409, MSG.protectedFor(5));
    // Once the protection is over, the recovery speaks.
    await setPlayer(newcomer.uid, { protected_until: 0 });
    await expectError(await attack(attacker, newcomer.username), 409, MSG.recoveringFor(10 * 60_000));
  });

  it('ends at their first attack, win or lose, and says so in their own arena until then', async () => {
    const [attacker, newcomer, target] = await Promise.all([mintPlayer(), newPlayer(), mintPlayer()]);
    const before = await arenaOf(newcomer);
    expect(before.me.protectedUntil).toBeGreaterThan(Date.now() + NEW_PLAYER_PROTECTION_MS - HOUR_MS);
    await fought(await attack(newcomer, target.username));
    expect(await storedProtection(newcomer.uid)).toBe(0);
    expect((await arenaOf(newcomer)).me.protectedUntil).toBe(0);
    await fought(await attack(attacker, newcomer.username));
  });

  it('ends when its 72 h are up: the first fight on them clears it, and the fixture ends it at once', async () => {
    const [attacker, ranOut, fixtured] = await Promise.all([mintPlayer(), newPlayer(), newPlayer()]);
    await setPlayer(ranOut.uid, { protected_until: Date.now() - 1 });
    await fought(await attack(attacker, ranOut.username));
    expect(await storedProtection(ranOut.uid)).toBe(0);
    await expectError(await attack(attacker, fixtured.username), 409, MSG.protectedFor(72));
    await unprotect(fixtured);
    expect(await storedProtection(fixtured.uid)).toBe(0);
    await fought(await attack(attacker, fixtured.username));
  });
});

describe('the lists', () => {
  it('leave protected players out of the opponents and the ladder; a name search shows them, protected', async () => {
    const me = await mintPlayer();
    await setPlayer(me.uid, { rating: 5000 });
    const until = Date.now() + 10 * HOUR_MS;
    const [shielded] = await opponents(1, { rating: 5001, protectedUntil: until });
    const open = await opponents(3, { rating: 5002 });
    // A newcomer no one has fought since their protection ran out: at the starting rating, far from this caller's,
    // and still offered (the walk of ratings cannot find them).
    const [ranOut] = await opponents(1, { rating: 1000, protectedUntil: Date.now() - 1 });
    const arena = await arenaOf(me);
    const names = arena.opponents.map((row) => row.username);
    expect(names).not.toContain(shielded!.username);
    expect(names).toEqual(expect.arrayContaining(open.map((row) => row.username)));
    expect(names).toContain(ranOut!.username);
    expect(arena.opponents.every((row) => row.protectedUntil === 0)).toBe(true);
    expect(arena.ladder.map((row) => row.username)).not.toContain(shielded!.username);

    const found = (await arenaOf(me, shielded!.username)).opponents.find((row) => row.username === shielded!.username);
    expect(found?.protectedUntil).toBe(until);
    const expired = (await arenaOf(me, ranOut!.username)).opponents.find((row) => row.username === ranOut!.username);
    expect(expired?.protectedUntil).toBe(0);
  });

  it('read the same few rows however many newcomers share the caller’s rating', async () => {
    const me = await mintPlayer();
    const rowsRead = async () => {
      const count = newD1Count();
      const response = await app.fetch(apiRequest('/api/arena', { token: me.token }), { ...env, DB: countingD1(env.DB, count) });
      expect(response.status).toBe(200);
      return count.rowsRead;
    };
    const before = await rowsRead();
    // 600 newcomers at the starting rating, the caller's: in neither walk of the ratings.
    for (let batch = 0; batch < 6; batch += 1) await opponents(100, { rating: 1000, protectedUntil: Date.now() + HOUR_MS });
    const after = await rowsRead();
    expect(after - before).toBeLessThan(50);
  });

  it('suggest players within 3 levels first, each group nearest in rating first', async () => {
    const me = await mintPlayer();
    await setPlayer(me.uid, { rating: 6000, xp: xpForLevel(6), level: 6 });
    // Nearer in rating but 4 levels away on either side, then within 3 levels but further away.
    const far = [...(await opponents(3, { rating: 6001, level: 10 })), ...(await opponents(2, { rating: 5999, level: 2 }))];
    const near = [...(await opponents(2, { rating: 6300, level: 9 })), ...(await opponents(2, { rating: 5700, level: 3 }))];
    const { opponents: listed } = await arenaOf(me);
    expect(listed.slice(0, 4).map((row) => row.username).sort()).toEqual(near.map((row) => row.username).sort());
    expect(listed.slice(4, 9).map((row) => row.username).sort()).toEqual(far.map((row) => row.username).sort());
  });
});

describe('only the first fight of a UTC day between two players pays', () => {
  it('in either direction: later fights move ratings, and no gold or XP, and say why', async () => {
    const [alice, bob, carol] = await Promise.all([mintPlayer(), mintPlayer(), mintPlayer()]);
    await Promise.all([arm(alice), setPlayer(bob.uid, { gold: 1000 })]);
    const first = (await fought(await attack(alice, bob.username))).fight;
    // A level 1's purse is 8: 4 minted and 4 of Bob's (2 % of his 1,000 allows 20).
    expect(first).toMatchObject({ winner: alice.username, goldTaken: 8, goldMinted: 4, xp: XP.fightWon, rematch: false });

    await setPlayer(bob.uid, { recovering_until: 0 });
    const again = await fought(await attack(alice, bob.username));
    expect(again.fight).toMatchObject({ winner: alice.username, goldTaken: 0, xp: 0, rematch: true });
    expect(again.fight.ratingChange).toBeGreaterThan(0);
    // Bob attacking back is the same pair: his loss costs him rating, and earns him no XP.
    const back = await fought(await attack(bob, alice.username));
    expect(back.fight).toMatchObject({ winner: alice.username, goldTaken: 0, xp: 0, rematch: true });
    expect(back.fight.ratingChange).toBeLessThan(0);
    // Another pair is paid as ever.
    expect((await fought(await attack(alice, carol.username))).fight).toMatchObject({ xp: XP.fightWon, rematch: false });

    // 8 from Bob's fight and 6 from Carol's: 4 minted and 2 of her 100 (2 % a day).
    expect(await profileOf(alice)).toMatchObject({ gold: 100 + 8 + 6, xp: 2 * XP.fightWon });
    expect(await profileOf(bob)).toMatchObject({ gold: 1000 - 4, xp: XP.fightLost });
    expect((await logOf(alice)).map((entry) => entry.text)).toContain(`Attacked ${bob.username} again today and won: no gold or XP, rating +${again.fight.ratingChange}.`);
    expect((await logOf(bob))[0]?.text).toBe(`Attacked ${alice.username} again today and lost: no gold or XP, rating ${back.fight.ratingChange}.`);
    // The replay is served with the reason, to both.
    const [listed] = await json<FightResult['fight'][]>(await call(API.fights.path, { token: bob.token }));
    expect(listed).toMatchObject({ id: back.fight.id, rematch: true });
  });

  it('counts the UTC day: a fight between them yesterday does not stop today’s from paying', async () => {
    const [alice, bob] = await Promise.all([mintPlayer(), mintPlayer()]);
    await Promise.all([arm(alice), setPlayer(bob.uid, { gold: 1000 })]);
    await storeFight(bob.uid, alice.uid, utcDayStart(Date.now()) - 1);
    expect((await fought(await attack(alice, bob.username))).fight).toMatchObject({ goldTaken: 8, xp: XP.fightWon, rematch: false });
  });

  it('when fights of the pair race both ways, exactly one pays: the first committed', async () => {
    const [alice, bob] = await Promise.all([mintPlayer(), mintPlayer()]);
    // Alice wins every fight: attacking (Bob recovers until he attacks back) and defending.
    await Promise.all([arm(alice), setPlayer(bob.uid, { gold: 1000 })]);
    const responses = await Promise.all(Array.from({ length: 10 }, (_, n) => (n % 2 === 0 ? attack(alice, bob.username) : attack(bob, alice.username))));
    const ok = responses.filter((response) => response.status === 200);
    expect(responses.every((response) => response.status === 200 || response.status === 409)).toBe(true);
    // Bob's five attacks always go through: attacking is never refused for the attacker's own recovery.
    expect(ok.length).toBeGreaterThanOrEqual(5);
    const pair = [alice.uid, bob.uid];
    const rows = (await storedFights()).filter((fight) => pair.includes(fight.attackerUid) && pair.includes(fight.defenderUid));
    expect(rows).toHaveLength(ok.length);
    const paid = rows.filter((row) => !row.rematch);
    expect(paid).toHaveLength(1);
    expect(paid[0]!.createdAt).toBe(rows[0]!.createdAt);
    expect(rows.slice(1).every((row) => row.goldTaken === 0 && row.attackerXp === 0 && row.defenderXp === 0)).toBe(true);
    const [aliceAfter, bobAfter] = await Promise.all([profileOf(alice), profileOf(bob)]);
    expect(aliceAfter.gold + bobAfter.gold).toBe(1100 + paid[0]!.goldMinted);
    expect(bobAfter.gold).toBe(1000 - (paid[0]!.goldTaken - paid[0]!.goldMinted));
    expect(aliceAfter.xp + bobAfter.xp).toBe(paid[0]!.attackerXp + paid[0]!.defenderXp);
  });
});
