/**
 * A player's game state as stored, the D1 statements that read it, and its translation into what the API
 * answers. Row types are the drizzle schema's own (worker/core/db/schema.ts). Every derived number (energy now,
 * research now, totals) is computed here from stored values; the rank, which counts over every player, is
 * read by ./ranking.ts.
 */
import { and, eq, getTableColumns, inArray, isNotNull, notExists, sql } from 'drizzle-orm';
import {
  averageQuality,
  catalogueById,
  type CatalogueItem,
  currentEnergy,
  displayStat,
  duffelUpgradeCost,
  fightStats,
  researchBonusPercent,
  researchPercent,
  researchRecord,
  salvageGold,
  sortItems,
  statsOf,
  type Stats,
  trophyScore,
} from '../../game/rules';
import type { IntentResult, Item, Profile } from '../../game/wire';
import type { Database } from './db/client';
import { items, players, users, type ItemLocation } from './db/schema';

export type PlayerRow = typeof players.$inferSelect;
/** A stored item, with the name of the player who researched it when that is not its owner (`ownedItemColumns`). */
export type ItemRow = typeof items.$inferSelect & { researcherName?: string | null };
/** A pending find: the loot slot (0–5) it sits in, what it is and its quality. */
export interface LootRow {
  slot: number;
  catalogId: string;
  quality: number;
}

export interface GameState {
  player: PlayerRow;
  items: ItemRow[];
  loot: LootRow[];
}

/** The account of the outer query's player, if banned: a correlated subquery for statements on `players`. */
export function bannedAccount(db: Database) {
  return db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.id, players.uid), isNotNull(users.bannedAt)));
}

/**
 * An item's columns, and the name of who researched it only when that is someone other than its owner: a bought
 * item costs one row read more, one's own none (the CASE never runs the lookup for them).
 */
const ownedItemColumns = {
  ...getTableColumns(items),
  researcherName: sql<string | null>`CASE WHEN ${items.researchedBy} IS NULL OR ${items.researchedBy} = ${items.uid} THEN NULL ELSE (SELECT ${players.username} FROM ${players} WHERE ${players.uid} = ${items.researchedBy}) END`,
};

/** The finds as the player's row stores them (`players.finds`): `[slot, catalogId, quality]` triples, by slot. */
export function encodeFinds(finds: readonly LootRow[]): string {
  return JSON.stringify([...finds].sort((a, b) => a.slot - b.slot).map((find) => [find.slot, find.catalogId, find.quality]));
}

/** The stored finds; the column is written only by encodeFinds, so its shape is known. */
export function decodeFinds(stored: string): LootRow[] {
  return (JSON.parse(stored) as [number, string, number][]).map(([slot, catalogId, quality]) => ({ slot, catalogId, quality }));
}

/**
 * The statements that read these players' states: two, however many players, in the order `parseStates`
 * expects (the finds ride on the player's row). A banned player has no state: nobody's intent reaches them (a fight answers 'Player not found.').
 */
export function statesRead(db: Database, uids: readonly string[]) {
  return [
    db.select().from(players).where(and(inArray(players.uid, uids), notExists(bannedAccount(db)))),
    // Ordered here (parseStates), not in SQL: a sort makes D1 count every item twice.
    db.select(ownedItemColumns).from(items).where(inArray(items.uid, uids)),
  ] as const;
}

