/** Rarity tiers (docs/spec.md section 3 "Rarity", section 9 drop chances) and the per-tier numbers derived from them. */

/** Tiers that scavenging can roll, commonest first. */
export const DROPPABLE = [
  'verycommon',
  'common',
  'uncommon',
  'rare',
  'veryrare',
  'epic',
  'legendary',
  'artifact',
  'heirloom',
] as const;
export type DroppableRarity = (typeof DROPPABLE)[number];

/** All tiers, commonest first; the index is the tier's rank. Assembled and limited exist for display and sorting only. */
export const RARITIES = [...DROPPABLE, 'assembled', 'limited'] as const;
export type Rarity = (typeof RARITIES)[number];

export const RARITY_NAMES: Readonly<Record<Rarity, string>> = {
  verycommon: 'Very Common',
  common: 'Common',
  uncommon: 'Uncommon',
  rare: 'Rare',
  veryrare: 'Very Rare',
  epic: 'Epic',
  legendary: 'Legendary',
  artifact: 'Artifact',
  heirloom: 'Heirloom',
  assembled: 'Assembled',
  limited: 'Limited',
};

/**
 * Mid-tone colours: each has a WCAG contrast ratio of at least 3.5 against both white and a dark (#111827)
 * background, so the same colour works in light and dark themes.
 */
export const RARITY_COLORS: Readonly<Record<Rarity, string>> = {
  verycommon: '#7a7a7a',
  common: '#3a9a3a',
  uncommon: '#1c9484',
  rare: '#3b7ddd',
  veryrare: '#6f6bf0',
  epic: '#9b59e8',
  legendary: '#d16a0e',
  artifact: '#e0393e',
  heirloom: '#a17f00',
  assembled: '#0f8fb8',
  limited: '#d6407f',
};

/**
 * Drop weights out of 100,006: the spec's percentages (50, 25, 15, 7.5, 2.2, 0.25, 0.05, 0.005, 0.001) add up to
 * 100.006 %, so we keep their exact ratios as integers (percent × 1000) instead of guessing which one is wrong.
 */
export const DROP_WEIGHTS: Readonly<Record<DroppableRarity, number>> = {
  verycommon: 50_000,
  common: 25_000,
  uncommon: 15_000,
  rare: 7_500,
  veryrare: 2_200,
  epic: 250,
  legendary: 50,
  artifact: 5,
  heirloom: 1,
};
export const DROP_WEIGHT_TOTAL = DROPPABLE.reduce((sum, rarity) => sum + DROP_WEIGHTS[rarity], 0);
/** The drop weights' unit: a weight is its published percentage × 1000. */
export const DROP_WEIGHT_PER_PERCENT = 1000;
/** A tier's published drop chance in percent (50 for very common). */
export const dropPercent = (rarity: DroppableRarity) => DROP_WEIGHTS[rarity] / DROP_WEIGHT_PER_PERCENT;

const RANKS = new Map<string, number>(RARITIES.map((rarity, rank) => [rarity, rank]));

export function isRarity(value: unknown): value is Rarity {
  return typeof value === 'string' && RANKS.has(value);
}

/** 0 for very common up to 10 for limited: higher is rarer. */
export function rarityRank(rarity: Rarity): number {
  const rank = RANKS.get(rarity);
  if (rank === undefined) throw new RangeError(`Unknown rarity: ${String(rarity)}`);
  return rank;
}

/**
 * Trophy points of one item of this tier at quality 1: very common 1, doubling per droppable tier (heirloom 256).
 * Assembled items are crafted, not found, and score as a Legendary (docs/decisions/009-crafting.md): a craft
 * is earned from parts and gold, so it may never outscore the drop it imitates (docs/decisions/015-rules-that-teach.md).
 * Limited items are granted, never dropped or crafted, and continue the doubling.
 */
export function tierPoints(rarity: Rarity): number {
  return rarity === 'assembled' ? ASSEMBLED_POINTS : 2 ** rarityRank(rarity);
}
/** An Assembled item's points at quality 1: a Legendary's (2 ** rank of legendary). */
export const ASSEMBLED_POINTS = 2 ** DROPPABLE.indexOf('legendary');

const MINUTE_MS = 60_000;
const BASE_RESEARCH_MINUTES = 10;
/**
 * Research time grows by this factor per tier while trophy points double, so trophy points per equipped minute
 * rise by 2 / 1.6 = 1.25 per tier: keeping a Rare in a slot earns more than keeping a Feather
 * (docs/decisions/015-rules-that-teach.md; until then both doubled and every tier paid the same).
 */
export const RESEARCH_GROWTH = 1.6;

/** Equipped minutes for research 0 → 100: 10 × 1.6^rank, rounded to the minute (very common 10, heirloom 429). */
export function researchMinutes(rarity: Rarity): number {
  return Math.round(BASE_RESEARCH_MINUTES * RESEARCH_GROWTH ** rarityRank(rarity));
}

/**
 * Equipped time for research 0 → 100 (researchMinutes). Assembled and limited never drop; crafted items arrive
 * fully researched, and the rule still gives every tier a time (687 and 1,100 minutes).
 */
export function researchDurationMs(rarity: Rarity): number {
  return researchMinutes(rarity) * MINUTE_MS;
}
