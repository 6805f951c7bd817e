/**
 * Experience and levels (docs/design.md section 7.4). XP comes from play; the level follows from it, so the two can
 * never disagree: level = 1 + floor(sqrt(xp / 25)).
 */
import { protectedGold } from './fight';
import { zonesOpeningAt } from './zones';

export const XP = {
  scavenge: 1,
  fightWon: 5,
  fightLost: 2,
  trophy: 10,
  craft: 20,
} as const;

/** The XP scale of a level: level = 1 + floor(sqrt(xp / LEVEL_XP_SCALE)). */
export const LEVEL_XP_SCALE = 25;

/** Every tenth level makes the news. */
export const NEWSWORTHY_LEVEL_STEP = 10;

export function levelFor(xp: number): number {
  return 1 + Math.floor(Math.sqrt(Math.max(0, xp) / LEVEL_XP_SCALE));
}

/** The XP at which a level begins: the inverse of levelFor. */
export function xpForLevel(level: number): number {
  return LEVEL_XP_SCALE * (Math.max(1, level) - 1) ** 2;
}

/** The levels reached by going from `before` to `after` XP that make the news (10, 20, ...). */
export function newsworthyLevels(before: number, after: number): number[] {
  const levels: number[] = [];
  for (let level = levelFor(before) + 1; level <= levelFor(after); level += 1) {
    if (level % NEWSWORTHY_LEVEL_STEP === 0) levels.push(level);
  }
  return levels;
}

/**
 * What reaching `level` brings (docs/design.md section 8.1, "Level means something"), for the screens to show
 * beside the next level: the XP it starts at, the gold no fight can take from then on (50 + 10 × level), and
 * whether reaching it makes the news, and the zones it opens (docs/design.md section 8.3).
 */
export interface LevelBrings {
  level: number;
  xpFrom: number;
  protectedGold: number;
  newsworthy: boolean;
  /** The names of the zones that open at this level. */
  opens: string[];
}

export function levelBrings(level: number): LevelBrings {
  const at = Math.max(1, Math.floor(level));
  return { level: at, xpFrom: xpForLevel(at), protectedGold: protectedGold(at), newsworthy: at % NEWSWORTHY_LEVEL_STEP === 0, opens: zonesOpeningAt(at).map((zone) => zone.name) };
}

/** What the level after the one `xp` gives brings, and the XP still needed to reach it. */
export function nextLevel(xp: number): LevelBrings & { xpToGo: number } {
  const next = levelBrings(levelFor(xp) + 1);
  return { ...next, xpToGo: next.xpFrom - Math.max(0, xp) };
}
