// `npm run simulate:rules`: the simulation behind docs/decisions/015-rules-that-teach.md (issue #24). About 1,000
// players built from game/rules itself, each drawn from its own seeded generator (seededRandom), so every run
// prints the same tables. It compares the rules before issue #24 ("before": research doubling per tier, the
// version 1 fight, 10 % of all gold, no rating floor, Assembled at 512 points) with the rules as they are now.
import { DROPPABLE, type DroppableRarity, type Rarity } from '../game/rules/rarity';
import { DROP_WEIGHT_TOTAL, DROP_WEIGHTS, rarityRank, researchDurationMs, researchMinutes, tierPoints } from '../game/rules/rarity';
import { catalogueById, itemsOfRarity } from '../game/rules/catalogue';
import { RECIPES } from '../game/rules/craft';
import { bestSwap, keepForResearch, type ResearchItem } from '../game/rules/best';
import { fight, FIGHT_STAT_BASE, protectedGold, isKnockout, nextUtcMidnight, ratingAfter, ratingChange, defenceLost, FIGHT_RECOVERY_MS, type Fighter, type FightResult } from '../game/rules/fight';
import { fightV1 } from '../game/rules/fight-v1';
import { levelFor, XP } from '../game/rules/level';
import { displayStat } from '../game/rules/power';
import { seededRandom, type RandomSource } from '../game/rules/random';
import { researchedMs } from '../game/rules/research';
import { rollLoot } from '../game/rules/rolls';

const PLAYERS = 1_000;
const MINUTE = 60_000;
const pad = (value: unknown, width: number) => String(value).padStart(width);
const table = (title: string, head: string[], rows: unknown[][]) => {
  const widths = head.map((h, i) => Math.max(h.length, ...rows.map((row) => String(row[i]).length)));
  console.info(`\n${title}`);
  console.info(head.map((h, i) => pad(h, widths[i]!)).join('  '));
  for (const row of rows) console.info(row.map((cell, i) => pad(cell, widths[i]!)).join('  '));
};
const fixed = (n: number, digits = 3) => n.toFixed(digits);
const percent = (n: number) => `${(n * 100).toFixed(1)} %`;
const oldResearchMinutes = (rarity: Rarity) => 10 * 2 ** rarityRank(rarity);
const oldTierPoints = (rarity: Rarity) => 2 ** rarityRank(rarity);

// 1. Rarity pays: trophy points per equipped minute of research, per tier.
table(
  '1. Trophy points per equipped minute of research (quality 1)',
  ['tier', 'points', 'min before', 'pts/min before', 'min now', 'pts/min now', 'now / very common'],
  DROPPABLE.map((rarity) => [
    rarity,
    tierPoints(rarity),
    oldResearchMinutes(rarity),
    fixed(oldTierPoints(rarity) / oldResearchMinutes(rarity)),
    researchMinutes(rarity),
    fixed(tierPoints(rarity) / researchMinutes(rarity)),
    fixed(tierPoints(rarity) / researchMinutes(rarity) / (tierPoints('verycommon') / researchMinutes('verycommon')), 2),
  ]),
);

