/**
 * The whole D1 schema. drizzle-kit turns changes here into SQL under migrations/ (`npm run db:generate`).
 * Times are unix milliseconds.
 */
import { bytesToHex, hexToBytes } from '@noble/hashes/utils.js';
import { sql } from 'drizzle-orm';
import { customType, index, integer, primaryKey, real, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';
import { GUILD_ROLES } from '../../../game/constants';
import type { StoredOutcome } from '../../../game/rules/fair';
import { ActivityKinds } from '../../../game/wire';

/** A BLOB as bytes. D1 answers a BLOB as an array of numbers (or a buffer); a Uint8Array binds as a BLOB. */
const bytes = customType<{ data: Uint8Array; driverData: Uint8Array | ArrayBuffer | number[] }>({
  dataType: () => 'blob',
  fromDriver: (value) => (value instanceof Uint8Array ? value : new Uint8Array(value)),
});

/**
 * A client seed in a packed record's key: the default ones (and any other of lowercase hex digits, an even number of
 * them) as their bytes, half the size; any other as its text. A text value is then never of that form, so the two
 * never meet.
 */
const clientSeedKey = customType<{ data: string; driverData: string | Uint8Array | ArrayBuffer | number[] }>({
  dataType: () => 'text',
  toDriver: (seed) => (/^(?:[0-9a-f]{2})+$/.test(seed) ? hexToBytes(seed) : seed),
  fromDriver: (value) => (typeof value === 'string' ? value : bytesToHex(value instanceof Uint8Array ? value : new Uint8Array(value))),
});

/** Accounts: who may sign in. A player row appears only once a username is chosen. */
export const users = sqliteTable('users', {
  id: text('id').primaryKey(),
  email: text('email').notNull().unique(),
  /** `scrypt$N$r$p$salt$hash`, null for accounts that only use Google. */
  passwordHash: text('password_hash'),
  googleSub: text('google_sub').unique(),
  /** When the owner of the address proved it (a verification link, a password reset, or Google); null until then. */
  emailVerifiedAt: integer('email_verified_at'),
  /** When the admin banned the account (docs/design.md section 7.5): sign-in is refused from then on. */
  bannedAt: integer('banned_at'),
  createdAt: integer('created_at').notNull(),
},
  // The few banned accounts, so a rank can subtract those ahead of a player without scanning every account.
  (t) => [index('users_banned').on(t.bannedAt).where(sql`${t.bannedAt} IS NOT NULL`)],
);

/** The game record of section 3 "New user record", created by setUsername with the spec's starting values. */
export const players = sqliteTable(
  'players',
  {
    uid: text('uid')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    username: text('username').notNull(),
    level: integer('level').notNull(),
    gold: integer('gold').notNull(),
    energy: integer('energy').notNull(),
    /** When `energy` was last written; regeneration is computed from it lazily. */
    energyAt: integer('energy_at').notNull(),
    cash: integer('cash').notNull(),
    duffelBagSize: integer('duffel_bag_size').notNull(),
    trophyCaseScore: integer('trophy_case_score').notNull(),
    trophyCaseAvgQuality: real('trophy_case_avg_quality').notNull(),
    /** Sums of the equipped items' displayed stats, kept with every inventory change for ranking. */
    totalAttack: integer('total_attack').notNull().default(0),
    totalDefense: integer('total_defense').notNull().default(0),
    /** The spec's field: the name of the player's guild, '' outside one. Written with every change of `guildMembers`. */
    guild: text('guild').notNull(),
    /** Experience (docs/design.md section 7.4); `level` is always levelFor(xp), written with it. */
    xp: integer('xp').notNull().default(0),
    /** The arena (docs/design.md section 7.1): Elo rating, record, and until when a lost fight protects the player. */
    rating: integer('rating').notNull().default(1000),
    wins: integer('wins').notNull().default(0),
    losses: integer('losses').notNull().default(0),
    recoveringUntil: integer('recovering_until').notNull().default(0),
    /**
     * New-player protection (docs/design.md section 9.10): until when nobody may attack the player, set to 72 h after
     * the username is chosen; 0 from their first attack, the first fight against them once it has passed, or the
     * unprotect fixture. A value at or before now is a protection that ran out on a player nobody has fought since.
     */
    protectedUntil: integer('protected_until').notNull().default(0),
    /**
     * Defences lost on one UTC day (docs/design.md section 8.1): the day (days since 1970-01-01 UTC, the
     * server's clock at the commit) and the count. The third loss of a day protects until 00:00 UTC.
     */
    defencesLostDay: integer('defences_lost_day').notNull().default(0),
    defencesLost: integer('defences_lost').notNull().default(0),
    /**
     * Daily contracts (docs/design.md section 8.2): days in a row with all three claimed, and the last such day
     * (days since 1970-01-01 UTC, the commit's clock). A day missed resets the run (game/rules/contracts.ts).
     */
    streak: integer('streak').notNull().default(0),
    streakDay: integer('streak_day').notNull().default(0),
    /** What cash bought today (docs/design.md section 8.2): the UTC day of the last Second Wind, and Field Kits used on `fieldKitDay`. */
    secondWindDay: integer('second_wind_day').notNull().default(-1),
    fieldKitDay: integer('field_kit_day').notNull().default(-1),
    fieldKitsUsed: integer('field_kits_used').notNull().default(0),
    /** The gold shop's energy refills (docs/design.md section 9.3): the UTC day of the last one, and how many were bought on it. */
    refillDay: integer('refill_day').notNull().default(-1),
    refillsBought: integer('refills_bought').notNull().default(0),
    /**
     * The Salvage Drive (docs/design.md section 8.6): the week (its start, unix ms) of the player's last drive claim,
     * in any guild, so a player who moves guilds claims once a week; 0 before the first.
     */
    driveClaimedWeek: integer('drive_claimed_week').notNull().default(0),
    /** The Showcase (docs/design.md section 8.2): slots bought (30 cash each) and the pinned trophies' ids, a JSON array. */
    showcaseSlots: integer('showcase_slots').notNull().default(0),
    showcase: text('showcase').notNull().default('[]'),
    /** The kinds of push notification the player turned off (a JSON array of game/rules/notices.ts kinds). */
    pushOff: text('push_off').notNull().default('[]'),
    /** When the player last opened their notices: the badge counts what happened since (docs/design.md 8.7). */
    noticesSeenAt: integer('notices_seen_at').notNull().default(0),
    /** Until when the admin muted the player in every chat room (docs/design.md section 7.5); 0 when not muted. */
    mutedUntil: integer('muted_until').notNull().default(0),
    /**
     * The finds of the player's last scavenge still waiting to be taken, as `[slot, catalogId, quality]` triples in a
     * JSON array (worker/core/state.ts `encodeFinds`). On the player's row, so a scavenge or a take writes them in
     * its claim: no row of their own (docs/decisions/014-bounded-costs.md, "Rows written").
     */
    finds: text('finds').notNull().default('[]'),
    createdAt: integer('created_at').notNull(),
    /**
     * A fresh random value written by every intent. An intent's batch first claims the player with
     * `WHERE write_token = <the token it read>`, setting a new one; its other statements run only if the
     * player now holds that new token. A concurrent intent that read the same state finds the token changed
     * and changes nothing (docs/design.md section 3).
     */
    writeToken: text('write_token').notNull().default(''),
    /**
     * The nonce the player's next roll draws at (docs/decisions/013-verifiable-rolls.md): on the player's row, so the
     * intent's claim moves it on with no row of its own; a rotation of the server seed sets it back to 0.
     */
    rollNonce: integer('roll_nonce').notNull().default(0),
    /**
     * How many trophies the player has (items in the `trophy` location), derived by the commit engine with the other
     * totals whenever it moves (worker/core/commit.ts, in the claim's row): the boards show it without counting items.
     */
    trophies: integer('trophies').notNull().default(0),
    /**
     * A copy of the account's ban (`users.banned_at IS NOT NULL`) for the boards' partial index, kept by the database:
     * the trigger `users_banned_boards` (migrations/0025_board_reads.sql) writes it whenever `banned_at` is set.
     */
    banned: integer('banned', { mode: 'boolean' }).notNull().default(false),
    /**
     * The player's number: a small integer the packed records use to name a player (a fight its defender) and the
     * tables that grow with play key by, where a uid would cost 36 bytes a row. Given by the trigger
     * `players_number` (migrations/0028_player_numbers.sql) on insert; never changes.
     */
    num: integer('num').notNull().default(0),
    /** How many log lines the player has had: the next one is `logSeq + 1` (the ring `activity`). */
    logSeq: integer('log_seq').notNull().default(0),
  },
  (t) => [
    uniqueIndex('players_username_nocase').on(sql`lower(${t.username})`),
    // The all-time board in its order (score, power, then name A–Z, read backwards), banned players left out, so its
    // top rows and a rank's live count walk only the rows they answer (docs/decisions/014-bounded-costs.md).
    index('players_board')
      .on(t.trophyCaseScore, sql`(${t.totalAttack} + ${t.totalDefense})`, sql`lower(${t.username}) DESC`)
      .where(sql`${t.banned} = 0`),
    // With the name, so the arena's lists (rating, then name) read 10 or 20 index rows, not a rating's whole tie group.
    // Only players open to attack (docs/decisions/008-arena-and-levels.md): the newcomers, all at the starting
    // rating, would otherwise lie across every walk from there, however many of them there are.
    index('players_rating').on(t.rating, t.username).where(sql`${t.protectedUntil} = 0`),
    // Newcomers by when their protection ends: the arena lists those it ended for (nobody fought them since) from here.
    index('players_protection').on(t.protectedUntil).where(sql`${t.protectedUntil} > 0`),
    uniqueIndex('players_num').on(t.num),
  ],
);

/**
 * Marks along the board (docs/decisions/014-bounded-costs.md): every RANK_MARK_EVERY-th position in
 * LEADERBOARD_ORDER, banned players left out, with the score and power there and how many players stood level
 * with or ahead of that score and power. Rewritten by the Cron every few minutes (worker/core/ranking.ts), so a
 * rank counts only the few players between the player and the mark above them, whatever the board's size.
 */
export const rankMarks = sqliteTable(
  'rank_marks',
  {
    position: integer('position').primaryKey(),
    trophyCaseScore: integer('trophy_case_score').notNull(),
    power: integer('power').notNull(),
    atOrAbove: integer('at_or_above').notNull(),
  },
  (t) => [index('rank_marks_value').on(t.trophyCaseScore, t.power, t.position)],
);

/** `market`: listed for sale (docs/design.md section 8.5), still the seller's until it sells. */
export const ITEM_LOCATIONS = ['inventory', 'duffel', 'trophy', 'market'] as const;
export type ItemLocation = (typeof ITEM_LOCATIONS)[number];

/**
 * Every item a player owns, wherever it is. Stats come from the catalogue by `catalogId`. WITHOUT ROWID, keyed by
 * owner and id (migrations/0024_rows_written.sql): reading a player's items reads the key's range, one row per item,
 * and an item written is one row, with no index entry. Every statement names the owner (an item's id alone would
 * scan the table).
 */
export const items = sqliteTable(
  'items',
  {
    id: text('id').notNull(),
    uid: text('uid')
      .notNull()
      .references(() => players.uid, { onDelete: 'cascade' }),
    catalogId: text('catalog_id').notNull(),
    quality: integer('quality').notNull(),
    location: text('location', { enum: ITEM_LOCATIONS }).notNull(),
    /** Research: equipped time banked so far, and when the current equip began (null when not equipped). */
    researchMs: integer('research_ms').notNull(),
    equippedAt: integer('equipped_at'),
    /** Percent faster research runs in this equip: the owner's complete sets when equipped (docs/design.md section 9.6). */
    researchSpeed: integer('research_speed').notNull().default(0),
    createdAt: integer('created_at').notNull(),
    /** When it entered the trophy case. */
    trophyAt: integer('trophy_at'),
    /**
     * Who first researched it (a player's uid) and when its research reached 100 % in their slots, written once
     * when it first leaves the inventory researched (until then they follow from `equippedAt`) and kept through
     * every move and sale (game/rules/research.ts researchRecord). Only the researcher scores it as a trophy
     * (docs/design.md section 9.4); a time with nobody means it scores for no one.
     */
    researchedBy: text('researched_by'),
    researchedAt: integer('researched_at'),
  },
  (t) => [primaryKey({ columns: [t.uid, t.id] })],
);

/** How many lines a player's log holds: the Log screen shows them all (docs/decisions/014-bounded-costs.md, "Storage"). */
export const LOG_LINES = 50;

/**
 * The player's activity log (the profile's Log button): a ring of LOG_LINES rows per player, keyed by the player's
 * number and the line's slot (its number modulo LOG_LINES), so a new line overwrites the oldest in place (one row
 * written) and a player's log never holds more than the screen shows: no prune. The line's number is the player's
 * `logSeq`, moved on by the claim every intent writes (worker/core/commit.ts). WITHOUT ROWID
 * (migrations/0031_activity_ring.sql).
 */
export const activity = sqliteTable(
  'activity',
  {
    num: integer('num')
      .notNull()
      .references(() => players.num, { onDelete: 'cascade' }),
    /** `id` modulo LOG_LINES: the ring's place this line took. */
    slot: integer('slot').notNull(),
    /** The player's own count of lines: 1, 2, 3, … (`players.logSeq` when it was written). */
    id: integer('id').notNull(),
    kind: text('kind', { enum: ActivityKinds }).notNull(),
    text: text('text').notNull(),
    /** The stored roll behind the entry (a scavenge's), which the log links to for checking; null otherwise. */
    rollId: text('roll_id'),
    createdAt: integer('created_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.num, t.slot] })],
);

/**
 * For a raw INSERT … SELECT that logs lines in bulk (the league and season payouts): the ring's columns, then their
 * values for the player's `n`-th new line (`player` is a joined `players` row), and the upsert that overwrites the
 * slot. The same batch must then move the player's `log_seq` on by the lines written, after this insert.
 */
export const logRingSql = (player: string, n: string) => ({
  columns: 'activity (num, slot, id, kind, text, roll_id, created_at)',
  place: `${player}.num, (${player}.log_seq + ${n}) % ${LOG_LINES}, ${player}.log_seq + ${n}`,
  upsert: 'on conflict (num, slot) do update set id = excluded.id, kind = excluded.kind, text = excluded.text, roll_id = excluded.roll_id, created_at = excluded.created_at',
});

/**
 * Progress on a player's daily contracts (docs/design.md section 8.2): one row per player, UTC day and slot,
 * written in the batch of the intent that moves it (`progress`, capped at the target) or claims it
 * (`claimedAt`). Slot 3 is the bonus for all three. Which contract a slot holds is drawn, not stored
 * (game/rules/contracts.ts). The daily Cron deletes days past the streak's reach. WITHOUT ROWID
 * (migrations/0024_rows_written.sql): a new row is two rows written (the key and `contract_progress_day`), not three.
 */
export const contractProgress = sqliteTable(
  'contract_progress',
  {
    uid: text('uid')
      .notNull()
      .references(() => players.uid, { onDelete: 'cascade' }),
    day: integer('day').notNull(),
    slot: integer('slot').notNull(),
    progress: integer('progress').notNull().default(0),
    claimedAt: integer('claimed_at'),
  },
  (t) => [primaryKey({ columns: [t.uid, t.day, t.slot] }), index('contract_progress_day').on(t.day)],
);

/**
 * Seasons (docs/design.md section 8.4): each player's score in a season (the trophy points of trophies researched
 * and added in it) and how many such trophies, upserted in the batch of the trophy intent. The board reads the
 * season's rows by points; banned players are left out when it is read and when it is paid.
 */
export const seasonScores = sqliteTable(
  'season_scores',
  {
    season: text('season').notNull(),
    uid: text('uid')
      .notNull()
      .references(() => players.uid, { onDelete: 'cascade' }),
    points: integer('points').notNull(),
    trophies: integer('trophies').notNull(),
    /** The account's ban, copied by the trigger `users_banned_boards` as on `players`: the rank's count filters on it without a join. */
    banned: integer('banned', { mode: 'boolean' }).notNull().default(false),
    /** The player's name in lower case (names never change), written with the row: the board's second key, in its index. */
    name: text('name').notNull().default(''),
    /**
     * The player's name and level as the board shows them, so the board reads no player rows: the name written with
     * the row, the level with it and whenever it moves (worker/features/seasons/score.ts).
     */
    username: text('username').notNull().default(''),
    level: integer('level').notNull().default(1),
  },
  // The board in its order (points, then name A–Z, read backwards): its top rows are index rows, whatever the ties.
  (t) => [primaryKey({ columns: [t.season, t.uid] }), index('season_scores_board').on(t.season, t.points, sql`${t.name} DESC`, t.uid)],
);

/**
 * The season board's marks (as `rank_marks` for the all-time board): every SEASON_MARK_EVERY-th position of a season's
 * first SEASON_RANK_COUNTED, with its points and how many players have as many points or more. Rewritten by the Cron
 * every few minutes (worker/features/seasons/board.ts), so a season rank counts only the few players between the
 * reader and the mark above them. WITHOUT ROWID (migrations/0025_board_reads.sql).
 */
export const seasonMarks = sqliteTable(
  'season_marks',
  {
    season: text('season').notNull(),
    position: integer('position').notNull(),
    points: integer('points').notNull(),
    atOrAbove: integer('at_or_above').notNull(),
  },
  (t) => [primaryKey({ columns: [t.season, t.position] }), index('season_marks_points').on(t.season, t.points)],
);

/**
 * A guild's season ledger: what each member earned for the guild while a member, written in the same batch as
 * the member's own season score. Joining a guild late brings nothing of what was earned before; leaving takes
 * nothing away from the guild.
 */
export const guildSeasonScores = sqliteTable(
  'guild_season_scores',
  {
    season: text('season').notNull(),
    guildId: text('guild_id')
      .notNull()
      .references(() => guilds.id, { onDelete: 'cascade' }),
    uid: text('uid')
      .notNull()
      .references(() => players.uid, { onDelete: 'cascade' }),
    points: integer('points').notNull(),
  },
  (t) => [primaryKey({ columns: [t.season, t.guildId, t.uid] })],
);

/**
 * A season's settlement: one row per player paid, written once by the payout on the 1st (the primary key makes a
 * second run write nothing new), with the rank, the cash paid and the medal (a Limited catalogue item) on the
 * player's medal shelf. Medals are not items: they never count toward the trophy score.
 */
export const seasonPrizes = sqliteTable(
  'season_prizes',
  {
    season: text('season').notNull(),
    uid: text('uid')
      .notNull()
      .references(() => players.uid, { onDelete: 'cascade' }),
    rank: integer('rank').notNull(),
    points: integer('points').notNull(),
    cash: integer('cash').notNull(),
    /** The season's medal, only with a rank prize (docs/design.md section 9.4); '' for the trophies' cash alone. */
    medal: text('medal').notNull(),
    /** When the cash reached the player; null between the two statements of the payout's batch. */
    paidAt: integer('paid_at'),
  },
  (t) => [primaryKey({ columns: [t.season, t.uid] }), index('season_prizes_player').on(t.uid, t.season)],
);

/**
 * Weekly leagues (docs/design.md section 9.5, docs/decisions/023-leagues.md). A tier is stored as its index in
 * game/rules/league.ts LEAGUE_TIERS (0 = scrap … 5 = diamond), so a move is arithmetic in SQL. A league holds at
 * most LEAGUE_SIZE players of one tier in one week (`week` is its Monday, `YYYY-MM-DD`); the batch that joins a
 * player counts the newest league's members and opens another when it is full, so the one open league of a tier
 * is chosen in SQL and never overfills.
 * `settledAt` is set by the Cron's page that ranked it, moved its players and paid its prizes.
 */
export const leagues = sqliteTable(
  'leagues',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    week: text('week').notNull(),
    tier: integer('tier').notNull(),
    settledAt: integer('settled_at'),
  },
  (t) => [
    // A tier's leagues of the week: the newest is the one open to join (worker/features/leagues/join.ts).
    index('leagues_open_v2').on(t.week, t.tier),
    // The Cron's pages: the leagues of past weeks still to settle, oldest first, reading neither the settled ones
    // nor this week's.
    index('leagues_unsettled').on(t.week, t.id).where(sql`${t.settledAt} IS NULL`),
  ],
);

/**
 * A player's week in a league: joined by their first score of the week (in that intent's batch), their week points
 * added by every trophy of the week that scores. `tier` is the league's, read when they joined. WITHOUT ROWID
 * (migrations/0024_rows_written.sql): joining writes the key and two index entries, not four rows.
 */
export const leagueMembers = sqliteTable(
  'league_members',
  {
    week: text('week').notNull(),
    uid: text('uid')
      .notNull()
      .references(() => players.uid, { onDelete: 'cascade' }),
    tier: integer('tier').notNull(),
    /** Set when joining (worker/features/leagues/join.ts); null only in rows from before migration 0024. */
    leagueId: integer('league_id'),
    points: integer('points').notNull(),
    joinedAt: integer('joined_at').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.week, t.uid] }),
    // Without `points`: a league holds at most LEAGUE_SIZE players, so its board sorts them when read, and a
    // trophy's points are one row written, not three (docs/decisions/014-bounded-costs.md).
    index('league_members_league').on(t.leagueId),
  ],
);

