/**
 * Each player's seeds and stored rolls (docs/design.md section 8.8, docs/decisions/013-verifiable-rolls.md).
 * Every write to a player's seeds rides in an intent's batch behind the player's claim (worker/core/commit.ts),
 * so a roll and a rotation of the same player never interleave: a roll commits with the seed it read, or is
 * decided again on the next one, and no nonce is used twice.
 */
import { bytesToHex } from '@noble/hashes/utils.js';
import { between, desc, eq, lt, sql } from 'drizzle-orm';
import { FAIR_RULES_VERSION, fairFight, fairScavenge, ROLLS_KEPT_DAYS, seedHash, type RollSeeds } from '../../../game/rules/fair';
import { utcDay, type Fighter } from '../../../game/rules/fight';
import { packScavenge, ROW_IDS, rollRowId, scavengeRollId, seedPrefix, type RollRow } from '../../../game/rules/roll-record';
import type { Zone } from '../../../game/rules/zones';
import type { Effect } from '../../core/changes';
import type { Context } from '../../core/commit';
import type { Database } from '../../core/db/client';
import { players } from '../../core/db/schema';
import { fairSeeds, revealedSeeds, rollDays, rolls, scavengeRolls } from './schema';
import { DAY_MS } from '../../../game/time';

/** A player's seeds, with the nonce the next roll uses, which rides on the player's row (`players.roll_nonce`). */
export type Seeds = typeof fairSeeds.$inferSelect & { nonce: number };

/** 32 random bytes as hex: a server seed. */
export function newServerSeed(): string {
  return bytesToHex(crypto.getRandomValues(new Uint8Array(32)));
}

/** 8 random bytes as hex: the client seed a player starts with, until they choose one. */
const newClientSeed = () => newServerSeed().slice(0, 16);

/**
 * The new player's first seeds, in the batch that creates the player: inserted only if the player row exists
 * (a name taken by someone else inserts neither), and never over seeds the player already has.
 */
export function firstSeeds(db: Database, uid: string) {
  return db
    .insert(fairSeeds)
    .select(
      db
        .select({ uid: players.uid, serverSeed: sql`${newServerSeed()}`.as('server_seed'), clientSeed: sql`${newClientSeed()}`.as('client_seed') })
        .from(players)
        .where(eq(players.uid, uid)),
    )
    .onConflictDoNothing();
}

/** The player's seeds, read with the state on every attempt of an intent. */
export function seedsOf(uid: string): Context<[ReturnType<typeof seedsRead>], Seeds> {
  return {
    queries: (db) => [seedsRead(db, uid)],
    parse: ([[seeds]]) => {
      if (!seeds) throw new Error('every player has seeds: they are created with the player (migrations/0007)');
      return seeds;
    },
  };
}

/** The player's seeds row, and the nonce from their player row. */
export const seedsRead = (db: Database, uid: string) =>
  db
    .select({ uid: fairSeeds.uid, serverSeed: fairSeeds.serverSeed, clientSeed: fairSeeds.clientSeed, nonce: players.rollNonce })
    .from(fairSeeds)
    .innerJoin(players, eq(players.uid, fairSeeds.uid))
    .where(eq(fairSeeds.uid, uid));

const rollSeeds = ({ serverSeed, clientSeed, nonce }: Seeds): RollSeeds => ({ serverSeed, clientSeed, nonce });

/** What a scavenge draws with: the player's seeds, and their newest packed row, which its roll joins or follows. */
export type ScavengeSeeds = Seeds & { newestRolls: RollRow | undefined };

/** The player's seeds and newest `scavenge_rolls` row, read with the state on every attempt of a scavenge. */
export function scavengeSeedsOf(uid: string): Context<[ReturnType<typeof seedsRead>, ReturnType<typeof newestRollsRead>], ScavengeSeeds> {
  return {
    queries: (db) => [seedsRead(db, uid), newestRollsRead(db, uid)],
    parse: ([seeds, [newest]]) => ({ ...seedsOf(uid).parse([seeds]), newestRolls: newest && asRollRow(newest) }),
  };
}

