import type { Fight } from '../../../game/wire';

/** A fight as one of its two fighters sees it: the answer speaks for the attacker or for the reader. */
export function outcomeFor(fight: Fight, me: string) {
  const attacking = fight.attacker === me;
  const attackerWon = fight.winner === fight.attacker;
  return {
    attacking,
    opponent: attacking ? fight.defender : fight.attacker,
    won: fight.winner === me,
    /** Gold won (positive) or lost (negative): only a winning attacker takes any; the defender loses the part not minted. */
    gold: attackerWon ? (attacking ? fight.goldTaken : -(fight.goldTaken - fight.goldMinted)) : 0,
    rating: attacking ? fight.ratingChange : -fight.ratingChange,
    xp: fight.xp,
  };
}

/** "+16", "−16", "0": a change with its sign, the minus a real minus sign. */
export const signed = (n: number) => (n > 0 ? `+${n}` : n < 0 ? `−${-n}` : '0');