/** The tier each player moved to when their last league was settled (no row: `scrap`). */
export const leagueTiers = sqliteTable('league_tiers', {
  uid: text('uid')
    .primaryKey()
    .references(() => players.uid, { onDelete: 'cascade' }),
  tier: integer('tier').notNull(),
});

/**
 * A league's prizes: one row per player ranked 1 to 3 at the week's end, written once by the Cron (the primary key
 * makes a second run write nothing new), with the cash and the week's ribbon on the player's card.
 */
export const leaguePrizes = sqliteTable(
  'league_prizes',
  {
    week: text('week').notNull(),
    uid: text('uid')
      .notNull()
      .references(() => players.uid, { onDelete: 'cascade' }),
    tier: integer('tier').notNull(),
    rank: integer('rank').notNull(),
    cash: integer('cash').notNull(),
    /** When the cash reached the player; null between two statements of the Cron's page. */
    paidAt: integer('paid_at'),
  },
  (t) => [
    primaryKey({ columns: [t.week, t.uid] }),
    index('league_prizes_player').on(t.uid, t.week),
    index('league_prizes_unpaid').on(t.uid).where(sql`${t.paidAt} IS NULL`),
  ],
);

/**
 * The first player ever to own each catalogue item (docs/design.md section 8.1, "server first"): one row per
 * catalogue id, inserted by the intent that gives a player the item, in its batch, and only if there is none
 * (ON CONFLICT DO NOTHING). Two players taking the same item at once: one insert wins, and only its intent
 * reports the news (docs/decisions/015-rules-that-teach.md).
 */
