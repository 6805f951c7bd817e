/**
 * Fights as stored (docs/decisions/014-bounded-costs.md, "Storage"; game/rules/fight-record.ts): the attacker's
 * packed rows (`fight_days`), the defender's inbox of who attacked them (`fight_inbox`), and the reads that find a
 * player's fights from either side in one batch. Names come from `players` by number, joined in SQL.
 */
import { hexToBytes } from '@noble/hashes/utils.js';
import { and, desc, eq, gte, lt, sql, type SQL } from 'drizzle-orm';
import { utcDay, utcDayStart } from '../../../game/rules/fight';
import { SPARRING_DUMMY_NAME, SPARRING_DUMMY_NUM } from '../../../game/rules/sparring';
import { decodeFights, encodeFight, fightId, parseNumbers, type PackedFight } from '../../../game/rules/fight-record';
import type { Fight } from '../../../game/wire';
import type { Effect } from '../../core/changes';
import type { Database } from '../../core/db/client';
import { players } from '../../core/db/schema';
import type { SqlStore } from '../../core/stores';
import { fightDays, fightInbox } from './schema';
import { DAY_MS } from '../../../game/time';

/** How long fights are kept: the arena's lists and the fairness page reach a month back. */
export const FIGHTS_KEPT_DAYS = 30;

/** One fight, decoded from its row, with both players by number and by name. */
export interface StoredFight extends PackedFight {
  id: string;
  createdAt: number;
  attackerNum: number;
  defenderNum: number;
  attackerName: string;
  defenderName: string;
  /** The first 8 hex digits of the attacker's server seed's hash (`00000000` for rules 0), and their client seed. */
  hashPrefix: string;
  clientSeed: string;
}

/** The roll fields a fight is checked by: what `fightRoll(...).checkable` gives. */
export interface FightCheckable {
  hashPrefix: string;
  clientSeed: string;
  nonce: number;
  rules: number;
}

/** What a fight decided: the record's fields that are not its roll's or its clock's. */
export type FightOutcome = Omit<StoredFight, 'id' | 'createdAt' | 'at' | keyof FightCheckable>;

/**
 * The fight to store, decided at `now` (the commit's clock) under this roll: its id (the UTC day, the attacker and
 * the roll) and its time of day, so every fight, a player's or a spar, is stored and replayed one way.
 */
export function storedFight(now: number, checkable: FightCheckable, outcome: FightOutcome): StoredFight {
  const { hashPrefix, clientSeed, nonce, rules } = checkable;
  return {
    id: fightId(utcDay(now), outcome.attackerNum, hashPrefix, nonce),
    createdAt: now,
    at: now - utcDayStart(now),
    hashPrefix,
    clientSeed,
    nonce,
    rules,
    ...outcome,
  };
}

/** A player's number by uid, as a subquery (one row of the primary key). */
export const numOf = (uid: string | SQL) => sql<number>`(select ${players.num} from ${players} where ${players.uid} = ${uid})`;

/** The player's number, read in a batch with the fights, to tell their side of each. */
export const numRead = (db: Database, uid: string) => db.select({ num: players.num }).from(players).where(eq(players.uid, uid));

/** A stored number list as a JSON array, for json_each. */
const asJsonList = (list: SQL | typeof fightDays.defenders | typeof fightInbox.attackers) => sql`'[' || ${list} || ']'`;

/**
 * A row's fields, with the names of its attacker and its defenders as a JSON object by number: each name one
 * lookup of players_num.
 */
const rowFields = {
  num: fightDays.num,
  day: fightDays.day,
  hashPrefix: sql<string>`lower(hex(${fightDays.seedHashPrefix}))`,
  clientSeed: fightDays.clientSeed,
  defenders: fightDays.defenders,
  packed: fightDays.packed,
  names: sql<string>`(select json_group_object(p.num, p.username) from ${players} p where p.num in (select ${fightDays.num} union all select value from json_each(${asJsonList(fightDays.defenders)})))`,
};

export type FightDayRow = { num: number; day: number; hashPrefix: string; clientSeed: string; defenders: string; packed: Uint8Array; names: string };

/** The rows of `uid`'s own attacks, from UTC day `since` on, the newest days first. */
export const attacksRead = (db: Database, uid: string, since = 0) =>
  db
    .select(rowFields)
    .from(fightDays)
    .where(and(eq(fightDays.num, numOf(uid)), gte(fightDays.day, since)))
    .orderBy(desc(fightDays.day));

/**
 * The rows of those who attacked `uid`, from UTC day `since` on: the inbox's days, and for each the named attackers'
 * rows of that day (one range of the primary key each). Their other fights of the day come too: keep only the
 * entries naming `uid` (`againstMe`).
 */
export const defencesRead = (db: Database, uid: string, since = 0) =>
  db
    .select(rowFields)
    .from(fightInbox)
    .innerJoin(fightDays, and(eq(fightDays.day, fightInbox.day), sql`${fightDays.num} in (select value from json_each(${asJsonList(fightInbox.attackers)}))`))
    .where(and(eq(fightInbox.num, numOf(uid)), gte(fightInbox.day, since)));

