/**
 * What the API answers: one zod/mini schema per response shape, with its inferred type. The client parses
 * every answer with these (client/lib/api.ts), so a shape the server changes fails loudly instead of
 * rendering `undefined`; the worker's handlers are typed against the same types through the contract
 * (game/api.ts). Requests, which carry the spec's validation messages, are in ./schemas.ts.
 *
 * zod/mini, not zod: every screen, the landing page included, parses answers, and the full zod would cost
 * each of them about 24 KB of gzipped JavaScript (bench/README.md).
 */
import { z } from 'zod/mini';
import { GUILD_ROLES } from './constants';
import { CONTRACT_KINDS } from './rules/contracts';
import { LEAGUE_TIERS, PRIZE_BARS } from './rules/league';
import { NOTICE_KINDS } from './rules/notices';
import { RARITIES } from './rules/rarity';
import { ZONE_IDS } from './rules/zones';

/**
 * An item as every screen shows it: an owned item (inventory, duffel bag, trophy case) or a pending find of the
 * last scavenge alike. Stats are the catalogue's base values, before quality.
 */
export const ItemSchema = z.object({
  /** An owned item's id, or `loot-<slot>` for a pending find. Unique within any list the API answers. */
  id: z.string(),
  /** A pending find's slot (0-5), which Take/Swap names; null for an owned item. */
  slot: z.nullable(z.int()),
  catalogId: z.string(),
  itemName: z.string(),
  rarity: z.enum(RARITIES),
  quality: z.int(),
  attack: z.number(),
  defense: z.number(),
  description: z.string(),
  history: z.string(),
  value: z.number(),
  /** Gold it salvages for (game/rules/salvage.ts): what a delete, a drop or leaving it untaken pays. */
  salvage: z.int(),
  /** Percent at the answer's `serverTime`; `researchMs`/`equippedAt` let the client tick it on. */
  research: z.int(),
  researchMs: z.number(),
  /** When the current equip began; null when not equipped (a find researches only once taken). */
  equippedAt: z.nullable(z.number()),
  /** Percent faster research runs in the current equip, from the owner's complete sets (docs/design.md section 9.6). */
  researchSpeed: z.number(),
  /**
   * Who researched it, by name, once its research is complete (docs/design.md section 9.4): only they score it as
   * a trophy. Null while researching, or when it scores for nobody (crafted from parts others researched).
   */
  researchedBy: z.nullable(z.string()),
});
export type Item = z.infer<typeof ItemSchema>;

/** The profile of docs/spec.md section 3 "User profile (as read)", plus what the screens need to stay exact. */
export const ProfileSchema = z.object({
  uid: z.string(),
  username: z.string(),
  level: z.number(),
  energy: z.number(),
  /** Seconds until the next energy point; null at the maximum ('(max)'). */
  secondsToNextEnergy: z.nullable(z.number()),
  gold: z.number(),
  cash: z.number(),
  /** The Showcase: slots bought and the trophies pinned to the public card (docs/design.md section 8.2). */
  showcase: z.object({ slots: z.number(), itemIds: z.array(z.string()) }),
  ranking: z.number(),
  totalAttack: z.number(),
  totalDefense: z.number(),
  /**
   * The summed attack and defense of the trophies the player researched themselves: a tenth of it adds to their
   * fight power (game/rules/fight-power.ts, docs/design.md section 9.6).
   */
  trophyStats: z.object({ attack: z.number(), defense: z.number() }),
  /** Best first (docs/spec.md section 9 "Sorting"): the server sorts, the client shows the order it gets. */
  inventory: z.array(ItemSchema),
  duffelBag: z.array(ItemSchema),
  duffelBagSize: z.number(),
  /** Gold the next duffel slot costs: 20 × (size + 1). */
  duffelUpgradeCost: z.number(),
  trophyCaseScore: z.number(),
  trophyCaseAvgQuality: z.number(),
  guild: z.string(),
  /** Experience and the level it makes (docs/design.md section 7.4): level = 1 + floor(sqrt(xp / 25)). */
  xp: z.number(),
  /** The server's clock when this was read (unix ms), so the client can tick research and energy exactly. */
  serverTime: z.number(),
});
export type Profile = z.infer<typeof ProfileSchema>;

export const ItemListSchema = z.array(ItemSchema);

/** The pending finds of the last scavenge, in slot order (may be empty). */
export const LootSchema = z.object({ loot: z.array(ItemSchema) });
export type Loot = z.infer<typeof LootSchema>;

