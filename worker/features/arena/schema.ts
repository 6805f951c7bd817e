/**
 * The arena's tables: fights as stored, packed by day.
 * drizzle-kit collects every feature's schema.ts with the core's (drizzle.config.ts). Times are unix milliseconds.
 */
import { integer, primaryKey, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import { bytes, clientSeedKey } from '../../core/db/columns';
import { players } from '../../core/db/schema';

/**
 * Arena fights (docs/design.md section 7.1), packed (game/rules/fight-record.ts): one row per attacker (their
 * player number), UTC day and seeds in use, whose `packed` value gains an entry of about 25 bytes per fight,
 * upserted in the fight's batch. An entry holds the stats both fighters had, the rounds (so a later change of the
 * rules never rewrites history), the stakes and the fight's roll (its nonce and rules version); the key holds the
 * rest of the roll: the first 4 bytes of the server seed's hash (the whole hash is the player's seed in use or a
 * revealed one with that prefix) and the client seed, so a rotation or a new client seed starts a new row.
 * `defenders` lists each entry's defender by number, in entry order, as text so SQL can expand it (json_each) to
 * read their names from `players`, which never change. Names are not copied. WITHOUT ROWID and no other index
 * (migrations/0029_fights_packed.sql; drizzle cannot declare it): a fight writes one row here and one in
 * `fight_inbox`. Kept FIGHTS_KEPT_DAYS, pruned by the day.
 */
export const fightDays = sqliteTable(
  'fight_days',
  {
    num: integer('num')
      .notNull()
      .references(() => players.num, { onDelete: 'cascade' }),
    /** The UTC day (days since 1970-01-01). */
    day: integer('day').notNull(),
    /** The first 4 bytes of SHA-256 of the attacker's server seed; 4 zero bytes for fights with no roll (rules 0). */
    seedHashPrefix: bytes('seed_hash_prefix').notNull(),
    /** As its bytes when it is lowercase hex (`clientSeedKey`), as text otherwise. */
    clientSeed: clientSeedKey('client_seed').notNull(),
    /** The defenders' numbers, one per entry in entry order: `12,7,12`. */
    defenders: text('defenders').notNull(),
    packed: bytes('packed').notNull(),
  },
  (t) => [primaryKey({ columns: [t.num, t.day, t.seedHashPrefix, t.clientSeed] })],
);

/**
 * Who attacked a player on a UTC day: the attackers' numbers, each once (`3,45`), upserted in the fight's batch. The
 * defender's fights are the entries naming them in those attackers' `fight_days` rows of that day, which a read
 * joins to through json_each. WITHOUT ROWID (migrations/0029_fights_packed.sql), pruned with `fight_days`.
 */
export const fightInbox = sqliteTable(
  'fight_inbox',
  {
    num: integer('num')
      .notNull()
      .references(() => players.num, { onDelete: 'cascade' }),
    day: integer('day').notNull(),
    attackers: text('attackers').notNull(),
  },
  (t) => [primaryKey({ columns: [t.num, t.day] })],
);