// 2. Six hours of play for 1,000 players: one scavenge every 2 minutes (the energy regeneration), "Take best" or
// "Keep for research", and every fully researched item goes to the trophy case at once.
type Owned = ResearchItem & { catalogId: string };
function play(strategy: 'best' | 'research', research: (rarity: Rarity) => number, seed: number) {
  const src = seededRandom(seed);
  let equipped: Owned[] = [];
  const trophies = new Set<string>();
  let score = 0;
  let id = 0;
  let lostMs = 0;
  const end = 6 * 60 * MINUTE;
  for (let now = 0; now < end; now += 2 * MINUTE) {
    // Research this far: whatever is complete goes to the trophy case.
    for (const item of [...equipped]) {
      if (researchedMs(item, now) >= research(item.rarity)) {
        equipped = equipped.filter((other) => other !== item);
        trophies.add(item.catalogId);
        score += tierPoints(item.rarity) * (item.quality ?? 1);
      }
    }
    const finds: Owned[] = rollLoot(src).map((find) => {
      const entry = catalogueById(find.catalogId)!;
      return { id: `f${id++}`, itemName: entry.name, catalogId: entry.id, rarity: entry.rarity, attack: entry.attack, defense: entry.defense, quality: find.quality, researchMs: 0, equippedAt: null };
    });
    const { take, drop } = strategy === 'best' ? bestSwap(equipped, finds) : keepForResearch(equipped, finds, trophies, now);
    for (const item of drop) lostMs += Math.min(researchedMs(item, now), research(item.rarity));
    equipped = [...equipped.filter((item) => !drop.includes(item)), ...take.map((item) => ({ ...item, equippedAt: now }))];
  }
  const power = equipped.reduce((sum, item) => sum + Number(displayStat(item.attack, item.quality)) + Number(displayStat(item.defense, item.quality)), 0);
  const attack = equipped.reduce((sum, item) => sum + Number(displayStat(item.attack, item.quality)), 0);
  return { score, collection: trophies.size, lostMs, power, fighter: { attack, defense: power - attack } };
}
const mean = (values: number[]) => values.reduce((sum, v) => sum + v, 0) / values.length;
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
const plays: Record<string, ReturnType<typeof play>[]> = {};
for (const [name, strategy, research] of [
  ['Take best, research before', 'best', (rarity: Rarity) => oldResearchMinutes(rarity) * MINUTE],
  ['Take best, research now', 'best', researchDurationMs],
  ['Keep for research, research before', 'research', (rarity: Rarity) => oldResearchMinutes(rarity) * MINUTE],
  ['Keep for research, research now', 'research', researchDurationMs],
] as const) {
  plays[name] = Array.from({ length: PLAYERS }, (_, player) => play(strategy, research, 1_000_003 * (player + 1)));
}
table(
  `2. Six hours of play, ${PLAYERS} players, one scavenge every 2 minutes, trophies as soon as researched`,
  ['strategy', 'mean score', 'median score', 'players at 0', 'distinct items in case', 'research lost / player'],
  Object.entries(plays).map(([name, results]) => [
    name,
    fixed(mean(results.map((r) => r.score)), 1),
    median(results.map((r) => r.score)),
    results.filter((r) => r.score === 0).length,
    fixed(mean(results.map((r) => r.collection)), 1),
    `${Math.round(mean(results.map((r) => r.lostMs)) / MINUTE)} min`,
  ]),
);

// 3. Knockouts: the simulated players' equipped stats against an opponent of 1×, 1.5× and 2× their power
// (stats and base scaled), 10 fights each: 10,000 fights per row, under both fight versions.
const fighters = plays['Take best, research now']!.map((r) => r.fighter);
const scaled = (f: Fighter, k: number): Fighter => ({
  attack: Math.round((f.attack + FIGHT_STAT_BASE) * k - FIGHT_STAT_BASE),
  defense: Math.round((f.defense + FIGHT_STAT_BASE) * k - FIGHT_STAT_BASE),
});
function fights(rules: (a: Fighter, d: Fighter, src: RandomSource) => FightResult, k: number, strongAttacks: boolean) {
  let knockouts = 0;
  let strongWins = 0;
  let strikes = 0;
  let n = 0;
  fighters.forEach((weak, player) => {
    const strong = scaled(weak, k);
    for (let round = 0; round < 10; round += 1) {
      const src = seededRandom(7_919 * (player * 10 + round + 1));
      const result = strongAttacks ? rules(strong, weak, src) : rules(weak, strong, src);
      knockouts += Number(isKnockout(result));
      strongWins += Number(result.winner === (strongAttacks ? 'attacker' : 'defender'));
      strikes += result.rounds.length;
      n += 1;
    }
  });
  return [percent(knockouts / n), percent(strongWins / n), fixed(strikes / n, 1)];
}
const knockoutRows: unknown[][] = [];
for (const k of [1, 1.5, 2]) {
  for (const strongAttacks of [true, false]) {
    knockoutRows.push([`${k}×`, strongAttacks ? 'stronger attacks' : 'stronger defends', ...fights(fightV1, k, strongAttacks), ...fights(fight, k, strongAttacks)]);
  }
}
table(
  '3. Fights against 1×, 1.5× and 2× the power (10,000 fights a row; "stronger" is the first player at 1×)',
  ['power', 'who', 'KO v1', 'stronger wins v1', 'strikes v1', 'KO v2', 'stronger wins v2', 'strikes v2'],
  knockoutRows,
);

/** ADR 015's take, which this table measured: 10 % of the gold above the protected amount (ADR 030 replaced it). */
const goldTaken = (gold: number, level: number) => Math.floor(Math.max(0, gold - protectedGold(level)) * 0.1);

