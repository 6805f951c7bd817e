/**
 * The tables every feature shares: accounts and sessions, the players and their items, log and rank marks, the
 * guilds and their members (the player card shows a guild), the throttles and the write guard. Each feature keeps
 * its own tables in its schema.ts; drizzle.config.ts collects them all, and drizzle-kit turns a change in any into
 * SQL under migrations/ (`npm run db:generate`). Times are unix milliseconds.
 */
import { sql } from 'drizzle-orm';
import { index, integer, primaryKey, real, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';
import { GUILD_ROLES } from '../../../game/constants';
import { ActivityKinds } from '../../../game/wire';

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
     * Gold lost to fights (docs/design.md section 10.1, game/rules/fight-gold.ts): on `defencesLostDay`, held to 2 % of
     * the player's gold a day, and in the player's first 7 days, held to 100 in all. On the player's row, so the fight
     * reads them with the defender's state and the claim holds them under races.
     */
    defencesGoldLost: integer('defences_gold_lost').notNull().default(0),
    firstWeekGoldLost: integer('first_week_gold_lost').notNull().default(0),
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
    /**
     * The player's newest idempotency keys and the answers they got (worker/core/intent-keys.ts): a JSON ring written
     * by the claim of the keyed intent itself, so a repeated request answers the first answer and changes nothing, at
     * no row written more ([ADR 031](../../../docs/decisions/031-idempotency-keys.md)). Null until the first keyed intent.
     */
    intentKeys: text('intent_keys'),
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

/**
 * The write guard of every intent (worker/core/commit.ts, docs/decisions/004-game-intents.md). It never holds
 * a row: its trigger (migrations/0002_write_guard.sql) aborts the batch when `claimed` differs from
 * `expected`, and otherwise drops the row.
 */
export const writeClaims = sqliteTable('write_claims', {
  claimed: integer('claimed').notNull(),
  expected: integer('expected').notNull(),
});