export const TrophyEntrySchema = z.object({ item: ItemSchema, addedAt: z.number() });
export type TrophyEntry = z.infer<typeof TrophyEntrySchema>;
export const TrophyCaseSchema = z.array(TrophyEntrySchema);
/**
 * The collection's sets (docs/design.md section 9.6), commonest tier first: each tier's catalogue items, complete
 * when the case holds each at least once (any quality, researched by anyone).
 */
export const TrophySetsSchema = z.object({ sets: z.array(z.object({ tier: z.enum(RARITIES), owned: z.number(), total: z.number(), complete: z.boolean() })) });
export type TrophySets = z.infer<typeof TrophySetsSchema>;

export const LeaderboardRowSchema = z.object({
  rank: z.number(),
  username: z.string(),
  level: z.number(),
  trophyCaseScore: z.number(),
  totalPower: z.number(),
  trophies: z.number(),
});
export type LeaderboardRow = z.infer<typeof LeaderboardRowSchema>;
export const LeaderboardSchema = z.object({
  top: z.array(LeaderboardRowSchema),
  me: LeaderboardRowSchema,
  /** Another player shares the caller's rank, wherever they are listed (the board shows '=N'). */
  meTied: z.boolean(),
});
export type Leaderboard = z.infer<typeof LeaderboardSchema>;

/**
 * The season's board (docs/design.md section 8.4): players by points earned this UTC month, ties sharing the
 * better rank. The reader's rank is counted up to SEASON_RANK_COUNTED; further down it is null ("below").
 */
export const SeasonRowSchema = z.object({ rank: z.number(), username: z.string(), level: z.number(), points: z.number(), trophies: z.number() });
export type SeasonRow = z.infer<typeof SeasonRowSchema>;
export const SeasonBoardSchema = z.object({
  board: z.literal('season'),
  /** `2026-11`. */
  season: z.string(),
  endsAt: z.number(),
  top: z.array(SeasonRowSchema),
  me: z.object({ rank: z.nullable(z.number()), username: z.string(), level: z.number(), points: z.number(), trophies: z.number() }),
});
export type SeasonBoard = z.infer<typeof SeasonBoardSchema>;
/** `GET /api/leaderboard?board=season|alltime`: all-time (the spec's board) when `board` is left out. */
export const BoardSchema = z.union([LeaderboardSchema, SeasonBoardSchema]);

/**
 * The reader's weekly league (docs/design.md section 9.5): its members by the week's points, ties sharing the
 * better rank, banned players left out. Before the reader's first score of the week `members` is empty and `me`
 * null; `tier` is then the one they will join. `members` are the table the reader's league will settle in if the
 * week ended now (docs/design.md section 9.5: a short league is ranked with another); `promote` and `demote`
 * are how many places of it move up and down (game/rules/league.ts leagueZones); `table` says which tiers and
 * leagues it holds, how many in it scored this week, and what ranks 1 to 3 would win.
 */
export const LeagueSchema = z.object({
  /** The week's Monday, `2026-11-23`. */
  week: z.string(),
  endsAt: z.number(),
  tier: z.enum(LEAGUE_TIERS),
  members: z.array(z.object({ username: z.string(), points: z.number(), rank: z.number() })),
  /** `noPrize`: why the reader would win no prize if the week ended now (game/rules/league.ts prizeBar), or null. */
  me: z.nullable(z.object({ rank: z.number(), points: z.number(), noPrize: z.nullable(z.enum(PRIZE_BARS)) })),
  promote: z.number(),
  demote: z.number(),
  table: z.object({
    /** The tier whose prizes the table pays. */
    tier: z.enum(LEAGUE_TIERS),
    /** Every tier with players in it, highest first. */
    tiers: z.array(z.enum(LEAGUE_TIERS)),
    leagues: z.number(),
    scored: z.number(),
    /** Cash for ranks 1, 2 and 3 if the week ended now. */
    prizes: z.array(z.number()),
  }),
});
export type League = z.infer<typeof LeagueSchema>;

/**
 * Another player's public card: what the leaderboard, the arena and guild pages already show of them, in one
 * place. Never their email, gold (a winning attacker takes a share of it, so it would be a list of whom to
 * rob), energy or items.
 */
