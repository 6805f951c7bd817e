/**
 * A player's game state as stored, the D1 statements that read it, and its translation into what the API
 * answers. Every derived number (energy now, research now, totals) is computed here from stored values; the
 * rank, which counts over every player, is read by worker/game/ranking.ts.
 */
import { DUFFEL_SLOT_PRICE } from '../../game/constants';
import {
  averageQuality,
  catalogueById,
  type CatalogueItem,
  currentEnergy,
  displayStat,
  researchPercent,
  sortItems,
  trophyScore,
} from '../../game/rules';
import type { Item, Loot, Profile } from '../../game/schemas';
import type { ItemLocation } from '../db/schema';

export interface PlayerRow {
  uid: string;
  username: string;
  level: number;
  gold: number;
  energy: number;
  energyAt: number;
  cash: number;
  duffelBagSize: number;
  trophyCaseScore: number;
  trophyCaseAvgQuality: number;
  totalAttack: number;
  totalDefense: number;
  guild: string;
  writeToken: string;
}

export interface ItemRow {
  id: string;
  catalogId: string;
  quality: number;
  location: ItemLocation;
  researchMs: number;
  equippedAt: number | null;
  trophyAt: number | null;
}

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

const PLAYER_COLUMNS = `uid, username, level, gold, energy, energy_at AS energyAt, cash, duffel_bag_size AS duffelBagSize,
  trophy_case_score AS trophyCaseScore, trophy_case_avg_quality AS trophyCaseAvgQuality, total_attack AS totalAttack,
  total_defense AS totalDefense, guild, write_token AS writeToken`;

/** The read statements of a player's state, in the order `parseState` expects. */
export function stateReads(d1: D1Database, uid: string): D1PreparedStatement[] {
  return [
    d1.prepare(`SELECT ${PLAYER_COLUMNS} FROM players WHERE uid = ?`).bind(uid),
    d1
      .prepare(
        `SELECT id, catalog_id AS catalogId, quality, location, research_ms AS researchMs, equipped_at AS equippedAt,
          trophy_at AS trophyAt FROM items WHERE uid = ? ORDER BY created_at, id`,
      )
      .bind(uid),
    d1.prepare('SELECT slot, catalog_id AS catalogId, quality FROM loot WHERE uid = ? ORDER BY slot').bind(uid),
  ];
}

/** Null when the player does not exist. */
export function parseState([player, items, loot]: D1Result[]): GameState | null {
  const row = player?.results[0] as PlayerRow | undefined;
  if (!row) return null;
  return {
    player: row,
    items: (items?.results ?? []) as unknown as ItemRow[],
    loot: (loot?.results ?? []) as unknown as LootRow[],
  };
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
  };
}

export function research(row: ItemRow, now: number): number {
  return researchPercent(catalogueEntry(row.catalogId).rarity, row, now);
}

export function toItem(row: ItemRow, now: number): Item {
  return {
    id: row.id,
    ...catalogueFields(row.catalogId, row.quality),
    research: research(row, now),
    researchMs: row.researchMs,
    equippedAt: row.equippedAt,
  };
}

export function toLoot(row: LootRow): Loot {
  return { slot: row.slot, ...catalogueFields(row.catalogId, row.quality), research: 0 };
}

/** Items at a location, best first (spec section 9 "Sorting"). */
export function itemsAt(state: GameState, location: ItemLocation, now: number): Item[] {
  const items = state.items.filter((row) => row.location === location).map((row) => toItem(row, now));
  return sortItems(items.map((item) => ({ ...item, name: item.itemName }))).map(({ name: _name, ...item }) => item);
}

/** Totals of the equipped items and the trophy case, as stored on the player for ranking. */
export function derivedTotals(items: readonly ItemRow[]) {
  let totalAttack = 0;
  let totalDefense = 0;
  const trophies: { rarity: CatalogueItem['rarity']; quality: number }[] = [];
  for (const row of items) {
    const entry = catalogueEntry(row.catalogId);
    if (row.location === 'inventory') {
      totalAttack += Number(displayStat(entry.attack, row.quality));
      totalDefense += Number(displayStat(entry.defense, row.quality));
    } else if (row.location === 'trophy') {
      trophies.push({ rarity: entry.rarity, quality: row.quality });
    }
  }
  return { totalAttack, totalDefense, trophyCaseScore: trophyScore(trophies), trophyCaseAvgQuality: averageQuality(trophies) };
}

export const duffelUpgradeCost = (size: number) => DUFFEL_SLOT_PRICE * (size + 1);

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
    ranking,
    totalAttack: player.totalAttack,
    totalDefense: player.totalDefense,
    inventory: itemsAt(state, 'inventory', now),
    duffelBag: itemsAt(state, 'duffel', now),
    duffelBagSize: player.duffelBagSize,
    duffelUpgradeCost: duffelUpgradeCost(player.duffelBagSize),
    trophyCaseScore: player.trophyCaseScore,
    trophyCaseAvgQuality: player.trophyCaseAvgQuality,
    guild: player.guild,
    serverTime: now,
  };
}
