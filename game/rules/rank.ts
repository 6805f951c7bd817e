/** Leaderboard order and rank (docs/design.md section 3): trophy case score first, then total power. */

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

/** What a leaderboard row is ordered by: the rank's keys and the name that orders players level on both. */
export interface BoardEntry {
  username: string;
  trophyCaseScore: number;
  totalPower: number;
}

/**
 * The leaderboard's order, best first: the one place the server's query (worker/core/ranking.ts) and the
 * screen's explanation are built from. The name is a tiebreak for the listing only (alphabetical, ignoring
 * case, as the unique name index does): players level on score and power still share a rank.
 */
export const LEADERBOARD_ORDER = [
  { key: 'trophyCaseScore', label: 'trophy case score', direction: 'desc' },
  { key: 'totalPower', label: 'power', direction: 'desc' },
  { key: 'username', label: 'name', direction: 'asc' },
] as const satisfies readonly { key: keyof BoardEntry; label: string; direction: 'asc' | 'desc' }[];

/** Whether two rows share a rank: equal on every key but the name. */
export function sameRank(a: BoardEntry, b: BoardEntry): boolean {
  return a.trophyCaseScore === b.trophyCaseScore && a.totalPower === b.totalPower;
}

/** Negative when `a` is listed before `b`, in LEADERBOARD_ORDER. */
export function compareBoard(a: BoardEntry, b: BoardEntry): number {
  for (const { key, direction } of LEADERBOARD_ORDER) {
    const [x, y] = key === 'username' ? [a.username.toLowerCase(), b.username.toLowerCase()] : [a[key], b[key]];
    if (x !== y) return (x < y ? -1 : 1) * (direction === 'asc' ? 1 : -1);
  }
  return 0;
}

/** The order in words, for the screen that lists it. */
export const LEADERBOARD_ORDER_TEXT = `Ranked by ${LEADERBOARD_ORDER[0].label}, then ${LEADERBOARD_ORDER[1].label}; players level on both share a rank (shown as =) and are listed by ${LEADERBOARD_ORDER[2].label}.`;
