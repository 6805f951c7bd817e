/**
 * Verifiable rolls (docs/design.md section 8.8): the caller's seeds, choosing a client seed, rotating the server
 * seed (which reveals the one in use), and the stored rolls a player checks on /fairness. Changing a seed is an
 * intent, behind the player's claim like every roll (./seeds.ts), so no roll is ever drawn from a seed that is
 * already revealed, and parallel rotations reveal each seed exactly once.
 */
import { and, desc, eq, gte, lt, lte, sql, type SQL } from 'drizzle-orm';
import type { SQLiteColumn } from 'drizzle-orm/sqlite-core';
import { Hono } from 'hono';
import { API, ERRORS } from '../../../game/api';
import { ROLLS_KEPT_DAYS, seedHash } from '../../../game/rules/fair';
import { utcDayStart } from '../../../game/rules/fight';
import { parseFightId } from '../../../game/rules/fight-record';
import { dayRowBlock, decodeDayRow, decodeScavenges, parseScavengeRollId, scavengeRollId, seedPrefix } from '../../../game/rules/roll-record';
import { ClientSeedSchema, EmptyBodySchema } from '../../../game/schemas';
import type { FairRoll } from '../../../game/wire';
import { noChanges } from '../../core/changes';
import type { Database } from '../../core/db/client';
import { fightDays } from '../arena';
import { fairSeeds, revealedSeeds, rollDays, rolls, scavengeRolls } from './schema';
import type { AppEnv } from '../../core/env';
import { refuse } from '../../core/errors';
import { asPlayer } from '../../core/player';
import { route } from '../../core/route';
import { attacksRead, fightRowsRead, fightsOf, numOf, type FightDayRow } from '../arena';
import { newServerSeed, rollRowsOf, seedsOf, seedsRead, type Seeds } from './seeds';
import { DAY_MS } from '../../../game/time';

/** The /fairness page lists the newest rolls; older ones are reached by id from the log or a fight. */
const ROLLS_LISTED = 50;

const shown = (seeds: Seeds) => ({ serverSeedHash: seedHash(seeds.serverSeed), clientSeed: seeds.clientSeed, nonce: seeds.nonce });
const short = (hash: string) => `${hash.slice(0, 12)}…`;

/** A stored 32-byte hash as the lowercase hex the player is shown (and `revealed_seeds` is keyed by). */
const hexOf = (column: SQLiteColumn) => sql<string>`lower(hex(${column}))`;
/** The revealed seed of a roll's hash, if the player revealed it. */
const revealedOf = (hash: SQL | SQLiteColumn, uid: SQLiteColumn) => and(eq(revealedSeeds.hash, hash), eq(revealedSeeds.uid, uid));
const revealed = { revealedServerSeed: revealedSeeds.seed, revealedAt: revealedSeeds.revealedAt };

/** The caller's packed scavenges: whole rows, the newest first, with the revealed seed whose hash starts as the row's. */
const packedRead = (db: Database, uid: string, where?: SQL) => {
  const prefix = hexOf(scavengeRolls.seed);
  return db
    .select({ seed: prefix, clientSeed: scavengeRolls.clientSeed, first: scavengeRolls.first, day: scavengeRolls.day, rules: scavengeRolls.rules, packed: scavengeRolls.packed, ...revealed, revealedHash: revealedSeeds.hash })
    .from(scavengeRolls)
    .leftJoin(revealedSeeds, and(eq(revealedSeeds.uid, uid), gte(revealedSeeds.hash, prefix), lt(revealedSeeds.hash, sql`${prefix} || 'g'`)))
    .where(and(rollRowsOf(uid), where))
    .orderBy(desc(scavengeRolls.id));
};

/** The caller's scavenges packed before `scavenge_rolls` (`roll_days`, read until the prune has emptied it). */
const dayRowsRead = (db: Database, uid: string, where?: SQL) =>
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

/**
 * The whole hash of a packed roll's seed, which the row keeps only the first 4 bytes of (`prefix`, 8 hex digits):
 * the revealed seed's, or the seed in use's (`inUse`, the caller's current seed's hash). A seed pruned before the
 * row (at most a day, at the end of the window) leaves the 8 digits, and the roll is not checkable.
 */
const wholeHash = (prefix: string, revealed: string | null | undefined, inUse: string) => revealed ?? (inUse.startsWith(prefix) ? inUse : prefix);

/** A row's rolls, each with its seed's whole hash (wholeHash). */
function fromPacked({ revealedHash, revealedServerSeed, revealedAt, ...row }: Awaited<ReturnType<typeof packedRead>>[number], inUse: string, newest = Infinity): Listed[] {
  const prefix = row.seed;
  const serverSeedHash = wholeHash(prefix, revealedHash, inUse);
  return decodeScavenges(row, newest).map(({ nonce, day, zone, finds }) => ({
    id: scavengeRollId(day, prefix, nonce),
    serverSeedHash,
    clientSeed: row.clientSeed,
    nonce,
    rules: row.rules,
    outcome: { kind: 'scavenge', finds, zone },
    day: day * DAY_MS,
    createdAt: null,
    revealedServerSeed,
    revealedAt,
  }));
}