// WITHOUT ROWID (migrations/0024_rows_written.sql): a first is one row written, not two.
export const serverFirsts = sqliteTable('server_firsts', {
  catalogId: text('catalog_id').primaryKey(),
  uid: text('uid').notNull(),
  username: text('username').notNull(),
  createdAt: integer('created_at').notNull(),
});

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

/**
 * Verifiable rolls (docs/design.md section 8.8, docs/decisions/013-verifiable-rolls.md): each player's seeds
 * in use. The server seed is secret until rotated; the nonce the next roll uses is the player's `rollNonce`. Created
 * with the player (worker/features/fairness), and written only by intents, behind the player's claim, so two rolls
 * never share a nonce and a rotation never overlaps a roll.
 */
export const fairSeeds = sqliteTable('fair_seeds', {
  uid: text('uid')
    .primaryKey()
    .references(() => players.uid, { onDelete: 'cascade' }),
  serverSeed: text('server_seed').notNull(),
  clientSeed: text('client_seed').notNull(),
});

/** Server seeds revealed by a rotation, by their hash, kept ROLLS_KEPT_DAYS after the reveal. */
export const revealedSeeds = sqliteTable(
  'revealed_seeds',
  {
    hash: text('hash').primaryKey(),
    uid: text('uid')
      .notNull()
      .references(() => players.uid, { onDelete: 'cascade' }),
    seed: text('seed').notNull(),
    revealedAt: integer('revealed_at').notNull(),
  },
  (t) => [index('revealed_seeds_age').on(t.revealedAt)],
);

