/**
 * Verifiable rolls (docs/design.md section 8.8): the caller's seeds, choosing a client seed, rotating the server
 * seed (which reveals the one in use), and the stored rolls a player checks on /fairness. Changing a seed is an
 * intent, behind the player's claim like every roll (./seeds.ts), so no roll is ever drawn from a seed that is
 * already revealed, and parallel rotations reveal each seed exactly once.
 */
import { and, desc, eq, gte, lt, sql, type SQL } from 'drizzle-orm';
import type { SQLiteColumn } from 'drizzle-orm/sqlite-core';
import { Hono } from 'hono';
import { API } from '../../../game/api';
import { ROLLS_KEPT_DAYS, seedHash } from '../../../game/rules/fair';
import { utcDayStart } from '../../../game/rules/fight';
import { parseFightId } from '../../../game/rules/fight-record';
import { decodeScavenges, nonceBlock, parseScavengeRollId, scavengeRollId } from '../../../game/rules/roll-record';
import { ClientSeedSchema, EmptyBodySchema } from '../../../game/schemas';
import type { FairRoll } from '../../../game/wire';
import { noChanges } from '../../core/changes';
import type { Database } from '../../core/db/client';
import { fairSeeds, fightDays, revealedSeeds, rollDays, rolls } from '../../core/db/schema';
import type { AppEnv } from '../../core/env';
import { notFound } from '../../core/errors';
import { asPlayer } from '../../core/player';
import { route } from '../../core/route';
import { attacksRead, fightRowsRead, fightsOf, numOf, type FightDayRow } from '../arena';
import { newServerSeed, seedsOf, seedsRead, type Seeds } from './seeds';

/** The /fairness page lists the newest rolls; older ones are reached by id from the log or a fight. */
const ROLLS_LISTED = 50;
const DAY_MS = 24 * 60 * 60 * 1000;

const shown = (seeds: Seeds) => ({ serverSeedHash: seedHash(seeds.serverSeed), clientSeed: seeds.clientSeed, nonce: seeds.nonce });
const short = (hash: string) => `${hash.slice(0, 12)}…`;

/** A stored 32-byte hash as the lowercase hex the player is shown (and `revealed_seeds` is keyed by). */
const hexOf = (column: SQLiteColumn) => sql<string>`lower(hex(${column}))`;
/** The revealed seed of a roll's hash, if the player revealed it. */
const revealedOf = (hash: SQL | SQLiteColumn, uid: SQLiteColumn) => and(eq(revealedSeeds.hash, hash), eq(revealedSeeds.uid, uid));
const revealed = { revealedServerSeed: revealedSeeds.seed, revealedAt: revealedSeeds.revealedAt };

/** The caller's packed scavenges: whole rows (a day's seeds and block), the newest days first. */
const packedRead = (db: Database, uid: string, where?: SQL) =>
  db
    .select({ day: rollDays.day, serverSeedHash: hexOf(rollDays.serverSeedHash), clientSeed: rollDays.clientSeed, block: rollDays.block, packed: rollDays.packed, ...revealed })
    .from(rollDays)
    .leftJoin(revealedSeeds, revealedOf(hexOf(rollDays.serverSeedHash), rollDays.uid))
    .where(and(eq(rollDays.uid, uid), where))
    .orderBy(desc(rollDays.day));

/**
 * The revealed seeds whose hash starts with each fight row's 4 bytes (the hash's first 8 hex digits): one range of
 * revealed_seeds' key. The seed still in use is read apart (`seedsRead`).
 */
const fightSeedsRead = (rows: SQL | undefined) => (db: Database, uid: string) => {
  const prefix = sql`lower(hex(${fightDays.seedHashPrefix}))`;
  return db
    .select({ num: fightDays.num, day: fightDays.day, hashPrefix: sql<string>`${prefix}`, clientSeed: fightDays.clientSeed, hash: revealedSeeds.hash, ...revealed })
    .from(fightDays)
    .innerJoin(revealedSeeds, and(eq(revealedSeeds.uid, uid), gte(revealedSeeds.hash, prefix), lt(revealedSeeds.hash, sql`${prefix} || 'g'`)))
    .where(rows);
};

