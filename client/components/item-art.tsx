/** An item's drawing on a tile framed in its tier's colour; from rare up the tile glows. */
import type { CSSProperties } from 'react';
import type { Rarity } from '../../game/rules';
import { isRareFind, rarityStyle } from './rarity';

const SIZES = {
  sm: 'h-10 w-10 text-2xl',
  md: 'h-12 w-12 text-[2rem]',
  lg: 'h-20 w-20 text-5xl',
} as const;

interface ItemIconProps {
  catalogId: string;
  rarity: Rarity;
  size?: keyof typeof SIZES;
  /** An item not found yet (trophy case): a question mark instead of the drawing, so it stays a mystery. */
  masked?: boolean;
}

/** Decorative: the item's name is always written next to it. */
export function ItemIcon({ catalogId, rarity, size = 'md', masked = false }: ItemIconProps) {
  return (
    <span aria-hidden="true" className={`item-tile ${SIZES[size]} ${!masked && isRareFind(rarity) ? 'item-tile-glow' : ''}`} style={rarityStyle(rarity)}>
      {masked ? '?' : <span data-item-art={catalogId} className="item-art" style={artStyle(catalogId)} />}
    </span>
  );
}

/**
 * The item's drawing, public/item-art/<id>.svg (scripts/item-art.mjs), as a mask over the text colour, so it
 * takes the tile's colour like the glyphs do.
 */
function artStyle(catalogId: string): CSSProperties {
  const image = `url("/item-art/${encodeURIComponent(catalogId)}.svg")`;
  return { maskImage: image, WebkitMaskImage: image };
}