/** The player's `scavenge_rolls` rows: the range of ids of their number (roll-record.ts rollRowId). */
export function rollRowsOf(uid: string) {
  const first = sql`(SELECT ${players.num} FROM ${players} WHERE ${players.uid} = ${uid}) * ${ROW_IDS}`;
  return between(scavengeRolls.id, first, sql`${first} + ${ROW_IDS - 1}`);
}

/** A stored row as the codec takes it. */
export const asRollRow = ({ id, ...row }: typeof scavengeRolls.$inferSelect): RollRow => ({ num: Math.floor(id / ROW_IDS), seq: id % ROW_IDS, ...row });

const newestRollsRead = (db: Database, uid: string) => db.select().from(scavengeRolls).where(rollRowsOf(uid)).orderBy(desc(scavengeRolls.id)).limit(1);

/**
 * A scavenge's six finds in `zone` from the player's seeds, its roll's id (game/rules/roll-record.ts), the effect
 * that packs it (one upsert: the player's newest row rewritten with the 8-byte entry added, or the next row) and the
 * nonce the decision moves the player on to (`rollNonce`, written in the claim; test/worker/fairness.test.ts holds
 * every roll to the next nonce). The claim keeps the read row current: a scavenge that committed in between makes
 * this one lose its claim and be decided again on the new row.
 */
export function scavengeRoll(seeds: ScavengeSeeds, num: number, now: number, zone: Zone) {
  const finds = fairScavenge(rollSeeds(seeds), zone);
  const day = utcDay(now);
  const hash = seedHash(seeds.serverSeed);
  const row = packScavenge(seeds.newestRolls, { num, seed: seedPrefix(hash), clientSeed: seeds.clientSeed, rules: FAIR_RULES_VERSION }, { nonce: seeds.nonce, day, zone: zone.id, finds });
  const columns = { seed: row.seed, clientSeed: row.clientSeed, first: row.first, day: row.day, rules: row.rules, packed: row.packed };
  const pack: Effect = ({ own }) => [own.insert(scavengeRolls).values({ id: rollRowId(row), ...columns }).onConflictDoUpdate({ target: scavengeRolls.id, set: columns })];
  return { finds, rollId: scavengeRollId(day, hash, seeds.nonce), record: pack, nextNonce: seeds.nonce + 1 };
}

/**
 * A fight from the attacker's seeds, what its entry keeps to check it (the rules version and the nonce; its row
 * the client seed and the server seed's hash by its first 8 hex digits, game/rules/fight-record.ts) and the
 * attacker's next nonce (`rollNonce`).
 */
export function fightRoll(seeds: Seeds, attacker: Fighter, defender: Fighter) {
  const result = fairFight(rollSeeds(seeds), attacker, defender);
  const checkable = { hashPrefix: seedHash(seeds.serverSeed).slice(0, 8), clientSeed: seeds.clientSeed, nonce: seeds.nonce, rules: FAIR_RULES_VERSION };
  return { result, checkable, nextNonce: seeds.nonce + 1 };
}

/**
 * The daily Cron's deletes: packed rolls whose newest day is before the window (a row spans at most ROW_DAYS days),
 * rows of the tables packed before (`roll_days`, `rolls`) and revealed seeds older than it (docs/scaling.md,
 * retention). Fights go with their own 30 days (worker/features/arena/records.ts).
 */
export function pruneRolls(db: Database, now: number) {
  const oldest = now - ROLLS_KEPT_DAYS * DAY_MS;
  return [
    db.delete(scavengeRolls).where(lt(scavengeRolls.day, utcDay(oldest))),
    db.delete(rollDays).where(lt(rollDays.day, utcDay(oldest))),
    db.delete(rolls).where(lt(rolls.createdAt, oldest)),
    db.delete(revealedSeeds).where(lt(revealedSeeds.revealedAt, oldest)),
  ] as const;
}