/** The caller's rolls stored before packing (the `rolls` table, read until the prune has emptied it). */
const storedRead = (db: Database, uid: string, where?: SQL) =>
  db
    .select({ roll: rolls, ...revealed })
    .from(rolls)
    .leftJoin(revealedSeeds, revealedOf(rolls.serverSeedHash, rolls.uid))
    .where(and(eq(rolls.uid, uid), where))
    .orderBy(desc(rolls.createdAt), desc(rolls.nonce));

type Revealed = { revealedServerSeed: string | null; revealedAt: number | null };
/** A roll on the wire, with when its seed was revealed (to order rolls of one day drawn from different seeds). */
type Listed = FairRoll & { revealedAt: number | null };

function fromPacked(row: Awaited<ReturnType<typeof packedRead>>[number]): Listed[] {
  return decodeScavenges(row.block, row.packed).map(({ nonce, rules, zone, finds }) => ({
    id: scavengeRollId(row.day, row.serverSeedHash, nonce),
    serverSeedHash: row.serverSeedHash,
    clientSeed: row.clientSeed,
    nonce,
    rules,
    outcome: { kind: 'scavenge', finds, zone },
    day: row.day * DAY_MS,
    createdAt: null,
    revealedServerSeed: row.revealedServerSeed,
    revealedAt: row.revealedAt,
  }));
}

type SeedOfRow = { hashPrefix: string; hash: string } & Revealed;

/**
 * The caller's fights as attacker with their rolls (those of rules 0 have none): the whole hash is that of the seed
 * in use, or of the revealed seed with the row's prefix.
 */
function fromFights(rows: readonly FightDayRow[], seeds: Seeds | undefined, revealedSeeds: readonly SeedOfRow[]): Listed[] {
  const inUse = seeds && seedHash(seeds.serverSeed);
  return fightsOf(rows)
    .filter((fight) => fight.rules > 0)
    .map((fight): Listed => {
      const seed = revealedSeeds.find((row) => row.hashPrefix === fight.hashPrefix);
      return {
        id: fight.id,
        serverSeedHash: seed?.hash ?? (inUse?.startsWith(fight.hashPrefix) ? inUse : fight.hashPrefix),
        clientSeed: fight.clientSeed,
        nonce: fight.nonce,
        rules: fight.rules,
        outcome: { kind: 'fight', attacker: fight.attacker, defender: fight.defender, result: { winner: fight.winner, rounds: fight.rounds } },
        day: utcDayStart(fight.createdAt),
        createdAt: fight.createdAt,
        revealedServerSeed: seed?.revealedServerSeed ?? null,
        revealedAt: seed?.revealedAt ?? null,
      };
    });
}

function fromStored({ roll, ...seed }: { roll: typeof rolls.$inferSelect } & Revealed): Listed {
  const { serverSeedHash, clientSeed, nonce, rules, outcome, createdAt } = roll;
  return { id: roll.id, serverSeedHash, clientSeed, nonce, rules, outcome, day: utcDayStart(createdAt), createdAt, ...seed };
}

/**
 * Newest first. A packed scavenge knows only its day, so within a day the seeds decide: a revealed seed was in
 * use before the next one (the seed still in use is the newest), and under one seed the nonces count up.
 */
const newestFirst = (a: Listed, b: Listed) => b.day - a.day || seedOrder(b) - seedOrder(a) || b.nonce - a.nonce;
const seedOrder = (roll: Listed) => roll.revealedAt ?? Number.MAX_SAFE_INTEGER;

const onWire = ({ revealedAt: _, ...roll }: Listed): FairRoll => roll;

export const fairnessRoutes = new Hono<AppEnv>();

route(fairnessRoutes, API.fairness, { guard: asPlayer }, async (c) => {
  const [[seeds]] = await c.var.player.read((db, uid) => [seedsRead(db, uid)] as const);
  if (!seeds) throw notFound();
  return shown(seeds);
});

route(fairnessRoutes, API.setClientSeed, { guard: asPlayer, body: ClientSeedSchema }, async (c, { body: { clientSeed } }) => {
  const { player } = c.var;
  let after: Seeds | undefined;
  await player.commitOwn(seedsOf(player.uid), (_state, _now, seeds) => {
    after = { ...seeds, clientSeed };
    return {
      ...noChanges(),
      log: { kind: 'fairness', text: `Set your client seed to ${clientSeed}.` },
      effects: [(db, { uid }) => [db.update(fairSeeds).set({ clientSeed }).where(eq(fairSeeds.uid, uid))]],
    };
  });
  if (!after) throw new Error('the decision ran');
  return shown(after);
});

