// `npm run simulate:season`: the simulation behind docs/decisions/017-seasons.md (issue #25). Pairs of players
// with the same play time and the same finds this month (one seeded generator per pair): a newcomer who starts
// on the 1st, and a veteran who played the month before and ends it with six researches under way and a duffel
// bag of researched finds held back for the new season. Both play three sittings a day; at each sitting they
// add what has finished to the trophy case, then scavenge and keep the finds worth most per minute of research.
// The board is ranked by game/rules/season.ts's own seasonPoints; the same month is ranked again as if every
// trophy added in the month counted (no research rule), to show what the rule prevents.
import { catalogueById } from '../game/rules/catalogue';
import { researchMinutes, tierPoints, type Rarity } from '../game/rules/rarity';
import { seededRandom, type RandomSource } from '../game/rules/random';
import { rollLoot } from '../game/rules/rolls';
import { seasonBounds, seasonPoints } from '../game/rules/season';

const PAIRS = 500;
const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;
/** Three sittings a day (08:00, 13:00, 20:00 UTC) of 24 scavenges: the measured habit (ADR 016). */
const SITTINGS = [8 * 60, 13 * 60, 20 * 60].map((minutes) => minutes * MINUTE);
const SCAVENGES_A_SITTING = 24;
const INVENTORY = 6;
/** A veteran's duffel bag, all of it held back for the new season. */
const STOCKPILE = 20;
const MONTH_START = Date.UTC(2027, 2, 1);
const MONTH_END = seasonBounds(MONTH_START).endsAt;
const PREVIOUS_START = Date.UTC(2027, 1, 1);

interface Held {
  rarity: Rarity;
  quality: number;
  points: number;
  /** When research reaches 100 % (equipped the whole time). */
  finishesAt: number;
}

interface Player {
  inventory: Held[];
  stockpile: Held[];
  /** Points as the rule counts them, and as if every trophy added in the month counted. */
  season: number;
  unruled: number;
}

const value = (item: { rarity: Rarity; quality: number }) => tierPoints(item.rarity) * item.quality;
/** Points per minute of research: what a slot earns while the item is in it. */
const rate = (item: { rarity: Rarity; quality: number }) => value(item) / researchMinutes(item.rarity);

/** One sitting at `now`: finished research goes to the case (or the stockpile), then 24 scavenges. */
function sit(player: Player, now: number, src: RandomSource, hoard: boolean) {
  const finished = player.inventory.filter((item) => item.finishesAt <= now);
  player.inventory = player.inventory.filter((item) => item.finishesAt > now);
  for (const item of finished) {
    if (hoard) {
      player.stockpile = [...player.stockpile, item].sort((a, b) => b.points - a.points).slice(0, STOCKPILE);
    } else if (now >= MONTH_START) {
      player.season += seasonPoints(item.rarity, item.quality, item.finishesAt, now);
      player.unruled += item.points;
    }
  }
  for (let scavenge = 0; scavenge < SCAVENGES_A_SITTING; scavenge += 1) {
    for (const roll of rollLoot(src)) {
      const rarity = catalogueById(roll.catalogId)!.rarity;
      const find = { rarity, quality: roll.quality, points: tierPoints(rarity) * roll.quality, finishesAt: now + researchMinutes(rarity) * MINUTE };
      if (player.inventory.length < INVENTORY) {
        player.inventory.push(find);
        continue;
      }
      // "Keep for research": a slot is given up only for a find worth twice as much per minute, and never for
      // research more than half done.
      const weakest = player.inventory.reduce((a, b) => (rate(a) <= rate(b) ? a : b));
      const half = weakest.finishesAt - (researchMinutes(weakest.rarity) * MINUTE) / 2;
      if (rate(find) > 2 * rate(weakest) && now < half) player.inventory[player.inventory.indexOf(weakest)] = find;
    }
  }
}

function playMonth(player: Player, from: number, to: number, src: RandomSource, hoardFrom = Infinity) {
  for (let day = from; day < to; day += DAY) {
    for (const at of SITTINGS) sit(player, day + at, src, day >= hoardFrom);
  }
}

/** Percentile on a board: 100 for the leader, ties sharing the better rank. */
function percentiles(scores: number[]): number[] {
  return scores.map((mine) => 100 * (1 - scores.filter((other) => other > mine).length / scores.length));
}

const newcomers: Player[] = [];
const veterans: Player[] = [];
for (let pair = 0; pair < PAIRS; pair += 1) {
  const veteran: Player = { inventory: [], stockpile: [], season: 0, unruled: 0 };
  // Last month, with the last week's finds held back in the duffel bag.
  playMonth(veteran, PREVIOUS_START, MONTH_START, seededRandom(1_000_000 + pair), MONTH_START - 7 * DAY);
  // The 1st: the stockpile goes into the case at the first sitting (researched last month, so the rule counts
  // only what finished in the last day).
  for (const item of veteran.stockpile) {
    const at = MONTH_START + SITTINGS[0]!;
    veteran.season += seasonPoints(item.rarity, item.quality, item.finishesAt, at);
    veteran.unruled += item.points;
  }
  const newcomer: Player = { inventory: [], stockpile: [], season: 0, unruled: 0 };
  playMonth(veteran, MONTH_START, MONTH_END, seededRandom(pair + 1));
  playMonth(newcomer, MONTH_START, MONTH_END, seededRandom(pair + 1));
  veterans.push(veteran);
  newcomers.push(newcomer);
}

function compare(score: (player: Player) => number) {
  const all = [...newcomers, ...veterans];
  const ranked = percentiles(all.map(score));
  const gaps = newcomers.map((_, pair) => ranked[PAIRS + pair]! - ranked[pair]!).sort((a, b) => a - b);
  const mean = (values: number[]) => values.reduce((sum, v) => sum + v, 0) / values.length;
  return {
    newcomer: mean(ranked.slice(0, PAIRS)),
    veteran: mean(ranked.slice(PAIRS)),
    meanGap: mean(gaps),
    p90Gap: gaps[Math.floor(gaps.length * 0.9)]!,
  };
}

const mean = (players: Player[], score: (player: Player) => number) => players.reduce((sum, p) => sum + score(p), 0) / players.length;
console.info(`${PAIRS} pairs (a newcomer from the 1st, a veteran with a stockpile of ${STOCKPILE}), three sittings of ${SCAVENGES_A_SITTING} scavenges a day, one month\n`);
console.info('board                          newcomer pct  veteran pct  mean gap  90th pct gap   newcomer pts  veteran pts');
for (const [name, score] of [
  ['season (researched this month)', (p: Player) => p.season],
  ['every trophy added this month', (p: Player) => p.unruled],
] as const) {
  const row = compare(score);
  console.info(
    `${name.padEnd(30)} ${row.newcomer.toFixed(1).padStart(12)} ${row.veteran.toFixed(1).padStart(12)} ${row.meanGap.toFixed(1).padStart(9)} ${row.p90Gap.toFixed(1).padStart(13)} ${mean(newcomers, score).toFixed(0).padStart(14)} ${mean(veterans, score).toFixed(0).padStart(12)}`,
  );
}