export const ROLL_KINDS = ['scavenge', 'fight'] as const;

/**
 * Every scavenge and fight until rolls in bytes (migrations/0023): the seeds it drew from (the server seed by its
 * hash) and the outcome with the inputs it depended on. No longer written: read until the daily prune, which
 * drops rows older than ROLLS_KEPT_DAYS, has emptied it. A fight's roll has the fight's id.
 */
export const rolls = sqliteTable(
  'rolls',
  {
    id: text('id').primaryKey(),
    uid: text('uid')
      .notNull()
      .references(() => players.uid, { onDelete: 'cascade' }),
    kind: text('kind', { enum: ROLL_KINDS }).notNull(),
    serverSeedHash: text('server_seed_hash').notNull(),
    clientSeed: text('client_seed').notNull(),
    nonce: integer('nonce').notNull(),
    /** FAIR_RULES_VERSION when rolled. */
    rules: integer('rules').notNull(),
    outcome: text('outcome', { mode: 'json' }).$type<StoredOutcome>().notNull(),
    createdAt: integer('created_at').notNull(),
  },
  // No index on the age alone: the daily prune scans the table once (rows read are a thousandth of rows written).
  (t) => [index('rolls_owner').on(t.uid, t.createdAt)],
);

/**
 * Scavenges' rolls packed before `scavenge_rolls` (migrations/0023): one row per player, UTC day, seeds and block of
 * 64 nonces, an 11-byte entry per scavenge (game/rules/roll-record.ts decodeDayRow). No longer written: read until the
 * daily prune, by day, has emptied it (30 days after migrations/0030). WITHOUT ROWID.
 */