// 4. A saver of 300 gold who loses a defence whenever nobody is stopped from attacking them, for six hours.
function saver(rules: 'before' | 'now, no daily cap' | 'now') {
  let gold = 300;
  let xp = 0;
  let lost = { day: 0, count: 0 };
  let losses = 0;
  const start = Date.UTC(2026, 10, 24, 12, 0);
  for (let at = start; at < start + 6 * 60 * MINUTE; ) {
    const level = levelFor(xp);
    gold -= rules === 'before' ? Math.floor(gold * 0.1) : goldTaken(gold, level);
    xp += XP.fightLost;
    losses += 1;
    const next = defenceLost(lost, at);
    lost = next.lost;
    at = rules === 'now' ? next.recoveringUntil : at + FIGHT_RECOVERY_MS;
  }
  return [rules, losses, gold, levelFor(xp)];
}
table('4. A saver with 300 gold, beaten whenever they can be fought, from 12:00 UTC for six hours', ['rules', 'lost defences', 'gold left', 'level'], [
  saver('before'),
  saver('now, no daily cap'),
  saver('now'),
]);
console.info(`   (the third loss of the day protects until ${new Date(nextUtcMidnight(Date.UTC(2026, 10, 24, 12))).toISOString()})`);

// 5. Ratings: 1,000 players with these stats fight 200 times each, each attack against one of the 10 players
// nearest in rating (as the arena lists them), Elo K = 32. The weakest sink together and take each other lower.
function ladder(floor: boolean) {
  const src = seededRandom(424_242);
  const ratings = fighters.map(() => 1000);
  let order = fighters.map((_, index) => index);
  for (let round = 0; round < 200 * fighters.length; round += 1) {
    if (round % 100 === 0) order = [...order].sort((x, y) => ratings[x]! - ratings[y]!);
    const at = src.nextUint32() % order.length;
    const near = Math.min(order.length - 1, Math.max(0, at + (src.nextUint32() % 11) - 5));
    const [a, d] = [order[at]!, order[near]!];
    if (a === d) continue;
    const won = fight(fighters[a]!, fighters[d]!, src).winner === 'attacker';
    const change = ratingChange(ratings[a]!, ratings[d]!, won);
    ratings[a] = floor ? ratingAfter(ratings[a]!, change) : ratings[a]! + change;
    ratings[d] = floor ? ratingAfter(ratings[d]!, -change) : ratings[d]! - change;
  }
  const sorted = [...ratings].sort((x, y) => x - y);
  return [floor ? 'floor 100' : 'no floor', sorted[0], sorted[Math.floor(sorted.length / 100)], median(sorted), sorted.at(-1), sorted.filter((r) => r < 100).length, sorted.filter((r) => r < 0).length];
}
table('5. Ratings after 200 fights a player against the 10 nearest in rating (1,000 players, these stats)', ['rules', 'lowest', '1st percentile', 'median', 'highest', 'under 100', 'under 0'], [
  ladder(false),
  ladder(true),
]);

// 6. Recipes against a Legendary of the same quality: the points, and how many scavenges the parts take on
// average (each named part alone; the "any N of a tier" parts are common enough not to matter).
const perFind = (rarity: DroppableRarity) => DROP_WEIGHTS[rarity] / DROP_WEIGHT_TOTAL;
const scavengesFor = (rarity: DroppableRarity, ofTier = itemsOfRarity(rarity).length) => Math.round(1 / (6 * (perFind(rarity) / ofTier)));
table(
  '6. Recipes against a Legendary (points at quality 1; scavenges = expected scavenges to find one of that item)',
  ['recipe', 'gold', 'parts points', 'points before', 'points now', 'Legendary', 'rarest named part', 'its scavenges'],
  RECIPES.map((recipe) => {
    const parts = recipe.inputs.reduce(
      (sum, input) => sum + input.count * tierPoints(input.kind === 'item' ? catalogueById(input.catalogId)!.rarity : input.rarity),
      0,
    );
    const named = recipe.inputs.flatMap((input) => (input.kind === 'item' ? [catalogueById(input.catalogId)!] : []));
    const rarest = named.reduce((a, b) => (rarityRank(b.rarity) > rarityRank(a.rarity) ? b : a));
    return [recipe.id, recipe.gold, parts, oldTierPoints('assembled'), tierPoints('assembled'), tierPoints('legendary'), `${rarest.name} (${rarest.rarity})`, scavengesFor(rarest.rarity as DroppableRarity)];
  }),
);
console.info(`   A Legendary: any one in ${scavengesFor('legendary', 1)} scavenges; an Heirloom: any one in ${scavengesFor('heirloom', 1)}.`);
