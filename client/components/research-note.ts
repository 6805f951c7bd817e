import { MSG } from '../../game/messages';

/**
 * Who researched an item, and so whether it scores as a trophy for `username` (docs/design.md section 9.4): the
 * words the market and the item details say before a tap. Only for a fully researched item.
 */
export function researchNote(researchedBy: string | null, username: string): string {
  if (researchedBy === null) return MSG.researchedByNobody;
  return researchedBy === username ? MSG.researchedByYou : MSG.researchedBy(researchedBy);
}