/** Each player's state, in the order of `uids`; null if any of them does not exist. */
export function parseStates(uids: readonly string[], [playerRows, itemRows]: readonly [PlayerRow[], ItemRow[]]): GameState[] | null {
  const states: GameState[] = [];
  for (const uid of uids) {
    const player = playerRows.find((row) => row.uid === uid);
    if (!player) return null;
    const owned = itemRows.filter((row) => row.uid === uid).sort((a, b) => a.createdAt - b.createdAt || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
    states.push({ player, items: owned, loot: decodeFinds(player.finds) });
  }
  return states;
}

export function catalogueEntry(catalogId: string): CatalogueItem {
  const entry = catalogueById(catalogId);
  // Catalogue ids are never removed (game/rules/catalogue.ts); a miss is a bug, not bad input.
  if (!entry) throw new Error(`unknown catalogue id ${catalogId}`);
  return entry;
}

function catalogueFields(catalogId: string, quality: number) {
  const entry = catalogueEntry(catalogId);
  return {
    catalogId,
    itemName: entry.name,
    rarity: entry.rarity,
    quality,
    attack: entry.attack,
    defense: entry.defense,
    description: entry.description,
    history: entry.history,
    value: entry.value,
    salvage: salvageGold({ catalogId, rarity: entry.rarity, quality }),
  };
}

export function research(row: Pick<ItemRow, 'catalogId' | 'researchMs' | 'equippedAt' | 'researchSpeed'>, now: number): number {
  return researchPercent(catalogueEntry(row.catalogId).rarity, row, now);
}

/**
 * Who researched an item, by name, once its research is complete (docs/design.md section 9.4): `owner` is the
 * player who owns it now; null while it is researching or when it scores for nobody.
 */
export function researcherOf(row: ItemRow, owner: Pick<PlayerRow, 'uid' | 'username'>, now: number): string | null {
  const record = researchRecord(catalogueEntry(row.catalogId).rarity, row, now);
  if (record?.by == null) return null;
  return record.by === owner.uid ? owner.username : (row.researcherName ?? null);
}

/** An owned item as the API answers it; `researchedBy` is researcherOf's name. */
export function toItem(row: ItemRow, now: number, researchedBy: string | null): Item {
  return {
    id: row.id,
    slot: null,
    ...catalogueFields(row.catalogId, row.quality),
    research: research(row, now),
    researchMs: row.researchMs,
    equippedAt: row.equippedAt,
    researchSpeed: row.researchSpeed,
    researchedBy,
  };
}

/** A pending find as the API answers it: an item nobody has researched yet, addressed by its slot. */
export function findToItem(row: LootRow): Item {
  return { id: `loot-${row.slot}`, slot: row.slot, ...catalogueFields(row.catalogId, row.quality), research: 0, researchMs: 0, equippedAt: null, researchSpeed: 0, researchedBy: null };
}

/**
 * How much faster research runs for an item the player equips now: their complete sets (docs/design.md section
 * 9.6). Every equip passes it to equipResearch, which requires it.
 */
export function researchSpeedOf(state: GameState): number {
  return researchBonusPercent(state.items.filter((row) => row.location === 'trophy').map((row) => row.catalogId));
}

/** Items at a location, best first (docs/spec.md section 9 "Sorting"): the one place lists are sorted. */
export function itemsAt(state: GameState, location: ItemLocation, now: number): Item[] {
  return sortItems(state.items.filter((row) => row.location === location).map((row) => toItem(row, now, researcherOf(row, state.player, now))));
}

/**
 * Totals of the equipped items and the trophy case, as stored on the player for ranking. The case's score counts
 * only trophies their owner researched (docs/design.md section 9.4); its average quality is the whole case's.
 */
export function derivedTotals(owned: readonly ItemRow[]) {
  let totalAttack = 0;
  let totalDefense = 0;
  const trophies: { rarity: CatalogueItem['rarity']; quality: number }[] = [];
  const scoring: typeof trophies = [];
  for (const row of owned) {
    const entry = catalogueEntry(row.catalogId);
    if (row.location === 'inventory') {
      totalAttack += Number(displayStat(entry.attack, row.quality));
      totalDefense += Number(displayStat(entry.defense, row.quality));
    } else if (row.location === 'trophy') {
      trophies.push({ rarity: entry.rarity, quality: row.quality });
      if (row.researchedBy === row.uid) scoring.push({ rarity: entry.rarity, quality: row.quality });
    }
  }
  return { totalAttack, totalDefense, trophyCaseScore: trophyScore(scoring), trophyCaseAvgQuality: averageQuality(trophies), trophies: trophies.length };
}

/** The summed stats of the trophies the player researched themselves (docs/design.md section 9.6). */
function trophyStatsOf(state: GameState): Stats {
  const own = state.items.filter((row) => row.location === 'trophy' && row.researchedBy === row.uid);
  return own.reduce((sum, row) => {
    const stats = statsOf({ ...catalogueEntry(row.catalogId), quality: row.quality });
    return { attack: sum.attack + stats.attack, defense: sum.defense + stats.defense };
  }, { attack: 0, defense: 0 });
}

/** What a fight counts for the player: the equipped totals and a tenth of their own trophies' (game/rules/fight-power.ts). */
export function fighterStats(state: GameState): Stats {
  return fightStats({ attack: state.player.totalAttack, defense: state.player.totalDefense }, [trophyStatsOf(state)]);
}

/** The Showcase's pinned ids as stored (a JSON array written only by the showcase intent). */
function pinnedIds(stored: string): string[] {
  const parsed: unknown = JSON.parse(stored);
  return Array.isArray(parsed) ? parsed.filter((id): id is string => typeof id === 'string') : [];
}

export function toProfile(state: GameState, ranking: number, now: number): Profile {
  const { player } = state;
  const energy = currentEnergy(player.energy, player.energyAt, now);
  return {
    uid: player.uid,
    username: player.username,
    level: player.level,
    energy: energy.energy,
    secondsToNextEnergy: energy.secondsToNext,
    gold: player.gold,
    cash: player.cash,
    showcase: { slots: player.showcaseSlots, itemIds: pinnedIds(player.showcase) },
    ranking,
    totalAttack: player.totalAttack,
    totalDefense: player.totalDefense,
    trophyStats: trophyStatsOf(state),
    inventory: itemsAt(state, 'inventory', now),
    duffelBag: itemsAt(state, 'duffel', now),
    duffelBagSize: player.duffelBagSize,
    duffelUpgradeCost: duffelUpgradeCost(player.duffelBagSize),
    trophyCaseScore: player.trophyCaseScore,
    trophyCaseAvgQuality: player.trophyCaseAvgQuality,
    guild: player.guild,
    xp: player.xp,
    serverTime: now,
  };
}

/** What an intent of the caller answers: the fresh profile and the finds still waiting. */
export function toIntentResult({ after, ranking, now }: { after: GameState; ranking: number; now: number }): IntentResult {
  return { profile: toProfile(after, ranking, now), loot: after.loot.map(findToItem) };
}

