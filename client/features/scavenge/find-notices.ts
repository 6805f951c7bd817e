/**
 * What the scavenge screen says about a scavenge's finds, as pure functions (tested in test/client): the summary
 * a screen reader hears, the toast that cheers, the "New" badge and the salvage line. Issue #24 and #40: a toast
 * only for Very Rare and up (about half of all scavenges turn up a Rare, and a toast for each said nothing); what
 * is new to the collection is a badge on its row, which covers none of the finds.
 */
import { bestFind, duplicateLessonMs, RARITY_NAMES, rarityRank, researchDurationMs, researchedMs, type Rarity } from '../../../game/rules';
import type { Item, Salvaged } from '../../../game/wire';
import { manyNotice } from '../../components/many-notice';
import { count } from '../../components/count';

/** The rarest tier that makes no toast: Very Rare and up cheer. */
const GREAT_FROM = rarityRank('veryrare');
export const isGreatFind = (rarity: Rarity) => rarityRank(rarity) >= GREAT_FROM;

/**
 * What a scavenge turned up, in one sentence for a screen reader: "6 finds: Crowbar, Lead Pipe, …; best: Radio
 * Transceiver (Rare)." The best is the one the log names too (game/rules bestFind).
 */
export function findsSummary(loot: readonly Item[]) {
  const best = bestFind(loot);
  if (!best) return 'Nothing found.';
  return `${count(loot.length, 'find')}: ${loot.map((find) => find.itemName).join(', ')}; best: ${best.itemName} (${RARITY_NAMES[best.rarity]}).`;
}

/** The visible status line's half about the finds: "Best find: Radio Transceiver (Rare)." (the log's best too). */
export function bestLine(loot: readonly Item[]): string | null {
  const best = bestFind(loot);
  return best ? `Best find: ${best.itemName} (${RARITY_NAMES[best.rarity]}).` : null;
}

/**
 * The toast a scavenge deserves: finds of Very Rare or better, rarest first ("Very Rare find: Katana!", several
 * in one line: "2 great finds: Golden Idol, Katana"); null for the rest.
 */
export function findNotice(loot: readonly Item[]): string | null {
  const great = loot.filter((find) => isGreatFind(find.rarity)).sort((a, b) => rarityRank(b.rarity) - rarityRank(a.rarity));
  return manyNotice(
    great.map((find) => find.itemName),
    'great finds',
    () => `${RARITY_NAMES[great[0]!.rarity]} find: ${great[0]!.itemName}!`,
  );
}

/**
 * A find new to the player's collection: `collected` holds the catalogue ids in the trophy case, equipped and in
 * the duffel bag; null while unread, when no find counts as new.
 */
export const isNewFind = (find: Item, collected: ReadonlySet<string> | null) => !!collected && !collected.has(find.catalogId);

/**
 * What an intent salvaged, in a short line (docs/design.md section 9.1): "Salvaged 5 finds for 23 gold."; null
 * when nothing was. `what` names the things salvaged ("find", "item").
 */
export function salvagedLine({ count: n, gold }: Salvaged, what = 'find'): string | null {
  return n === 0 ? null : `Salvaged ${count(n, what)} for ${gold.toLocaleString('en-US')} gold.`;
}

/**
 * What salvaging a duplicate find teaches (docs/design.md section 10.3), said on the find: "Studies your Chainsaw:
 * +4 min" when an equipped item of its catalogue item is still researching (the one furthest along, as the server
 * picks it); null otherwise.
 */
export function studiesNote(find: Item, inventory: readonly Item[], serverNow: number): string | null {
  const duration = researchDurationMs(find.rarity);
  const student = inventory
    .filter((item) => item.catalogId === find.catalogId && researchedMs(item, serverNow) < duration)
    .sort((a, b) => researchedMs(b, serverNow) - researchedMs(a, serverNow))[0];
  if (!student) return null;
  const gained = Math.min(duplicateLessonMs(find.rarity), duration - researchedMs(student, serverNow));
  return `Studies your ${student.itemName}: +${Math.max(1, Math.round(gained / 60_000))} min`;
}
