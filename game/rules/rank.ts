/** Leaderboard order and rank (DESIGN section 3): trophy case score first, then total power. */

export interface RankStats {
  trophyCaseScore: number;
  totalAttack: number;
  totalDefense: number;
}

/** Total power of a player: the equipped items' displayed attack plus defense. */
export function totalPower(player: RankStats): number {
  return player.totalAttack + player.totalDefense;
}

/**
 * Negative when `a` ranks ahead of `b`. Players equal on both keys compare as 0 and share a rank; a leaderboard
 * listing should chain a deterministic tiebreak (such as the username) after this.
 */
export function compareRank(a: RankStats, b: RankStats): number {
  return b.trophyCaseScore - a.trophyCaseScore || totalPower(b) - totalPower(a);
}

/** 1 + the number of players strictly ahead ("1224" ranking: ties share the better rank). */
export function rankOf(player: RankStats, players: readonly RankStats[]): number {
  return 1 + players.filter((other) => compareRank(other, player) < 0).length;
}
