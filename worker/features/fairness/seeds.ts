/**
 * Each player's seeds and stored rolls (docs/design.md section 8.8, docs/decisions/013-verifiable-rolls.md).
 * Every write to a player's seeds rides in an intent's batch behind the player's claim (worker/core/commit.ts),
 * so a roll and a rotation of the same player never interleave: a roll commits with the seed it read, or is
 * decided again on the next one, and no nonce is used twice.
 */
import { bytesToHex } from '@noble/hashes/utils.js';
import { eq, lt, sql } from 'drizzle-orm';
import { FAIR_RULES_VERSION, fairFight, fairScavenge, ROLLS_KEPT_DAYS, seedHash, type RollSeeds, type StoredOutcome } from '../../../game/rules/fair';
import type { Fighter } from '../../../game/rules/fight';
import type { Zone } from '../../../game/rules/zones';
import type { Effect } from '../../core/changes';
import type { Context } from '../../core/commit';
import type { Database } from '../../core/db/client';
import { fairSeeds, players, revealedSeeds, rolls } from '../../core/db/schema';

export type Seeds = typeof fairSeeds.$inferSelect;

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
        .select({ uid: players.uid, serverSeed: sql`${newServerSeed()}`.as('server_seed'), clientSeed: sql`${newClientSeed()}`.as('client_seed'), nonce: sql`0`.as('nonce') })
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

/** The player's seeds row. */
export const seedsRead = (db: Database, uid: string) => db.select().from(fairSeeds).where(eq(fairSeeds.uid, uid));

/** Stores a roll drawn at the seeds' nonce and moves the nonce on, in the intent's batch. */
function recordRoll(seeds: Seeds, id: string, outcome: StoredOutcome): Effect {
  return (db, { uid, now }) => [
    db.update(fairSeeds).set({ nonce: seeds.nonce + 1 }).where(eq(fairSeeds.uid, uid)),
    db.insert(rolls).values({
      id,
      uid,
      kind: outcome.kind,
      serverSeedHash: seedHash(seeds.serverSeed),
      clientSeed: seeds.clientSeed,
      nonce: seeds.nonce,
      rules: FAIR_RULES_VERSION,
      outcome,
      createdAt: now,
    }),
  ];
}

const rollSeeds = ({ serverSeed, clientSeed, nonce }: Seeds): RollSeeds => ({ serverSeed, clientSeed, nonce });

/** A scavenge's six finds in `zone` from the player's seeds, and the effect that stores it as roll `id`. */
export function scavengeRoll(seeds: Seeds, id: string, zone: Zone) {
  const finds = fairScavenge(rollSeeds(seeds), zone);
  return { finds, record: recordRoll(seeds, id, { kind: 'scavenge', finds, zone: zone.id }) };
}

/** A fight from the attacker's seeds, and the effect that stores it as roll `id` (the fight's id). */
export function fightRoll(seeds: Seeds, id: string, attacker: Fighter, defender: Fighter) {
  const result = fairFight(rollSeeds(seeds), attacker, defender);
  return { result, record: recordRoll(seeds, id, { kind: 'fight', attacker, defender, result }) };
}

/** The daily Cron's deletes: rolls and revealed seeds older than the window (docs/scaling.md, retention). */
export function pruneRolls(db: Database, now: number) {
  const oldest = now - ROLLS_KEPT_DAYS * 24 * 60 * 60 * 1000;
  return [db.delete(rolls).where(lt(rolls.createdAt, oldest)), db.delete(revealedSeeds).where(lt(revealedSeeds.revealedAt, oldest))] as const;
}