export const PlayerCardSchema = z.object({
  username: z.string(),
  level: z.number(),
  /** Their leaderboard rank: 1 + the players ahead, as the leaderboard counts it. */
  rank: z.number(),
  trophyCaseScore: z.number(),
  trophies: z.number(),
  totalAttack: z.number(),
  totalDefense: z.number(),
  totalPower: z.number(),
  rating: z.number(),
  wins: z.number(),
  losses: z.number(),
  guild: z.nullable(z.object({ id: z.string(), name: z.string(), tag: z.string() })),
  /** Trophies the player pinned with the Showcase (docs/design.md section 8.2), in their order. */
  showcase: z.array(z.object({ catalogId: z.string(), name: z.string(), rarity: z.enum(RARITIES), quality: z.number() })),
  /** Season medals (docs/design.md section 8.4), newest first: the Limited catalogue item and its name, the season, the rank. */
  medals: z.array(z.object({ season: z.string(), catalogId: z.string(), name: z.string(), rank: z.number() })),
  /** The week's ribbon of each weekly league won in the first three (docs/design.md section 9.5), newest first. */
  ribbons: z.array(z.object({ week: z.string(), tier: z.enum(LEAGUE_TIERS), rank: z.number() })),
});
export type PlayerCard = z.infer<typeof PlayerCardSchema>;

export const ActivityKinds = ['scavenge', 'take', 'swap', 'trophy', 'delete', 'upgrade', 'fight', 'craft', 'guild', 'fairness', 'contract', 'cash', 'season', 'notifications', 'market', 'league'] as const;
export type ActivityKind = (typeof ActivityKinds)[number];
/** `rollId`: the stored roll behind the entry (a scavenge), which the log links to for checking. */
export const ActivitySchema = z.object({ id: z.number(), kind: z.enum(ActivityKinds), text: z.string(), rollId: z.nullable(z.string()), createdAt: z.number() });
export type Activity = z.infer<typeof ActivitySchema>;
export const ActivityLogSchema = z.array(ActivitySchema);

/** Every intent answers the fresh profile and the pending finds, so the client refreshes in the same round trip. */
export const IntentResultSchema = z.object({ profile: ProfileSchema, loot: z.array(ItemSchema) });
export type IntentResult = z.infer<typeof IntentResultSchema>;

/** What an intent salvaged (docs/design.md section 9.1): `{count: 0, gold: 0}` when nothing was. */
export const SalvagedSchema = z.object({ count: z.int(), gold: z.int() });
export type Salvaged = z.infer<typeof SalvagedSchema>;
/** A scavenge, a Take/Swap and a delete always say what they salvaged. */
export const SalvageResultSchema = z.object({ profile: ProfileSchema, loot: z.array(ItemSchema), salvaged: SalvagedSchema });
export type SalvageResult = z.infer<typeof SalvageResultSchema>;

/** The gold shop (docs/design.md section 9.3): the next energy refill's price and how many were bought today. */
export const ShopSchema = z.object({ refill: z.object({ price: z.int(), boughtToday: z.int() }) });
export type Shop = z.infer<typeof ShopSchema>;

// Daily contracts (docs/design.md section 8.2).

export const ContractSchema = z.object({
  slot: z.number(),
  kind: z.enum(CONTRACT_KINDS),
  target: z.number(),
  progress: z.number(),
  reward: z.object({ cash: z.number(), gold: z.number() }),
  claimedAt: z.nullable(z.number()),
});
export type Contract = z.infer<typeof ContractSchema>;
/** `day`: the UTC day the contracts are for (YYYY-MM-DD); `streak`: days in a row with all three claimed. */
export const ContractsSchema = z.object({
  day: z.string(),
  resetsAt: z.number(),
  streak: z.number(),
  contracts: z.array(ContractSchema),
  bonusClaimedAt: z.nullable(z.number()),
});
export type Contracts = z.infer<typeof ContractsSchema>;

// The arena (docs/design.md section 7.1).

export const FightSides = ['attacker', 'defender'] as const;

/** One strike: who struck, how hard, and both fighters' HP after it. */
export const FightRoundSchema = z.object({
  by: z.enum(FightSides),
  damage: z.number(),
  attackerHp: z.number(),
  defenderHp: z.number(),
});
export type FightRound = z.infer<typeof FightRoundSchema>;

/**
 * A fight as its participants see it. `winner` is a username; `ratingChange` is the attacker's (the defender's
 * is its negative); `xp` is what the fight gave the reader.
 */