export const rollDays = sqliteTable(
  'roll_days',
  {
    uid: text('uid')
      .notNull()
      .references(() => players.uid, { onDelete: 'cascade' }),
    /** The UTC day (days since 1970-01-01). */
    day: integer('day').notNull(),
    /** SHA-256 of the server seed, 32 bytes. */
    serverSeedHash: bytes('server_seed_hash').notNull(),
    clientSeed: text('client_seed').notNull(),
    /** floor(nonce / 64) of every entry. */
    block: integer('block').notNull(),
    packed: bytes('packed').notNull(),
  },
  (t) => [primaryKey({ columns: [t.uid, t.day, t.serverSeedHash, t.clientSeed, t.block] })],
);

/**
 * Every scavenge's roll, packed (game/rules/roll-record.ts): an 8-byte entry in a row of up to 4,000 bytes, which holds
 * consecutive scavenges of one player drawn from one pair of seeds under one rules version, over at most a week. The
 * scavenge's batch rewrites the player's newest row with its entry added, or starts the next row. A rowid table with
 * no other index (migrations/0030): a scavenge writes one row for its roll, and a row this long stays inline (a
 * WITHOUT ROWID row would spill past about 1,000 bytes). Kept until the row's newest day is ROLLS_KEPT_DAYS old.
 */
