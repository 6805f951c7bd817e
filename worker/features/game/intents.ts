/**
 * The game's intents (docs/design.md section 3) as decisions: given the stored state and the time, either
 * refuse with the spec's message or describe the changes. No I/O here; the commit engine
 * (worker/core/commit.ts) applies the changes atomically.
 */
import { GOLD_PER_SCAVENGE, INVENTORY_SIZE, PROFILE_SWAP_COST } from '../../../game/constants';
import { MSG } from '../../../game/messages';
import { DEFAULT_ZONE, equipResearch, leaveInventory, NEW_RESEARCH, rarityRank, XP, type Zone } from '../../../game/rules';
import type { DeleteItems, ProfileSwap, ScavengeSwap, Trophy } from '../../../game/schemas';
import { noChanges, type Changes } from '../../core/changes';
import { countAt, describe, describeAll, ownItems, spend, unique } from '../../core/decisions';
import { ApiError, badRequest } from '../../core/errors';
import { catalogueEntry, duffelUpgradeCost, research, type GameState, type ItemRow } from '../../core/state';
import { scavengeRoll, type Seeds } from '../fairness';

/**
 * Six finds in `zone` drawn from the player's seeds at their nonce, stored as roll `rollId` for the player to
 * check. The zone's level is checked before its energy.
 */
export function scavenge(state: GameState, now: number, seeds: Seeds, rollId: string, zone: Zone): Changes {
  if (state.player.level < zone.level) throw badRequest(MSG.zoneLevel(zone.level), 'zone_level');
  const spent = spend(state, now, zone.energy);
  const roll = scavengeRoll(seeds, rollId, zone);
  const loot = roll.finds.map((find, slot) => ({ uid: state.player.uid, slot, ...find }));
  const best = loot.reduce((a, b) => (rarityRank(catalogueEntry(b.catalogId).rarity) > rarityRank(catalogueEntry(a.catalogId).rarity) ? b : a));
  return {
    ...noChanges(),
    player: { ...spent, gold: state.player.gold + GOLD_PER_SCAVENGE, xp: state.player.xp + XP.scavenge },
    newLoot: loot,
    effects: [roll.record],
    log: { kind: 'scavenge', text: `Scavenged 6 finds${zone === DEFAULT_ZONE ? '' : ` in the ${zone.name}`}; the best was ${describe(best.catalogId, best.quality)}.`, rollId },
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
  if (countAt(state, 'inventory') - dropped.length + taken.length > INVENTORY_SIZE) throw badRequest(MSG.inventoryFull, 'inventory_full');
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
      researchedAt: null,
    })),
    deleteItems: dropped.map((row) => row.id),
    takeLoot: take,
    log: {
      kind: 'take',
      text: `Took ${describeAll(taken)}${
        dropped.length ? `; dropped ${describeAll(dropped)}` : ''
      }.`,
    },
  };
}

/** The log names what moved, never "2 item(s)". */
function swapText(leaving: readonly ItemRow[], arriving: readonly ItemRow[]): string {
  const names = (rows: readonly ItemRow[]) => describeAll(rows);
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
  if (countAt(state, 'inventory') - leaving.length + arriving.length > INVENTORY_SIZE) throw badRequest(MSG.inventoryFull, 'inventory_full');
  const size = state.player.duffelBagSize;
  if (countAt(state, 'duffel') - arriving.length + leaving.length > size) throw badRequest(MSG.duffelFull(size), 'duffel_full');
  return {
    ...noChanges(),
    player: spent,
    putItems: [
      ...leaving.map((row): ItemRow => ({ ...row, ...leaveInventory(catalogueEntry(row.catalogId).rarity, row, now), location: 'duffel' })),
      ...arriving.map((row): ItemRow => ({ ...row, ...equipResearch(row, now), location: 'inventory' })),
    ],
    log: { kind: 'swap', text: swapText(leaving, arriving) },
  };
}

export function addTrophy(state: GameState, body: Trophy, now: number): Changes {
  const [row] = ownItems(state, [body.itemId], ['inventory', 'duffel']);
  if (!row) throw new ApiError(404, 'item_not_found', MSG.itemNotFound);
  if (research(row, now) < 100) throw badRequest(MSG.trophyNeedsResearch, 'not_researched');
  return {
    ...noChanges(),
    player: { xp: state.player.xp + XP.trophy },
    putItems: [{ ...row, ...leaveInventory(catalogueEntry(row.catalogId).rarity, row, now), location: 'trophy', trophyAt: now }],
    log: { kind: 'trophy', text: `Added ${describe(row.catalogId, row.quality)} to the trophy case.` },
  };
}

export function deleteItems(state: GameState, body: DeleteItems): Changes {
  const rows = ownItems(state, unique(body.itemIds), ['inventory', 'duffel']);
  return {
    ...noChanges(),
    deleteItems: rows.map((row) => row.id),
    log: { kind: 'delete', text: `Deleted ${describeAll(rows)}.` },
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
