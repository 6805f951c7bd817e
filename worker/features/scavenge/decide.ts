/**
 * Scavenging's intents (docs/design.md section 3, salvage and the one-tap take in sections 9.1 and 9.2) as
 * decisions: given the stored state and the time, either refuse with the spec's message or describe the changes.
 * No I/O here; the commit engine (worker/core/commit.ts) applies the changes atomically, so salvage gold is paid
 * exactly once with the finds it came from.
 */
import { ERRORS } from '../../../game/api';
import { GOLD_PER_SCAVENGE, INVENTORY_SIZE } from '../../../game/constants';
import { bestFind, DEFAULT_ZONE, equipResearch, learnFromDuplicate, NEW_RESEARCH, researchedMs, XP, type Zone } from '../../../game/rules';
import type { ScavengeSwap } from '../../../game/schemas';
import { noChanges, type Changes } from '../../core/changes';
import { countAt, describe, describeAll, ownItems, spend, unique } from '../../core/decisions';
import { salvaged, salvageOf } from '../salvage';
import { refuse } from '../../core/errors';
import { catalogueEntry, researchSpeedOf, type GameState, type ItemRow, type LootRow } from '../../core/state';
import { scavengeRoll, type ScavengeSeeds } from '../fairness';

/**
 * Duplicates teach (docs/design.md section 10.3): each of the player's own pending finds salvaged here teaches the
 * equipped item of its catalogue item that is furthest along (and not `leaving` with this intent) a tenth of its
 * tier's research time. Only these finds teach: a deleted, bought or duffel item never comes through here. The
 * items it taught, as rows to write in the intent's batch (no extra round trip; one items row each).
 */
export function taughtBy(state: GameState, salvagedFinds: readonly LootRow[], now: number, leaving: readonly string[] = []): ItemRow[] {
  const taught = new Map<string, ItemRow>();
  for (const find of salvagedFinds) {
    const { rarity } = catalogueEntry(find.catalogId);
    const student = state.items
      .filter((row) => row.location === 'inventory' && row.catalogId === find.catalogId && !leaving.includes(row.id))
      .map((row) => taught.get(row.id) ?? row)
      .sort((a, b) => researchedMs(b, now) - researchedMs(a, now))
      .find((row) => learnFromDuplicate(rarity, row, now).gained > 0);
    if (student) taught.set(student.id, learnFromDuplicate(rarity, student, now).state);
  }
  return [...taught.values()];
}

/**
 * Six finds in `zone` drawn from the player's seeds at their nonce, packed with their newest rolls for the player to
 * check (the log links to it). The zone's level is checked before its energy. The finds still pending are
 * salvaged, never lost (section 9.1): each pays its salvage on top of the spec's +1 gold.
 */
export function scavenge(state: GameState, now: number, seeds: ScavengeSeeds, zone: Zone): Changes {
  if (state.player.level < zone.level) throw refuse(ERRORS.zoneLevel, zone.level);
  const spent = spend(state, now, zone.energy);
  const roll = scavengeRoll(seeds, state.player.num, now, zone);
  const loot = roll.finds.map((find, slot) => ({ slot, ...find }));
  // The same best find the screen names (game/rules bestFind).
  const best = bestFind(
    loot.map((find) => {
      const { name, rarity, attack, defense } = catalogueEntry(find.catalogId);
      return { ...find, id: String(find.slot), itemName: name, rarity, attack, defense };
    }),
  )!;
  const left = salvaged([{ ...salvageOf(state.loot), noun: 'find' }]);
  const where = zone === DEFAULT_ZONE ? '' : ` in the ${zone.name}`;
  return {
    ...noChanges(),
    player: { ...spent, gold: state.player.gold + GOLD_PER_SCAVENGE + left.gold, xp: state.player.xp + XP.scavenge, rollNonce: roll.nextNonce },
    putItems: taughtBy(state, state.loot, now),
    newLoot: loot,
    effects: [roll.record],
    events: [{ kind: 'scavenged', energy: zone.energy }, ...left.events],
    log: { kind: 'scavenge', text: `Scavenged 6 finds${where}; the best was ${describe(best.catalogId, best.quality)}${left.text && `; ${left.text}`}.`, rollId: roll.rollId },
  };
}

/**
 * Take/Swap: the chosen finds into the inventory, the dropped inventory items destroyed for their salvage. With
 * `salvageRest` every find not taken is salvaged too, so the step ends in one tap with nothing pending (9.2).
 */
export function takeLoot(state: GameState, body: ScavengeSwap, now: number, newId: () => string): Changes {
  const take = unique(body.take);
  const drop = unique(body.drop);
  if (take.length === 0) throw refuse(ERRORS.noLootSelected);
  const taken = take.map((slot) => {
    const row = state.loot.find((loot) => loot.slot === slot);
    if (!row) throw refuse(ERRORS.lootGone);
    return row;
  });
  const dropped = ownItems(state, drop, ['inventory']);
  if (countAt(state, 'inventory') - dropped.length + taken.length > INVENTORY_SIZE) throw refuse(ERRORS.inventoryFull);
  const equipped = equipResearch(NEW_RESEARCH, now, researchSpeedOf(state));
  const rest = body.salvageRest ? state.loot.filter((row) => !take.includes(row.slot)) : [];
  const paid = salvaged([
    { ...salvageOf(dropped), noun: 'item' },
    { ...salvageOf(rest), noun: 'find' },
  ]);
  return {
    ...noChanges(),
    putItems: [
      ...taughtBy(state, rest, now, drop),
      ...taken.map((row) => ({
        id: newId(),
        uid: state.player.uid,
        catalogId: row.catalogId,
        quality: row.quality,
        location: 'inventory' as const,
        ...equipped,
        createdAt: now,
        trophyAt: null,
        researchedBy: null,
        researchedAt: null,
      })),
    ],
    player: paid.gold > 0 ? { gold: state.player.gold + paid.gold } : {},
    deleteItems: dropped.map((row) => row.id),
    takeLoot: [...take, ...rest.map((row) => row.slot)],
    events: [
      { kind: 'took', qualities: taken.map((row) => row.quality) },
      { kind: 'gained', items: taken.map((row) => ({ catalogId: row.catalogId, quality: row.quality })) },
      ...paid.events,
    ],
    log: {
      kind: 'take',
      text: `Took ${describeAll(taken)}${dropped.length ? `; dropped ${describeAll(dropped)}` : ''}${paid.text && `; ${paid.text}`}.`,
    },
  };
}
