/**
 * What the scavenge screen says about a scavenge's finds, as pure functions (tested in test/client): the summary
 * a screen reader hears, and the toasts that cheer. Issue #24: a cheer only for what is worth one, since about
 * half of all scavenges turn up a Rare and a toast for each said nothing.
 */
import { itemPower, RARITY_NAMES, rarityRank, type Rarity } from '../../../game/rules';
import type { Item } from '../../../game/wire';
import { manyNotice } from '../../components/many-notice';
import { count } from '../../components/count';

/** The rarest tier that makes no toast: Very Rare and up cheer. */
const GREAT_FROM = rarityRank('veryrare');
export const isGreatFind = (rarity: Rarity) => rarityRank(rarity) >= GREAT_FROM;

/**
 * What a scavenge turned up, in one sentence for a screen reader: "6 finds: Crowbar, Lead Pipe, …; best: Radio
 * Transceiver (Rare)." The best is the rarest, then the strongest.
 */
export function findsSummary(loot: readonly Item[]) {
  const best = [...loot].sort((a, b) => rarityRank(b.rarity) - rarityRank(a.rarity) || itemPower(b.attack, b.defense, b.quality) - itemPower(a.attack, a.defense, a.quality))[0];
  if (!best) return 'Nothing found.';
  return `${count(loot.length, 'find')}: ${loot.map((find) => find.itemName).join(', ')}; best: ${best.itemName} (${RARITY_NAMES[best.rarity]}).`;
}

/**
 * The toasts a scavenge deserves: finds of Very Rare or better, rarest first ("Very Rare find: Katana!", several
 * in one line: "2 great finds: Golden Idol, Katana"), and finds new to the player's collection ("New for your
 * collection: Geiger Counter"). `collected` holds the catalogue ids in the trophy case, equipped and in the
 * duffel bag; null while unread, when no find counts as new.
 */
export function findNotices(loot: readonly Item[], collected: ReadonlySet<string> | null): string[] {
  const great = loot.filter((find) => isGreatFind(find.rarity)).sort((a, b) => rarityRank(b.rarity) - rarityRank(a.rarity));
  const greatNotice = manyNotice(
    great.map((find) => find.itemName),
    'great finds',
    () => `${RARITY_NAMES[great[0]!.rarity]} find: ${great[0]!.itemName}!`,
  );
  const fresh = collected ? [...new Set(loot.filter((find) => !collected.has(find.catalogId) && !great.includes(find)).map((find) => find.itemName))] : [];
  return [...(greatNotice ? [greatNotice] : []), ...(fresh.length > 0 ? [`New for your collection: ${fresh.join(', ')}`] : [])];
}