function fromDayRow(row: Awaited<ReturnType<typeof dayRowsRead>>[number]): Listed[] {
  return decodeDayRow(row.block, row.packed).map(({ nonce, rules, zone, finds }) => ({
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

/** The caller's fights as attacker with their rolls (those of rules 0 have none), each with its seed's whole hash. */
function fromFights(rows: readonly FightDayRow[], seeds: Seeds | undefined, revealedSeeds: readonly SeedOfRow[]): Listed[] {
  const inUse = seeds ? seedHash(seeds.serverSeed) : '';
  return fightsOf(rows)
    .filter((fight) => fight.rules > 0)
    .map((fight): Listed => {
      const seed = revealedSeeds.find((row) => row.hashPrefix === fight.hashPrefix);
      return {
        id: fight.id,
        serverSeedHash: wholeHash(fight.hashPrefix, seed?.hash, inUse),
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
  if (!seeds) throw refuse(ERRORS.notFound);
  return shown(seeds);
});

route(fairnessRoutes, API.setClientSeed, { guard: asPlayer, body: ClientSeedSchema }, async (c, { body: { clientSeed } }) => {
  const { player } = c.var;
  let after: Seeds | undefined;
  return player.commitOwn(
    seedsOf(player.uid),
    (_state, _now, seeds) => {
      after = { ...seeds, clientSeed };
      return {
        ...noChanges(),
        log: { kind: 'fairness', text: `Set your client seed to ${clientSeed}.` },
        effects: [({ own }, { uid }) => [own.update(fairSeeds).set({ clientSeed }).where(eq(fairSeeds.uid, uid))]],
      };
    },
    () => {
      if (!after) throw new Error('the decision ran');
      return shown(after);
    },
  );
});

route(fairnessRoutes, API.rotateSeed, { guard: asPlayer, body: EmptyBodySchema }, async (c) => {
  const { player } = c.var;
  // Drawn once: a retry after a lost race reveals the seed then in use and installs this same, unused one.
  const next = newServerSeed();
  const nextServerSeedHash = seedHash(next);
  let revealed: Seeds | undefined;
  return player.commitOwn(
    seedsOf(player.uid),
    (_state, _now, seeds) => {
      revealed = seeds;
      const revealedHash = seedHash(seeds.serverSeed);
      return {
        ...noChanges(),
        player: { rollNonce: 0 },
        log: { kind: 'fairness', text: `Rotated your server seed: ${short(revealedHash)} is revealed, ${short(nextServerSeedHash)} is next.` },
        effects: [
          // A revealed seed is looked up by anyone checking a roll; the seeds in use are the player's alone.
          ({ own, shared }, { uid, now }) => [
            shared.insert(revealedSeeds).values({ hash: revealedHash, uid, seed: seeds.serverSeed, revealedAt: now }),
            own.update(fairSeeds).set({ serverSeed: next }).where(eq(fairSeeds.uid, uid)),
          ],
        ],
      };
    },
    () => {
      if (!revealed) throw new Error('the decision ran');
      return { revealedServerSeed: revealed.serverSeed, revealedHash: seedHash(revealed.serverSeed), nextServerSeedHash };
    },
  );
});

route(fairnessRoutes, API.fairRolls, { guard: asPlayer }, async (c) => {
  // Each kind's newest ROLLS_LISTED (a packed row holds one roll or more), merged.
  const [[seeds], packed, dayRows, fought, fightSeeds, stored] = await c.var.player.read(
    (db, uid) =>
      [
        seedsRead(db, uid),
        packedRead(db, uid).limit(ROLLS_LISTED),
        dayRowsRead(db, uid).limit(ROLLS_LISTED),
        attacksRead(db, uid).limit(ROLLS_LISTED),
        fightSeedsRead(eq(fightDays.num, numOf(uid)))(db, uid),
        storedRead(db, uid).limit(ROLLS_LISTED),
      ] as const,
  );
  const inUse = seeds ? seedHash(seeds.serverSeed) : '';
  // The newest ROLLS_LISTED packed scavenges, newest rows first: a full row holds hundreds, decoded only as far as needed.
  const scavenges: Listed[] = [];
  for (const row of packed) scavenges.push(...fromPacked(row, inUse, ROLLS_LISTED - scavenges.length));
  const listed = [...scavenges, ...dayRows.flatMap(fromDayRow), ...fromFights(fought, seeds, fightSeeds), ...stored.map(fromStored)]
    .sort(newestFirst)
    .slice(0, ROLLS_LISTED);
  return { rolls: listed.map(onWire), keptDays: ROLLS_KEPT_DAYS };
});

route(fairnessRoutes, API.fairRoll, { guard: asPlayer }, async (c, { path: { id } }) => {
  // Someone else's roll is not found, like someone else's fight.
  const scavenge = parseScavengeRollId(id);
  if (scavenge) {
    // The row of its seed with the highest first nonce up to its own; or a `roll_days` row of its day, seed and block.
    const seed = seedPrefix(scavenge.hashPrefix);
    const [[seeds], rows, dayRows] = await c.var.player.read(
      (db, uid) =>
        [
          seedsRead(db, uid),
          packedRead(db, uid, and(eq(scavengeRolls.seed, seed), lte(scavengeRolls.first, scavenge.nonce))).limit(1),
          dayRowsRead(db, uid, and(eq(rollDays.day, scavenge.day), eq(rollDays.block, dayRowBlock(scavenge.nonce)), sql`${hexOf(rollDays.serverSeedHash)} like ${`${scavenge.hashPrefix}%`}`)),
        ] as const,
    );
    const inUse = seeds ? seedHash(seeds.serverSeed) : '';
    const found = [...rows.flatMap((row) => fromPacked(row, inUse)), ...dayRows.flatMap(fromDayRow)].find((roll) => roll.id === id);
    if (!found) throw refuse(ERRORS.notFound);
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
    if (!found) throw refuse(ERRORS.notFound);
    return onWire(found);
  }
  const [stored] = await c.var.player.read((db, uid) => [storedRead(db, uid, eq(rolls.id, id))] as const);
  const found = stored.map(fromStored)[0];
  if (!found) throw refuse(ERRORS.notFound);
  return onWire(found);
});
