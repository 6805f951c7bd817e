/**
 * A tier's look: its colour as a frame, a glow or a dot, never as the colour of text (several tier colours are
 * below AA contrast for small text, so names stay in the text colour). No item art here: the odds page and the
 * ticker show tiers without loading the drawings.
 */
import type { CSSProperties } from 'react';
import { RARITY_COLORS, RARITY_NAMES, rarityRank, type Rarity } from '../../game/rules';

const RARE = rarityRank('rare');

/** Rare or better: worth a glow, a pulse on discovery and a toast. */
export const isRareFind = (rarity: Rarity) => rarityRank(rarity) >= RARE;

/** The tier colour as the --rarity custom property, which the item classes in styles.css read. */
export const rarityStyle = (rarity: Rarity) => ({ '--rarity': RARITY_COLORS[rarity] }) as CSSProperties;

export function RarityLabel({ rarity, className = '' }: { rarity: Rarity; className?: string }) {
  return (
    <span className={`inline-flex items-center gap-1.5 ${className}`}>
      <span aria-hidden="true" className="h-2.5 w-2.5 shrink-0 rounded-full ring-1 ring-black/10 dark:ring-white/20" style={{ background: RARITY_COLORS[rarity] }} />
      {RARITY_NAMES[rarity]}
    </span>
  );
}
