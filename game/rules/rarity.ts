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

/** Trophy points of one item of this tier at quality 1: very common 1, doubling per tier (heirloom 256). */
export function tierPoints(rarity: Rarity): number {
  return 2 ** rarityRank(rarity);
}

const MINUTE_MS = 60_000;
const BASE_RESEARCH_MINUTES = 10;

/**
 * Equipped time for research 0 → 100: 10 minutes for very common, doubling per tier (heirloom 2,560 minutes).
 * Assembled and limited never drop; should such items ever be granted they simply continue the doubling
 * (5,120 and 10,240 minutes), so one rule covers every tier.
 */
export function researchDurationMs(rarity: Rarity): number {
  return BASE_RESEARCH_MINUTES * MINUTE_MS * 2 ** rarityRank(rarity);
}