export const scavengeRolls = sqliteTable('scavenge_rolls', {
  /** The player's number (`players.num`) × ROW_IDS + the row's place among theirs, counting up (roll-record.ts rollRowId). */
  id: integer('id').primaryKey(),
  /** The first 4 bytes of the server seed's SHA-256: what the roll id shows; the full hash is the seed's own record's. */
  seed: bytes('seed').notNull(),
  clientSeed: text('client_seed').notNull(),
  /** The nonce of the row's first scavenge, where its nonce map starts. */
  first: integer('first').notNull(),
  /** The UTC day of the row's newest scavenge. */
  day: integer('day').notNull(),
  /** FAIR_RULES_VERSION of every scavenge in the row. */
  rules: integer('rules').notNull(),
  packed: bytes('packed').notNull(),
});

/** Guilds (docs/design.md section 7.2). Names and tags are unique ignoring case. */
export const guilds = sqliteTable(
  'guilds',
  {
    id: text('id').primaryKey(),
    name: text('name').notNull(),
    tag: text('tag').notNull(),
    /** Open guilds take anyone; closed ones take join requests that the leader or an officer answers. */
    open: integer('open', { mode: 'boolean' }).notNull(),
    createdAt: integer('created_at').notNull(),
    /**
     * The guild board's figures as of the Cron's last refresh (every 5 minutes, worker/features/guilds/board.ts): the
     * members' trophy scores (banned members' left out) and how many members. The guild's page and a search sum
     * them live.
     */
    score: integer('score').notNull().default(0),
    members: integer('members').notNull().default(0),
  },
  (t) => [
    uniqueIndex('guilds_name_nocase').on(sql`lower(${t.name})`),
    uniqueIndex('guilds_tag_nocase').on(sql`lower(${t.tag})`),
    // The board in its order (score, then name A–Z, read backwards): its 50 rows are 50 index rows.
    index('guilds_board').on(t.score, sql`${t.name} DESC`),
  ],
);

