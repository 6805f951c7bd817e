/**
 * Scavenging's intents (docs/design.md section 3) as decisions: given the stored state and the time, either
 * refuse with the spec's message or describe the changes. No I/O here; the commit engine
 * (worker/core/commit.ts) applies the changes atomically.
 */
import { GOLD_PER_SCAVENGE, INVENTORY_SIZE } from '../../../game/constants';
import { MSG } from '../../../game/messages';
import { DEFAULT_ZONE, equipResearch, NEW_RESEARCH, rarityRank, XP, type Zone } from '../../../game/rules';
import type { ScavengeSwap } from '../../../game/schemas';
import { noChanges, type Changes } from '../../core/changes';
import { countAt, describe, describeAll, ownItems, spend, unique } from '../../core/decisions';
import { ApiError, badRequest } from '../../core/errors';
import { catalogueEntry, type GameState } from '../../core/state';
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
    events: [{ kind: 'scavenged' }],
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
    events: [
      { kind: 'took', qualities: taken.map((row) => row.quality) },
      { kind: 'gained', items: taken.map((row) => ({ catalogId: row.catalogId, quality: row.quality })) },
    ],
    log: {
      kind: 'take',
      text: `Took ${describeAll(taken)}${
        dropped.length ? `; dropped ${describeAll(dropped)}` : ''
      }.`,
    },
  };
}