export const FightSchema = z.object({
  id: z.string(),
  attacker: z.string(),
  defender: z.string(),
  winner: z.string(),
  rounds: z.array(FightRoundSchema),
  /** What the winner gained: what the defender lost plus `goldMinted` (docs/design.md section 10.1). */
  goldTaken: z.number(),
  /** The part of `goldTaken` the game minted; the rest the defender lost. A spar's gold is all minted. */
  goldMinted: z.number(),
  ratingChange: z.number(),
  xp: z.number(),
  /** The two had already fought that UTC day, either way round: this fight moved no gold and no XP (section 9.10). */
  rematch: z.boolean(),
  createdAt: z.number(),
});
export type Fight = z.infer<typeof FightSchema>;
export const FightListSchema = z.array(FightSchema);

// Verifiable rolls (docs/design.md section 8.8).

/** The seeds the next roll uses: the server seed only by its SHA-256. */
export const FairnessSchema = z.object({ serverSeedHash: z.string(), clientSeed: z.string(), nonce: z.number() });
export type Fairness = z.infer<typeof FairnessSchema>;

/** A rotation: the seed in use until now, revealed, and the hash of the one that follows. */
export const RotationSchema = z.object({ revealedServerSeed: z.string(), revealedHash: z.string(), nextServerSeedHash: z.string() });
export type Rotation = z.infer<typeof RotationSchema>;

const FighterSchema = z.object({ attack: z.number(), defense: z.number() });
/** What a roll came out as, with the inputs it depended on besides the seeds (game/rules/fair.ts StoredOutcome). */
export const StoredOutcomeSchema = z.discriminatedUnion('kind', [
  // `zone` is absent from rolls stored before zones existed (the Streets).
  z.object({ kind: z.literal('scavenge'), finds: z.array(z.object({ catalogId: z.string(), quality: z.number() })), zone: z.optional(z.enum(ZONE_IDS)) }),
  z.object({
    kind: z.literal('fight'),
    attacker: FighterSchema,
    defender: FighterSchema,
    result: z.object({ winner: z.enum(FightSides), rounds: z.array(FightRoundSchema) }),
  }),
]);

/**
 * A stored roll; `revealedServerSeed` is null until the player rotates the seed it was drawn from. `day` is the
 * start of its UTC day; `createdAt` its moment, null for a packed scavenge, which keeps only its day
 * (docs/decisions/013-verifiable-rolls.md, "Rolls in bytes").
 */
export const FairRollSchema = z.object({
  id: z.string(),
  serverSeedHash: z.string(),
  clientSeed: z.string(),
  nonce: z.number(),
  rules: z.number(),
  outcome: StoredOutcomeSchema,
  day: z.number(),
  createdAt: z.nullable(z.number()),
  revealedServerSeed: z.nullable(z.string()),
});
export type FairRoll = z.infer<typeof FairRollSchema>;
/** The newest stored rolls, and how many days a roll is kept. */
export const FairRollsSchema = z.object({ rolls: z.array(FairRollSchema), keptDays: z.number() });
export type FairRolls = z.infer<typeof FairRollsSchema>;

/** Someone the caller could fight, or a row of the rating ladder. */
export const OpponentSchema = z.object({
  username: z.string(),
  level: z.number(),
  rating: z.number(),
  totalAttack: z.number(),
  totalDefense: z.number(),
  /** The guild's tag, shown as [TAG]; null outside a guild. */
  guildTag: z.nullable(z.string()),
  /** Until when (unix ms) the player cannot be fought after a lost fight; 0 when they can. */
  recoveringUntil: z.number(),
  /** Until when (unix ms) the player is protected as a new player (docs/design.md section 9.10); 0 when not. */
  protectedUntil: z.number(),
  /** The caller and this player fought today, either way round: a fight now moves no gold and no XP (section 9.10). */
  foughtToday: z.boolean(),
});
export type Opponent = z.infer<typeof OpponentSchema>;

export const ArenaSchema = z.object({
  /** `protectedUntil` as an opponent's: the caller's own new-player protection, which their first attack ends. */
  me: z.object({ rating: z.number(), wins: z.number(), losses: z.number(), recoveringUntil: z.number(), protectedUntil: z.number() }),
  /**
   * Up to 10 players the caller may fight (never the caller, nor a protected newcomer): those within 3 levels first,
   * each group nearest in rating first. A search answers the names that match, protected ones too, alphabetically.
   */
  opponents: z.array(OpponentSchema),
  /** The best-rated players, best first. */
  ladder: z.array(OpponentSchema),
  serverTime: z.number(),
});
export type Arena = z.infer<typeof ArenaSchema>;

