/**
 * The game's intents (DESIGN.md section 3) as decisions: given the stored state and the time, either refuse
 * with the spec's message or describe the changes. No I/O here; ./commit.ts applies the changes atomically.
 */
import {
  INVENTORY_SIZE,
  PROFILE_SWAP_COST,
  SCAVENGE_COST,
  GOLD_PER_SCAVENGE,
} from '../../../game/constants';
import { MSG } from '../../../game/messages';
import {
  craftedQuality,
  equipResearch,
  matchesRecipe,
  NEW_RESEARCH,
  RARITY_NAMES,
  rarityRank,
  recipeById,
  researchDurationMs,
  rollLoot,
  spendEnergy,
  unequipResearch,
  XP,
  type RandomSource,
} from '../../../game/rules';
import type { Craft, DeleteItems, ProfileSwap, ScavengeSwap, Trophy } from '../../../game/schemas';
import type { ActivityKind } from '../../../game/wire';
import { ApiError, badRequest } from '../../core/errors';
import type { GuildWrite } from '../guilds/decisions';
import { catalogueEntry, duffelUpgradeCost, research, type FightRow, type GameState, type ItemRow, type LootRow, type PlayerRow } from '../../core/state';

/** What an intent changes. Player fields not named stay as they are. */
export interface Changes {
  player: Partial<Pick<PlayerRow, 'gold' | 'energy' | 'energyAt' | 'duffelBagSize' | 'xp' | 'rating' | 'wins' | 'losses' | 'recoveringUntil' | 'guild'>>;
  /** Rows to insert or overwrite (by id): new items, or items of the players in the intent. */
  putItems: ItemRow[];
  deleteItems: string[];
  /** Replaces the whole pending loot when set. */
  newLoot?: LootRow[];
  takeLoot: number[];
  log: { kind: ActivityKind; text: string };
  /** Arena fights to record (in the attacker's changes). */
  fights?: FightRow[];
  /** Changes of this player's guild membership (./guilds.ts). */
  guild?: GuildWrite[];
}

export const noChanges = (): Omit<Changes, 'log'> => ({ player: {}, putItems: [], deleteItems: [], takeLoot: [] });

const itemNotFound = () => new ApiError(404, 'item_not_found', MSG.itemNotFound);
const unique = <T>(values: readonly T[]) => [...new Set(values)];
const describe = (catalogId: string, quality: number) => {
  const entry = catalogueEntry(catalogId);
  return `${entry.name} (${RARITY_NAMES[entry.rarity]}, quality ${quality})`;
};

/** The player's items with these ids at one of these locations, or 404 if any is missing. */
function ownItems(state: GameState, ids: readonly string[], locations: readonly ItemRow['location'][]): ItemRow[] {
  return ids.map((id) => {
    const row = state.items.find((item) => item.id === id && locations.includes(item.location));
    if (!row) throw itemNotFound();
    return row;
  });
}

const count = (state: GameState, location: ItemRow['location']) => state.items.filter((item) => item.location === location).length;

function spend(state: GameState, now: number, cost: number) {
  const spent = spendEnergy(state.player.energy, state.player.energyAt, now, cost);
  if (!spent) throw badRequest(MSG.notEnoughEnergy, 'not_enough_energy');
  return spent;
}

export function scavenge(state: GameState, now: number, random: RandomSource): Changes {
  const spent = spend(state, now, SCAVENGE_COST);
  const loot = rollLoot(random).map((roll, slot) => ({ uid: state.player.uid, slot, ...roll }));
  const best = loot.reduce((a, b) => (rarityRank(catalogueEntry(b.catalogId).rarity) > rarityRank(catalogueEntry(a.catalogId).rarity) ? b : a));
  return {
    ...noChanges(),
    player: { ...spent, gold: state.player.gold + GOLD_PER_SCAVENGE, xp: state.player.xp + XP.scavenge },
    newLoot: loot,
    log: { kind: 'scavenge', text: `Scavenged 6 finds; the best was ${describe(best.catalogId, best.quality)}.` },
  };
}

export function takeLoot(state: GameState, body: ScavengeSwap, now: number, newId: () => string): Changes {
  const take = unique(body.take);
  const drop = unique(body.drop);
  if (take.length === 0) throw badRequest(MSG.noLootSelected, 'no_loot_selected');
  const taken = take.map((slot) => {
    const row = state.loot.find((loot) => loot.slot === slot);
    if (!row) throw new ApiError(409, 'loot_gone', MSG.lootGone);
    return row;
  });
  const dropped = ownItems(state, drop, ['inventory']);
  if (count(state, 'inventory') - dropped.length + taken.length > INVENTORY_SIZE) throw badRequest(MSG.inventoryFull, 'inventory_full');
  const equipped = equipResearch(NEW_RESEARCH, now);
  return {
    ...noChanges(),
    putItems: taken.map((row) => ({
      id: newId(),
      uid: state.player.uid,
      catalogId: row.catalogId,
      quality: row.quality,
      location: 'inventory',
      ...equipped,
      createdAt: now,
      trophyAt: null,
    })),
    deleteItems: dropped.map((row) => row.id),
    takeLoot: take,
    log: {
      kind: 'take',
      text: `Took ${taken.map((row) => describe(row.catalogId, row.quality)).join(', ')}${
        dropped.length ? `; dropped ${dropped.map((row) => describe(row.catalogId, row.quality)).join(', ')}` : ''
      }.`,
    },
  };
}

/** The log names what moved, never "2 item(s)". */
function swapText(leaving: readonly ItemRow[], arriving: readonly ItemRow[]): string {
  const names = (rows: readonly ItemRow[]) => rows.map((row) => describe(row.catalogId, row.quality)).join(', ');
  const moves = [leaving.length > 0 && `${names(leaving)} to the duffel bag`, arriving.length > 0 && `${names(arriving)} to the inventory`];
  return `Moved ${moves.filter((move) => move !== false).join(', and ')}.`;
}