route(fairnessRoutes, API.rotateSeed, { guard: asPlayer, body: EmptyBodySchema }, async (c) => {
  const { player } = c.var;
  // Drawn once: a retry after a lost race reveals the seed then in use and installs this same, unused one.
  const next = newServerSeed();
  const nextServerSeedHash = seedHash(next);
  let revealed: Seeds | undefined;
  await player.commitOwn(seedsOf(player.uid), (_state, _now, seeds) => {
    revealed = seeds;
    const revealedHash = seedHash(seeds.serverSeed);
    return {
      ...noChanges(),
      player: { rollNonce: 0 },
      log: { kind: 'fairness', text: `Rotated your server seed: ${short(revealedHash)} is revealed, ${short(nextServerSeedHash)} is next.` },
      effects: [
        (db, { uid, now }) => [
          db.insert(revealedSeeds).values({ hash: revealedHash, uid, seed: seeds.serverSeed, revealedAt: now }),
          db.update(fairSeeds).set({ serverSeed: next }).where(eq(fairSeeds.uid, uid)),
        ],
      ],
    };
  });
  if (!revealed) throw new Error('the decision ran');
  return { revealedServerSeed: revealed.serverSeed, revealedHash: seedHash(revealed.serverSeed), nextServerSeedHash };
});

route(fairnessRoutes, API.fairRolls, { guard: asPlayer }, async (c) => {
  // Each kind's newest ROLLS_LISTED (a packed row holds one roll or more), merged.
  const [packed, [seeds], fought, fightSeeds, stored] = await c.var.player.read(
    (db, uid) =>
      [
        packedRead(db, uid).limit(ROLLS_LISTED),
        seedsRead(db, uid),
        attacksRead(db, uid).limit(ROLLS_LISTED),
        fightSeedsRead(eq(fightDays.num, numOf(uid)))(db, uid),
        storedRead(db, uid).limit(ROLLS_LISTED),
      ] as const,
  );
  const listed = [...packed.flatMap(fromPacked), ...fromFights(fought, seeds, fightSeeds), ...stored.map(fromStored)].sort(newestFirst).slice(0, ROLLS_LISTED);
  return { rolls: listed.map(onWire), keptDays: ROLLS_KEPT_DAYS };
});

route(fairnessRoutes, API.fairRoll, { guard: asPlayer }, async (c, { path: { id } }) => {
  // Someone else's roll is not found, like someone else's fight.
  const scavenge = parseScavengeRollId(id);
  if (scavenge) {
    const [rows] = await c.var.player.read(
      (db, uid) =>
        [
          packedRead(db, uid, and(eq(rollDays.day, scavenge.day), eq(rollDays.block, nonceBlock(scavenge.nonce)), sql`${hexOf(rollDays.serverSeedHash)} like ${`${scavenge.hashPrefix}%`}`)),
        ] as const,
    );
    const found = rows.flatMap(fromPacked).find((roll) => roll.id === id);
    if (!found) throw notFound();
    return onWire(found);
  }
  const fight = parseFightId(id);
  if (fight) {
    // A fight's roll is its attacker's: only they are shown it here (its defender sees the fight in the arena).
    const [[seeds], rows, fightSeeds] = await c.var.player.read(
      (db, uid) =>
        [
          seedsRead(db, uid),
          fightRowsRead(db, fight, eq(fightDays.num, numOf(uid))),
          fightSeedsRead(and(eq(fightDays.num, fight.attackerNum), eq(fightDays.num, numOf(uid)), eq(fightDays.day, fight.day)))(db, uid),
        ] as const,
    );
    const found = fromFights(rows, seeds, fightSeeds).find((roll) => roll.id === id);
    if (!found) throw notFound();
    return onWire(found);
  }
  const [stored] = await c.var.player.read((db, uid) => [storedRead(db, uid, eq(rolls.id, id))] as const);
  const found = stored.map(fromStored)[0];
  if (!found) throw notFound();
  return onWire(found);
});