export const FightResultSchema = z.object({ fight: FightSchema, profile: ProfileSchema });

/**
 * Sparring (docs/design.md section 10.2): what a spar costs, the dummy the caller would face now (its attack and
 * defense follow the caller's fight power; `power` is their sum), and what a win pays now.
 */
export const SparringSchema = z.object({
  energy: z.number(),
  dummy: z.object({ attack: z.number(), defense: z.number(), power: z.number() }),
  pays: z.object({ xp: z.number(), gold: z.number() }),
});
export type Sparring = z.infer<typeof SparringSchema>;
export type FightResult = z.infer<typeof FightResultSchema>;

/** What the client learns about the signed-in account; never another player's data. */
export const SessionUserSchema = z.object({
  uid: z.string(),
  email: z.string(),
  /** Whether the player proved the address (the link mailed at signup); the profile offers to resend it. */
  emailVerified: z.boolean(),
  username: z.string(),
  isAdmin: z.boolean(),
});
export type SessionUser = z.infer<typeof SessionUserSchema>;
export const SessionInfoSchema = z.object({ user: z.nullable(SessionUserSchema), googleEnabled: z.boolean() });
export type SessionInfo = z.infer<typeof SessionInfoSchema>;

export const AccountSchema = z.object({ uid: z.string() });
export const UsernameExistsSchema = z.object({ exists: z.boolean() });
export const MessageBodySchema = z.object({ message: z.string() });
export type MessageBody = z.infer<typeof MessageBodySchema>;
export const OkSchema = z.object({ ok: z.literal(true) });
/** A 204: no body at all. */
export const NoContentSchema = z.undefined();

/** A catalogue entry (GET /api/catalogue): base stats, before quality. */
export const CatalogueEntrySchema = z.object({
  id: z.string(),
  name: z.string(),
  rarity: z.enum(RARITIES),
  attack: z.number(),
  defense: z.number(),
  value: z.number(),
  description: z.string(),
  history: z.string(),
});
export const CatalogueSchema = z.array(CatalogueEntrySchema);

/** A recipe (GET /api/recipes, docs/design.md section 7.3): what it makes, from what, for how much gold. */
export const RecipeInputSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('item'), count: z.number(), item: CatalogueEntrySchema }),
  z.object({ kind: z.literal('tier'), count: z.number(), rarity: z.enum(RARITIES) }),
]);
export type RecipeInput = z.infer<typeof RecipeInputSchema>;
export const RecipeSchema = z.object({ id: z.string(), result: CatalogueEntrySchema, gold: z.number(), inputs: z.array(RecipeInputSchema) });
export type Recipe = z.infer<typeof RecipeSchema>;
export const RecipeListSchema = z.array(RecipeSchema);

/** The one error shape (docs/design.md section 5). */
export const ErrorBodySchema = z.object({ error: z.object({ code: z.string(), message: z.string() }) });

// Guilds (docs/design.md section 7.2).
/** A guild in a list: its score is the sum of its members' trophy case scores. */
export const GuildSummarySchema = z.object({ id: z.string(), name: z.string(), tag: z.string(), members: z.number(), score: z.number(), open: z.boolean() });
export type GuildSummary = z.infer<typeof GuildSummarySchema>;
export const GuildListSchema = z.array(GuildSummarySchema);

export const GuildMemberSchema = z.object({
  username: z.string(),
  role: z.enum(GUILD_ROLES),
  level: z.number(),
  trophyCaseScore: z.number(),
  /** In the guild's chat room now. */
  online: z.boolean(),
});
export type GuildMember = z.infer<typeof GuildMemberSchema>;

/** A guild's page: members by rank, the caller's place, and (for the leader and officers) the requests to join. */
export const GuildPageSchema = z.object({
  guild: GuildSummarySchema,
  /** Points the members earned for the guild this season while members (the guild's season ledger). */
  seasonScore: z.number(),
  members: z.array(GuildMemberSchema),
  /** The caller's role here, or null when not a member. */
  myRole: z.nullable(z.enum(GUILD_ROLES)),
  /** Whether the caller asked to join and waits for an answer. */
  requested: z.boolean(),
  /** Usernames asking to join; shown to the leader and officers only, empty for everyone else. */
  requests: z.array(z.string()),
});
export type GuildPage = z.infer<typeof GuildPageSchema>;

