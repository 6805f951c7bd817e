/**
 * The profile's intents (docs/design.md section 3: the profile swap, the trophy case, deleting items, the
 * duffel bag's upgrade) as decisions: given the stored state and the time, either refuse with the spec's
 * message or describe the changes. No I/O here; the commit engine (worker/core/commit.ts) applies the changes
 * atomically. Scavenging and taking its finds are decided in worker/features/scavenge/decide.ts.
 */
import { ERRORS } from '../../../game/api';
import { INVENTORY_SIZE, PROFILE_SWAP_COST } from '../../../game/constants';
import { duffelUpgradeCost, equipResearch, leaveInventory, XP } from '../../../game/rules';
import type { DeleteItems, ProfileSwap, Trophy } from '../../../game/schemas';
import { noChanges, type Changes } from '../../core/changes';
import { countAt, describe, describeAll, ownItems, spend, unique } from '../../core/decisions';
import { salvaged, salvageOf } from '../salvage';
import { refuse } from '../../core/errors';
import { catalogueEntry, research, researchSpeedOf, type GameState, type ItemRow } from '../../core/state';

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
  if (toDuffel.length === 0 && toInventory.length === 0) throw refuse(ERRORS.nothingToSwap);
  const leaving = ownItems(state, toDuffel, ['inventory']);
  const arriving = ownItems(state, toInventory, ['duffel']);
  if (leaving.some((row) => research(row, now) < 100)) throw refuse(ERRORS.mustBeResearched);
  if (countAt(state, 'inventory') - leaving.length + arriving.length > INVENTORY_SIZE) throw refuse(ERRORS.inventoryFull);
  const size = state.player.duffelBagSize;
  if (countAt(state, 'duffel') - arriving.length + leaving.length > size) throw refuse(ERRORS.duffelFull, size);
  return {
    ...noChanges(),
    player: spent,
    putItems: [
      ...leaving.map((row): ItemRow => ({ ...leaveInventory(catalogueEntry(row.catalogId).rarity, row, now), location: 'duffel' })),
      ...arriving.map((row): ItemRow => ({ ...row, ...equipResearch(row, now, researchSpeedOf(state)), location: 'inventory' })),
    ],
    log: { kind: 'swap', text: swapText(leaving, arriving) },
  };
}

export function addTrophy(state: GameState, body: Trophy, now: number): Changes {
  const [row] = ownItems(state, [body.itemId], ['inventory', 'duffel']);
  if (!row) throw refuse(ERRORS.itemNotFound);
  if (research(row, now) < 100) throw refuse(ERRORS.trophyNeedsResearch);
  const { rarity } = catalogueEntry(row.catalogId);
  const trophy: ItemRow = { ...leaveInventory(rarity, row, now), location: 'trophy', trophyAt: now };
  // Complete research always has a record once the item left the inventory (game/rules/research.ts).
  const researchedAt = trophy.researchedAt ?? 0;
  return {
    ...noChanges(),
    player: { xp: state.player.xp + XP.trophy },
    putItems: [trophy],
    events: [{ kind: 'trophy', catalogId: row.catalogId, rarity, quality: trophy.quality, researchedAt, scores: trophy.researchedBy === row.uid }],
    log: { kind: 'trophy', text: `Added ${describe(row.catalogId, row.quality)} to the trophy case.` },
  };
}

/** A deleted item pays its salvage (docs/design.md section 9.1), in the delete's own batch and log line. */
export function deleteItems(state: GameState, body: DeleteItems): Changes {
  const rows = ownItems(state, unique(body.itemIds), ['inventory', 'duffel']);
  const paid = salvaged([{ ...salvageOf(rows), noun: 'item' }]);
  return {
    ...noChanges(),
    player: { gold: state.player.gold + paid.gold },
    deleteItems: rows.map((row) => row.id),
    events: paid.events,
    log: { kind: 'delete', text: `Deleted ${describeAll(rows)}${paid.text && `; ${paid.text}`}.` },
  };
}

export function upgradeDuffel(state: GameState): Changes {
  const cost = duffelUpgradeCost(state.player.duffelBagSize);
  if (state.player.gold < cost) throw refuse(ERRORS.notEnoughGold);
  const size = state.player.duffelBagSize + 1;
  return {
    ...noChanges(),
    player: { gold: state.player.gold - cost, duffelBagSize: size },
    log: { kind: 'upgrade', text: `Upgraded the duffel bag to ${size} ${size === 1 ? 'slot' : 'slots'} for ${cost} gold.` },
  };
}