export function swapWithDuffel(state: GameState, body: ProfileSwap, now: number): Changes {
  // The spec's order of checks (section 5, "Profile swap").
  const spent = spend(state, now, PROFILE_SWAP_COST);
  const toDuffel = unique(body.toDuffel);
  const toInventory = unique(body.toInventory);
  if (toDuffel.length === 0 && toInventory.length === 0) throw badRequest(MSG.nothingToSwap, 'nothing_to_swap');
  const leaving = ownItems(state, toDuffel, ['inventory']);
  const arriving = ownItems(state, toInventory, ['duffel']);
  if (leaving.some((row) => research(row, now) < 100)) throw badRequest(MSG.mustBeResearched, 'not_researched');
  if (count(state, 'inventory') - leaving.length + arriving.length > INVENTORY_SIZE) throw badRequest(MSG.inventoryFull, 'inventory_full');
  const size = state.player.duffelBagSize;
  if (count(state, 'duffel') - arriving.length + leaving.length > size) throw badRequest(MSG.duffelFull(size), 'duffel_full');
  return {
    ...noChanges(),
    player: spent,
    putItems: [
      ...leaving.map((row): ItemRow => ({ ...row, ...unequipResearch(row, now), location: 'duffel' })),
      ...arriving.map((row): ItemRow => ({ ...row, ...equipResearch(row, now), location: 'inventory' })),
    ],
    log: { kind: 'swap', text: swapText(leaving, arriving) },
  };
}

export function addTrophy(state: GameState, body: Trophy, now: number): Changes {
  const [row] = ownItems(state, [body.itemId], ['inventory', 'duffel']);
  if (!row) throw itemNotFound();
  if (research(row, now) < 100) throw badRequest(MSG.trophyNeedsResearch, 'not_researched');
  return {
    ...noChanges(),
    player: { xp: state.player.xp + XP.trophy },
    putItems: [{ ...row, ...unequipResearch(row, now), location: 'trophy', trophyAt: now }],
    log: { kind: 'trophy', text: `Added ${describe(row.catalogId, row.quality)} to the trophy case.` },
  };
}

export function deleteItems(state: GameState, body: DeleteItems): Changes {
  const rows = ownItems(state, unique(body.itemIds), ['inventory', 'duffel']);
  return {
    ...noChanges(),
    deleteItems: rows.map((row) => row.id),
    log: { kind: 'delete', text: `Deleted ${rows.map((row) => describe(row.catalogId, row.quality)).join(', ')}.` },
  };
}

export function upgradeDuffel(state: GameState): Changes {
  const cost = duffelUpgradeCost(state.player.duffelBagSize);
  if (state.player.gold < cost) throw badRequest(MSG.notEnoughGold, 'not_enough_gold');
  const size = state.player.duffelBagSize + 1;
  return {
    ...noChanges(),
    player: { gold: state.player.gold - cost, duffelBagSize: size },
    log: { kind: 'upgrade', text: `Upgraded the duffel bag to ${size} ${size === 1 ? 'slot' : 'slots'} for ${cost} gold.` },
  };
}

/**
 * Crafts a recipe's Assembled item from owned, fully researched parts (DESIGN.md section 7.3), consumed in the
 * same batch that creates it. Its parts were all researched, so the result is too (docs/decisions/009): it can
 * go to the trophy case or the duffel bag at once. It goes to the inventory, or to the duffel bag when the
 * inventory is full (DESIGN.md's "refused with the limit message" cannot happen: the parts make room).
 */
export function craft(state: GameState, body: Craft, now: number, newId: () => string): Changes {
  const recipe = recipeById(body.recipeId);
  if (!recipe) throw new ApiError(404, 'recipe_not_found', MSG.recipeNotFound);
  const ids = unique(body.itemIds);
  const parts = ownItems(state, ids, ['inventory', 'duffel']);
  if (ids.length !== body.itemIds.length || !matchesRecipe(recipe, parts.map((row) => row.catalogId))) {
    throw badRequest(MSG.recipeMismatch, 'recipe_mismatch');
  }
  if (parts.some((row) => research(row, now) < 100)) throw badRequest(MSG.mustBeResearched, 'not_researched');
  if (state.player.gold < recipe.gold) throw badRequest(MSG.notEnoughGold, 'not_enough_gold');
  // The parts leave first, so there is always a place: in the inventory if a part came from it or it had
  // room, otherwise in the duffel bag, which every part came from.
  const fromInventory = parts.filter((row) => row.location === 'inventory').length;
  const location = count(state, 'inventory') - fromInventory < INVENTORY_SIZE ? 'inventory' : 'duffel';
  const quality = craftedQuality(parts.map((row) => row.quality));
  const researched = { researchMs: researchDurationMs(catalogueEntry(recipe.resultId).rarity), equippedAt: null };
  return {
    ...noChanges(),
    player: { gold: state.player.gold - recipe.gold, xp: state.player.xp + XP.craft },
    putItems: [
      {
        id: newId(),
        uid: state.player.uid,
        catalogId: recipe.resultId,
        quality,
        location,
        ...(location === 'inventory' ? equipResearch(researched, now) : researched),
        createdAt: now,
        trophyAt: null,
      },
    ],
    deleteItems: parts.map((row) => row.id),
    log: {
      kind: 'craft',
      text: `Crafted ${describe(recipe.resultId, quality)} from ${parts.map((row) => describe(row.catalogId, row.quality)).join(', ')} for ${recipe.gold} gold.`,
    },
  };
}