// Moderation (docs/design.md section 7.5).
export const ModerationEntrySchema = z.object({ id: z.number(), admin: z.string(), action: z.string(), target: z.string(), detail: z.string(), createdAt: z.number() });
export type ModerationEntry = z.infer<typeof ModerationEntrySchema>;
export const ModerationSchema = z.object({
  log: z.array(ModerationEntrySchema),
  muted: z.array(z.object({ username: z.string(), until: z.number() })),
  banned: z.array(z.object({ username: z.string(), since: z.number() })),
});
export type Moderation = z.infer<typeof ModerationSchema>;

// Notifications (docs/design.md section 8.7).

/**
 * The settings screen: each kind and whether it is on, how many devices receive pushes, and the server's
 * VAPID public key for `pushManager.subscribe` (null when the operator has not set one: push is off).
 */
export const PushSettingsSchema = z.object({
  kinds: z.array(z.object({ kind: z.enum(NOTICE_KINDS), on: z.boolean() })),
  devices: z.number(),
  /** Whether the endpoint the client named (`?endpoint=`) is one of them: this browser's own state. */
  thisDevice: z.boolean(),
  publicKey: z.nullable(z.string()),
});
export type PushSettings = z.infer<typeof PushSettingsSchema>;

/** What happened while the player was away: being attacked, research finishing, a listing sold. */
export const NoticeSchema = z.object({ kind: z.enum(['attacked', 'research', 'sold']), text: z.string(), url: z.string(), at: z.number() });
export type Notice = z.infer<typeof NoticeSchema>;
/** The newest notices first; `unseen` is the badge: how many came after the player last opened them. */
export const NoticesSchema = z.object({ notices: z.array(NoticeSchema), unseen: z.number() });
export type Notices = z.infer<typeof NoticesSchema>;

// The guild Salvage Drive (docs/design.md section 8.6).
export const DriveSchema = z.object({
  /** The week's start (Monday 00:00 UTC) and end, unix ms. */
  week: z.number(),
  endsAt: z.number(),
  /** 1,000 points for each member who can claim (at least one); `members` counts every member. */
  target: z.number(),
  points: z.number(),
  members: z.number(),
  /** The most points first. */
  donors: z.array(z.object({ username: z.string(), points: z.number() })),
  /**
   * The reader's part, for a member: what they gave, whether they claimed here, whether they joined before the week,
   * whether they claimed in another guild this week, and whether they can claim this week at all (from before the
   * week or in the guild's founding week, and no claim this week in any guild).
   */
  mine: z.nullable(z.object({ points: z.number(), claimed: z.boolean(), memberBeforeWeek: z.boolean(), claimedElsewhere: z.boolean(), canClaim: z.boolean() })),
});
export type Drive = z.infer<typeof DriveSchema>;

// The market (docs/design.md section 8.5).

export const ListingStatuses = ['open', 'sold', 'cancelled', 'expired'] as const;
export const ListingSchema = z.object({
  id: z.string(),
  itemId: z.string(),
  item: ItemSchema,
  price: z.number(),
  status: z.enum(ListingStatuses),
  createdAt: z.number(),
  expiresAt: z.number(),
});
export type Listing = z.infer<typeof ListingSchema>;
/** A market page: the cheapest open listings, and for one item (of one quality, when asked) the median sale prices over 1, 7 and 30 days. */
export const MarketSchema = z.object({
  listings: z.array(z.extend(ListingSchema, { seller: z.string() })),
  medians: z.nullable(z.object({ day: z.nullable(z.number()), week: z.nullable(z.number()), month: z.nullable(z.number()) })),
});
export type Market = z.infer<typeof MarketSchema>;
/** The catalogue items the player has seen (owned, in their trophy case or listed now): the market's item filter. */
export const MarketSeenSchema = z.object({ catalogIds: z.array(z.string()) });
export type MarketSeen = z.infer<typeof MarketSeenSchema>;
export const MyListingsSchema = z.object({
  listings: z.array(z.extend(ListingSchema, { proceeds: z.number(), collectedAt: z.nullable(z.number()) })),
  /** Gold from sales not collected yet. */
  uncollected: z.number(),
});
export type MyListings = z.infer<typeof MyListingsSchema>;
export const NewListingResultSchema = z.object({ listing: ListingSchema, profile: ProfileSchema });
export type NewListingResult = z.infer<typeof NewListingResultSchema>;