/** The rows that may hold the fight of a fight id's parts (its attacker's rows of its day under its seed), and `also`. */
export const fightRowsRead = (db: Database, { day, attackerNum, hashPrefix }: { day: number; attackerNum: number; hashPrefix: string }, also?: SQL) =>
  db
    .select(rowFields)
    .from(fightDays)
    .where(and(eq(fightDays.num, attackerNum), eq(fightDays.day, day), eq(fightDays.seedHashPrefix, hexToBytes(hashPrefix)), also));

/** Every fight of some rows, decoded. */
export function fightsOf(rows: readonly FightDayRow[]): StoredFight[] {
  return rows.flatMap((row) => {
    const names = JSON.parse(row.names) as Record<string, string>;
    const defenders = parseNumbers(row.defenders);
    return decodeFights(row.packed).map((fight, index): StoredFight => {
      const defenderNum = defenders[index] ?? 0;
      return {
        ...fight,
        id: fightId(row.day, row.num, row.hashPrefix, fight.nonce),
        createdAt: row.day * DAY_MS + fight.at,
        attackerNum: row.num,
        defenderNum,
        attackerName: names[row.num] ?? '',
        defenderName: defenderNum === SPARRING_DUMMY_NUM ? SPARRING_DUMMY_NAME : (names[defenderNum] ?? ''),
        hashPrefix: row.hashPrefix,
        clientSeed: row.clientSeed,
      };
    });
  });
}

/** The fights of the attackers' rows that `num` defended. */
export const againstMe = (rows: readonly FightDayRow[], num: number) => fightsOf(rows).filter((fight) => fight.defenderNum === num);

/** A fight as the player of number `viewer` (a participant) sees it. */
export function toFight(fight: StoredFight, viewer: number): Fight {
  return {
    id: fight.id,
    attacker: fight.attackerName,
    defender: fight.defenderName,
    winner: fight.winner === 'attacker' ? fight.attackerName : fight.defenderName,
    rounds: fight.rounds,
    goldTaken: fight.goldTaken,
    goldMinted: fight.goldMinted,
    ratingChange: fight.ratingChange,
    xp: viewer === fight.attackerNum ? fight.attackerXp : fight.defenderXp,
    rematch: fight.rematch,
    createdAt: fight.createdAt,
  };
}

/** Newest first; a tie (the same millisecond) by nonce. */
export const newestFirst = (a: StoredFight, b: StoredFight) => b.createdAt - a.createdAt || b.nonce - a.nonce;

/**
 * The fight's two upserts: its entry appended to the attacker's row of the day and seeds (and its defender to the
 * row's list), and the attacker added to the defender's inbox of the day unless already there (then nothing is
 * written). Both players are claimed by the commit, so no other fight of either lands in between. A spar (its
 * defender the dummy, game/rules/sparring.ts) is the entry alone: nobody defended it, so no inbox has it.
 */
export function recordFight(fight: StoredFight): Effect {
  const day = utcDay(fight.createdAt);
  const entry = encodeFight(fight);
  const spar = fight.defenderNum === SPARRING_DUMMY_NUM;
  // The attacker's day of fights is theirs alone; the defender's inbox is read by another player's screens.
  return ({ own, shared }) => [
    own
      .insert(fightDays)
      .values({ num: fight.attackerNum, day, seedHashPrefix: hexToBytes(fight.hashPrefix), clientSeed: fight.clientSeed, defenders: String(fight.defenderNum), packed: entry })
      .onConflictDoUpdate({
        target: [fightDays.num, fightDays.day, fightDays.seedHashPrefix, fightDays.clientSeed],
        // `||` reads blobs as text; the cast keeps the bytes a blob.
        set: { defenders: sql`${fightDays.defenders} || ',' || excluded.defenders`, packed: sql`CAST(${fightDays.packed} || excluded.packed AS BLOB)` },
      }),
    ...(spar ? [] : [inboxAdd(shared, fight.defenderNum, day, fight.attackerNum)]),
  ];
}

/** The attacker added to the defender's inbox of the day, unless already there. */
const inboxAdd = (db: SqlStore, defenderNum: number, day: number, attackerNum: number) =>
  db
    .insert(fightInbox)
    .values({ num: defenderNum, day, attackers: String(attackerNum) })
    .onConflictDoUpdate({
      target: [fightInbox.num, fightInbox.day],
      set: { attackers: sql`${fightInbox.attackers} || ',' || excluded.attackers` },
      setWhere: sql`instr(',' || ${fightInbox.attackers} || ',', ',' || excluded.attackers || ',') = 0`,
    });

/** The daily Cron's deletes: both tables' days older than FIGHTS_KEPT_DAYS (docs/scaling.md, retention). */
export function pruneFights(db: Database, now: number) {
  const oldest = utcDay(now) - FIGHTS_KEPT_DAYS;
  return [db.delete(fightDays).where(lt(fightDays.day, oldest)), db.delete(fightInbox).where(lt(fightInbox.day, oldest))] as const;
}