/** Who is in which guild: the player is the key, so nobody is ever in two guilds. */
export const guildMembers = sqliteTable(
  'guild_members',
  {
    uid: text('uid')
      .primaryKey()
      .references(() => players.uid, { onDelete: 'cascade' }),
    guildId: text('guild_id')
      .notNull()
      .references(() => guilds.id, { onDelete: 'cascade' }),
    role: text('role', { enum: GUILD_ROLES }).notNull(),
    joinedAt: integer('joined_at').notNull(),
  },
  (t) => [index('guild_members_guild').on(t.guildId)],
);

/**
 * The guild Salvage Drive (docs/design.md section 8.6): what each member gave in a week (`week` is the week's
 * start, unix ms), one row per donor, so donations never contend on a shared counter; the guild's total is their
 * sum. `claimedAt` is set once, by the member's claim.
 */
export const driveDonations = sqliteTable(
  'drive_donations',
  {
    week: integer('week').notNull(),
    guildId: text('guild_id')
      .notNull()
      .references(() => guilds.id, { onDelete: 'cascade' }),
    uid: text('uid')
      .notNull()
      .references(() => players.uid, { onDelete: 'cascade' }),
    points: integer('points').notNull(),
    claimedAt: integer('claimed_at'),
  },
  (t) => [primaryKey({ columns: [t.guildId, t.week, t.uid] }), index('drive_donations_top').on(t.guildId, t.week, t.points)],
);

/** Requests to join a closed guild, until the leader or an officer answers them or the player joins a guild. */
export const guildRequests = sqliteTable(
  'guild_requests',
  {
    guildId: text('guild_id')
      .notNull()
      .references(() => guilds.id, { onDelete: 'cascade' }),
    uid: text('uid')
      .notNull()
      .references(() => players.uid, { onDelete: 'cascade' }),
    createdAt: integer('created_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.guildId, t.uid] }), index('guild_requests_uid').on(t.uid)],
);

export const MODERATION_ACTIONS = ['mute', 'unmute', 'delete-message', 'ban', 'unban'] as const;
export type ModerationAction = (typeof MODERATION_ACTIONS)[number];

/** Every moderation action (docs/design.md section 7.5), with who took it. */
export const moderationLog = sqliteTable(
  'moderation_log',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    adminUid: text('admin_uid').notNull(),
    admin: text('admin').notNull(),
    action: text('action', { enum: MODERATION_ACTIONS }).notNull(),
    /** The player acted on, as named then; the message's author for a deletion. */
    target: text('target').notNull(),
    detail: text('detail').notNull(),
    createdAt: integer('created_at').notNull(),
  },
);

/** Server-side session records, so sign-out can revoke a still-valid token. */
export const sessions = sqliteTable(
  'sessions',
  {
    id: text('id').primaryKey(),
    uid: text('uid')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: integer('created_at').notNull(),
    expiresAt: integer('expires_at').notNull(),
    revokedAt: integer('revoked_at'),
  },
  (t) => [index('sessions_uid').on(t.uid)],
);

/** Fixed-window counters for failed logins and reset requests, keyed like `login:ip:1.2.3.4`. */
export const throttles = sqliteTable('throttles', {
  key: text('key').primaryKey(),
  windowStart: integer('window_start').notNull(),
  count: integer('count').notNull(),
});

/** Tokens mailed as links: stored as SHA-256 hashes, single use, until `expiresAt`. */
const mailedTokens = <Name extends string>(name: Name) =>
  sqliteTable(
    name,
    {
      tokenHash: text('token_hash').primaryKey(),
      uid: text('uid')
        .notNull()
        .references(() => users.id, { onDelete: 'cascade' }),
      expiresAt: integer('expires_at').notNull(),
      usedAt: integer('used_at'),
    },
    (t) => [index(`${name}_uid`).on(t.uid)],
  );

/** Password reset links: one hour. */
export const passwordResets = mailedTokens('password_resets');
/** Email verification links: 24 hours. */
export const emailVerifications = mailedTokens('email_verifications');

/**
 * The market's listings (docs/design.md section 8.5). An open listing holds its item (location `market`, still
 * the seller's). Buying closes it and moves the item in one batch, guarded by "still open"; the seller's
 * proceeds wait here until they collect. `listingFee` and the sale fee (price − proceeds) are burned.
 */
export const marketListings = sqliteTable(
  'market_listings',
  {
    id: text('id').primaryKey(),
    sellerUid: text('seller_uid')
      .notNull()
      .references(() => players.uid, { onDelete: 'cascade' }),
    itemId: text('item_id').notNull(),
    catalogId: text('catalog_id').notNull(),
    quality: integer('quality').notNull(),
    /** Who researched the item (its `researched_by`, a uid): buying it adds to a collection, not a score. */
    researchedBy: text('researched_by'),
    /** The catalogue tier's rank (game/rules/rarity.ts), for browsing by tier. */
    tier: integer('tier').notNull(),
    price: integer('price').notNull(),
    listingFee: integer('listing_fee').notNull(),
    status: text('status', { enum: ['open', 'sold', 'cancelled', 'expired'] }).notNull(),
    buyerUid: text('buyer_uid'),
    createdAt: integer('created_at').notNull(),
    expiresAt: integer('expires_at').notNull(),
    closedAt: integer('closed_at'),
    /** What the seller collects for a sale (0 until sold). */
    proceeds: integer('proceeds').notNull().default(0),
    collectedAt: integer('collected_at'),
  },
  (t) => [
    index('market_open').on(t.status, t.catalogId, t.price),
    index('market_open_tier').on(t.status, t.tier, t.price),
    // A seller's listings by status, and by when they closed: the notices' week of sales reads only those.
    index('market_seller_v2').on(t.sellerUid, t.status, t.closedAt),
    index('market_sales').on(t.catalogId, t.closedAt).where(sql`${t.status} = 'sold'`),
    // One item's sales of one quality by time: the medians for that quality (docs/design.md section 9.7).
    index('market_sales_quality').on(t.catalogId, t.quality, t.closedAt).where(sql`${t.status} = 'sold'`),
  ],
);

/**
 * Push subscriptions (docs/design.md section 8.7): one row per browser, keyed by its endpoint, so a browser
 * that a second account turns on moves to that account. Only known push services' endpoints are stored.
 */
export const pushSubscriptions = sqliteTable(
  'push_subscriptions',
  {
    endpoint: text('endpoint').primaryKey(),
    uid: text('uid')
      .notNull()
      .references(() => players.uid, { onDelete: 'cascade' }),
    p256dh: text('p256dh').notNull(),
    auth: text('auth').notNull(),
    createdAt: integer('created_at').notNull(),
  },
  (t) => [index('push_subscriptions_uid').on(t.uid)],
);

/** Mail written in development and tests instead of being sent; shown at /dev/mailbox. */
export const devOutbox = sqliteTable('dev_outbox', {
  id: integer('id').primaryKey({ autoIncrement: true }),
  to: text('to').notNull(),
  subject: text('subject').notNull(),
  body: text('body').notNull(),
  createdAt: integer('created_at').notNull(),
});

/**
 * The write guard of every intent (worker/core/commit.ts, docs/decisions/004-game-intents.md). It never holds
 * a row: its trigger (migrations/0002_write_guard.sql) aborts the batch when `claimed` differs from
 * `expected`, and otherwise drops the row.
 */
export const writeClaims = sqliteTable('write_claims', {
  claimed: integer('claimed').notNull(),
  expected: integer('expected').notNull(),
});
