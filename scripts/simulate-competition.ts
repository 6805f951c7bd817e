// `npm run simulate:competition`: the simulation behind docs/decisions/025-competition-simulation.md (issue #41,
// docs/design.md sections 9.4 and 9.5). Seeded players play the Streets with game/rules only: rolls, energy and
// refills, research (sped up by complete sets), salvage, the market's floor and fees, trophy points, and the
// season's and league's own rules. A four-week warm-up (February 2027) comes first, so sets and gold are what a
// playing population has; then 8 weeks of leagues (from Monday 1 March) and two seasons (March, April) are
// measured. Every run prints the same tables.
//
// A sitting spends the energy bar like simulate-economy.ts (ADR 022): finished research goes to the trophy case,
// finds are taken by trophy points per minute of research (a first of its kind counts double), and an equipped
// item is dropped, and salvaged, for a find worth twice its rate. Crafting is not modelled (ADR 025).
//
// An alt ring is one person at each sitting playing five accounts of the same habit: the four alts sell the main
// what it wants at the market floor and pass it their gold through a listing of the main's that they buy. Under
// the rule in force (docs/design.md section 9.4) a bought item scores nothing, so the main buys only what
// completes its sets and the alts buy no refills, leaving their gold for the main's; under the old rule the main
// bought all the alts' research and scored it, so each alt played the whole habit.
import { GOLD_PER_SCAVENGE, MAX_ENERGY } from '../game/constants';
import { catalogueById } from '../game/rules/catalogue';
import { spendEnergy } from '../game/rules/energy';
import { LEAGUE_TIERS, leagueMove, leaguePrize, leagueRanks, LEAGUE_SIZE, nextTier, weekBounds, weekOf, weekPoints, type LeagueTier } from '../game/rules/league';
import { listingFee, proceedsOf } from '../game/rules/market';
import { DROPPABLE, researchMinutes, type Rarity } from '../game/rules/rarity';
import { randomInt, seededRandom, type RandomSource } from '../game/rules/random';
import { equipResearch, NEW_RESEARCH, researchLeftMs } from '../game/rules/research';
import { rollLoot } from '../game/rules/rolls';
import { floorPrice, salvageGold } from '../game/rules/salvage';
import { seasonOf, seasonPoints, seasonPrize } from '../game/rules/season';
import { MAX_RESEARCH_BONUS_PERCENT, researchBonusPercent } from '../game/rules/sets';
import { refillPrice } from '../game/rules/shop';
import { trophyPoints } from '../game/rules/trophy';

const MINUTE = 60_000;
const DAY = 1440 * MINUTE;
const WARM_UP_FROM = Date.UTC(2027, 1, 1);
const LEAGUES_FROM = Date.UTC(2027, 2, 1);
const WEEKS = 8;
const END = Date.UTC(2027, 4, 1);
const SEASONS = [seasonOf(Date.UTC(2027, 2, 1)), seasonOf(Date.UTC(2027, 3, 1))];
/** The rings are compared in the warm-up month too: five new accounts against one, when sets matter most. */
const RING_SEASONS = [seasonOf(WARM_UP_FROM), ...SEASONS];
/** A scavenge takes this long, so the bar regenerates a little during a sitting (ADR 022). */
const SCAVENGE_SECONDS = 20;
/** Inventory slots, each researching one item. */
const SLOTS = 6;
const ALTS = 4;

interface Habit {
  name: string;
  /** Local minutes after midnight. */
  sittings: readonly number[];
  /** Refills bought a UTC day at most, when the bar is empty and the bank affords them. */
  refills: number;
}

/** The measured habits (ADRs 016 and 022), and a light player who sits once a day. */
const LIGHT: Habit = { name: 'light', sittings: [20 * 60], refills: 0 };
const CASUAL: Habit = { name: 'casual', sittings: [8 * 60, 20 * 60], refills: 0 };
const ENGAGED: Habit = { name: 'engaged', sittings: [8 * 60, 13 * 60, 20 * 60], refills: 1 };
const EVERY_REFILL: Habit = { name: 'every refill', sittings: [8 * 60, 13 * 60, 20 * 60], refills: Infinity };
const HABITS = [LIGHT, CASUAL, ENGAGED, EVERY_REFILL];

/** The population: persons per habit out of 100 (no measured mix exists; ADR 025), and the share running a ring. */
const MIX: readonly (readonly [Habit, number])[] = [[LIGHT, 40], [CASUAL, 30], [ENGAGED, 20], [EVERY_REFILL, 10]];
const PERSONS = 700;
const RING_PERCENT = 2;
/** Rings per habit in the side-by-side comparison with a lone account of the same seed. */
const RINGS_COMPARED = 10;

type Rule = 'researched' | 'old';

/** Trophy points a minute of research, by tier and quality: what a slot earns while an item is in it. */
const PER_MINUTE = new Map<Rarity, number[]>(DROPPABLE.map((rarity) => [rarity, Array.from({ length: 11 }, (_, quality) => trophyPoints(rarity, quality) / researchMinutes(rarity))]));
const perMinute = (rarity: Rarity, quality: number) => PER_MINUTE.get(rarity)![quality]!;

interface Slot {
  catalogId: string;
  rarity: Rarity;
  quality: number;
  doneAt: number;
}

interface Week {
  joinedAt: number;
  points: number;
}

/** The week and season of a UTC day, worked out once a day rather than at every trophy. */
const calendar = new Map<number, { week: string; season: string }>();
function dayKeys(now: number) {
  const day = Math.floor(now / DAY);
  let keys = calendar.get(day);
  if (!keys) calendar.set(day, (keys = { week: weekOf(now), season: seasonOf(now) }));
  return keys;
}

class Account {
  gold = 100;
  energy = { energy: MAX_ENERGY, energyAt: WARM_UP_FROM };
  refillDay = -1;
  boughtToday = 0;
  slots: Slot[] = [];
  /** Catalogue ids in the trophy case, and the research speed its complete sets give. */
  collected = new Set<string>();
  speed = 0;
  /** Days from the start until complete sets gave the most research speed. */
  fullSpeedDay = Infinity;
  weeks = new Map<string, Week>();
  seasons = new Map<string, { points: number; trophies: number }>();
  readonly src: RandomSource;
  constructor(seed: number) {
    this.src = seededRandom(seed);
  }

  /** Research that finished by `now`, out of the slots. */
  collect(now: number): Slot[] {
    const done = this.slots.filter((slot) => slot.doneAt <= now);
    this.slots = this.slots.filter((slot) => slot.doneAt > now);
    return done;
  }

  /** Into the case at `now`; `scores` when this account researched it (or under the old rule). */
  trophy(item: Slot, now: number, scores: boolean) {
    if (!this.collected.has(item.catalogId)) {
      this.collected.add(item.catalogId);
      this.speed = researchBonusPercent(this.collected);
      if (this.speed === MAX_RESEARCH_BONUS_PERCENT) this.fullSpeedDay = Math.min(this.fullSpeedDay, Math.ceil((now - WARM_UP_FROM) / DAY));
    }
    const week = weekPoints(item.rarity, item.quality, item.doneAt, scores, now);
    if (week > 0) {
      const { week: key } = dayKeys(now);
      const row = this.weeks.get(key) ?? { joinedAt: now, points: 0 };
      row.points += week;
      this.weeks.set(key, row);
    }
    const season = scores ? seasonPoints(item.rarity, item.quality, item.doneAt, now) : 0;
    if (season > 0) {
      const { season: key } = dayKeys(now);
      const row = this.seasons.get(key) ?? { points: 0, trophies: 0 };
      row.points += season;
      row.trophies += 1;
      this.seasons.set(key, row);
    }
  }

  /** Spends the bar at `now`, buying up to `refills` refills a UTC day. */
  scavenge(now: number, refills: number) {
    // The case does not change during a sitting, so each slot's worth is worked out once.
    const worth = (item: Slot) => perMinute(item.rarity, item.quality) * (this.collected.has(item.catalogId) ? 1 : 2);
    const worths = this.slots.map(worth);
    if (Math.floor(now / DAY) !== this.refillDay) {
      this.refillDay = Math.floor(now / DAY);
      this.boughtToday = 0;
    }
    for (;;) {
      const spent = spendEnergy(this.energy.energy, this.energy.energyAt, now, 1);
      if (!spent) {
        if (this.boughtToday >= refills || this.gold < refillPrice(this.boughtToday)) return;
        this.gold -= refillPrice(this.boughtToday);
        this.boughtToday += 1;
        this.energy = { energy: MAX_ENERGY, energyAt: now };
        continue;
      }
      this.energy = spent;
      this.gold += GOLD_PER_SCAVENGE;
      for (const roll of rollLoot(this.src)) {
        const find: Slot = { catalogId: roll.catalogId, rarity: catalogueById(roll.catalogId)!.rarity, quality: roll.quality, doneAt: 0 };
        const value = worth(find);
        const worst = this.slots.length < SLOTS ? this.slots.length : worths.indexOf(Math.min(...worths));
        if (worst === this.slots.length || value > 2 * worths[worst]!) {
          if (worst < this.slots.length) this.gold += salvageGold(this.slots[worst]!);
          find.doneAt = now + researchLeftMs(find.rarity, equipResearch(NEW_RESEARCH, now, this.speed), now);
          this.slots[worst] = find;
          worths[worst] = value;
        } else {
          this.gold += salvageGold(find);
        }
      }
      now += SCAVENGE_SECONDS * 1000;
    }
  }
}

interface Person {
  habit: Habit;
  /** Minutes the person's local clock is ahead of UTC: players live round the world. */
  offset: number;
  main: Account;
  alts: Account[];
}

/** The main buys at the floor from an alt; the alt is paid what a sale pays, less its listing fee. */
function sell(from: Account, to: Account, item: Slot) {
  const price = floorPrice(item);
  to.gold -= price;
  from.gold += proceedsOf(price) - listingFee(price);
}

function sit(person: Person, now: number, rule: Rule) {
  const { main, alts, habit } = person;
  for (const alt of alts) {
    // The alt's gold goes to the main, for refills: the main lists an item at that price and the alt buys it.
    // Under the old rule each alt kept its gold for its own refills, which cost less than the main's next one.
    if (rule === 'researched' && alt.gold > 0) {
      main.gold += proceedsOf(alt.gold) - listingFee(alt.gold);
      alt.gold = 0;
    }
    for (const item of alt.collect(now)) {
      const wanted = rule === 'old' || !main.collected.has(item.catalogId);
      if (wanted && main.gold >= floorPrice(item)) {
        sell(alt, main, item);
        main.trophy(item, now, rule === 'old');
      } else {
        alt.trophy(item, now, true);
      }
    }
    // Under the old rule the alts' research scored for the main, so each alt played the whole habit.
    alt.scavenge(now, rule === 'old' ? habit.refills : 0);
  }
  for (const item of main.collect(now)) main.trophy(item, now, true);
  main.scavenge(now, habit.refills);
}

function play(person: Person, rule: Rule) {
  const sittings = person.habit.sittings.map((minute) => (minute - person.offset + 2 * 1440) % 1440).sort((a, b) => a - b);
  for (let day = WARM_UP_FROM; day < END; day += DAY) {
    for (const minute of sittings) sit(person, day + minute * MINUTE, rule);
  }
}

function person(habit: Habit, seed: number, offset: number, ring: boolean): Person {
  return { habit, offset, main: new Account(seed), alts: ring ? Array.from({ length: ALTS }, (_, n) => new Account(seed + 1 + n)) : [] };
}

const fmt = (n: number, digits = 0) => n.toLocaleString('en-US', { maximumFractionDigits: digits, minimumFractionDigits: digits });
const pct = (n: number) => `${fmt(n * 100, 1)} %`;
const seasonScore = (account: Account, season: string) => account.seasons.get(season)?.points ?? 0;

// 1. Alt rings: each ring's main against a lone account with the main's seed, offset and habit, from new.
const ringRows = HABITS.map((habit, h) => {
  const totals = { alone: RING_SEASONS.map(() => 0), researched: RING_SEASONS.map(() => 0), old: RING_SEASONS.map(() => 0) };
  /** The day each main's sets first gave the most research speed. */
  const fullSpeed = { alone: [] as number[], researched: [] as number[], old: [] as number[] };
  for (let n = 0; n < RINGS_COMPARED; n += 1) {
    const seed = 41_000_000 + (h * RINGS_COMPARED + n) * 8;
    const offset = randomInt(seededRandom(seed), 1440);
    for (const [key, ring, rule] of [['alone', false, 'researched'], ['researched', true, 'researched'], ['old', true, 'old']] as const) {
      const run = person(habit, seed, offset, ring);
      play(run, rule);
      RING_SEASONS.forEach((season, s) => {
        totals[key][s]! += seasonScore(run.main, season);
      });
      fullSpeed[key].push(run.main.fullSpeedDay);
    }
  }
  return { habit, ...totals, fullSpeed };
});

// 2 and 3. The population: leagues week by week, and each season's board.
const draw = seededRandom(41_100_000);
const population: Person[] = Array.from({ length: PERSONS }, (_, n) => {
  let ticket = randomInt(draw, 100);
  const habit = MIX.find(([, share]) => (ticket -= share) < 0)![0];
  const ring = randomInt(draw, 100) < RING_PERCENT;
  return person(habit, 41_200_000 + n * 8, randomInt(draw, 1440), ring);
});
for (const member of population) play(member, 'researched');

interface Entry {
  account: Account;
  habit: Habit;
  kind: 'lone' | 'main' | 'alt';
}
const entries: Entry[] = population.flatMap((member) => [
  { account: member.main, habit: member.habit, kind: member.alts.length > 0 ? ('main' as const) : ('lone' as const) },
  ...member.alts.map((account) => ({ account, habit: member.habit, kind: 'alt' as const })),
]);

const tiers = new Map<Account, LeagueTier>(entries.map((entry) => [entry.account, 'scrap']));
const prizes = new Map<Account, number>();
let largestLeague = 0;
for (let week = 0; week < WEEKS; week += 1) {
  const key = weekOf(LEAGUES_FROM + week * 7 * DAY);
  const joined = entries.filter((entry) => entry.account.weeks.has(key));
  const moves: [Account, LeagueTier][] = [];
  for (const tier of LEAGUE_TIERS) {
    // One league of a tier is open at a time, filled in the order its players first score in the week.
    const ofTier = joined.filter((entry) => tiers.get(entry.account) === tier).sort((a, b) => a.account.weeks.get(key)!.joinedAt - b.account.weeks.get(key)!.joinedAt);
    for (let first = 0; first < ofTier.length; first += LEAGUE_SIZE) {
      const league = ofTier.slice(first, first + LEAGUE_SIZE);
      largestLeague = Math.max(largestLeague, league.length);
      const ranks = leagueRanks(league.map((entry) => entry.account.weeks.get(key)!.points));
      league.forEach((entry, index) => {
        const rank = ranks[index]!;
        if (leaguePrize(rank, LEAGUE_TIERS.indexOf(tier), league.length) > 0) prizes.set(entry.account, (prizes.get(entry.account) ?? 0) + 1);
        moves.push([entry.account, nextTier(tier, leagueMove(rank, league.length))]);
      });
    }
  }
  for (const [account, tier] of moves) tiers.set(account, tier);
}

const medals = SEASONS.map((season) => {
  const board = entries.filter((entry) => seasonScore(entry.account, season) > 0);
  const scores = board.map((entry) => seasonScore(entry.account, season));
  // Ties share the better rank, as in the season's payout and in a league.
  const ranks = leagueRanks(scores);
  return board.filter((entry, index) => seasonPrize(ranks[index]!, board.length, entry.account.seasons.get(season)!.trophies).medal);
});

// The tables.
const players = (habit: Habit) => entries.filter((entry) => entry.habit === habit && entry.kind !== 'alt');
const everWon = (list: readonly Entry[]) => list.filter((entry) => prizes.has(entry.account)).length / list.length;
const worstRatio = Math.max(...ringRows.flatMap((row) => row.researched.map((points, s) => points / row.alone[s]!)));
const oldRatio = ringRows.flatMap((row) => row.old.map((points, s) => points / row.alone[s]!));
const casualShare = everWon(players(CASUAL));
const medalShares = medals.map((list) => list.length / entries.length);
const met = (ok: boolean) => (ok ? 'met' : '**missed**');

console.info(`${PERSONS} persons (${entries.length} accounts, ${RING_PERCENT} % running ${ALTS + 1}), the Streets, seeded; ${RINGS_COMPARED} rings a habit compared\n`);
console.info('### Against the targets (docs/design.md section 9.5)\n');
console.info('| Figure | Target | Simulated | |');
console.info('|---|---|---|---|');
console.info(`| A ring's main ÷ one account of the same play (season points, the highest habit and month) | at most 1.3× | ${fmt(worstRatio, 2)}× | ${met(worstRatio <= 1.3)} |`);
console.info(`| The same under the old rule (every trophy scores for whoever adds it) | for comparison | ${fmt(Math.min(...oldRatio), 2)}–${fmt(Math.max(...oldRatio), 2)}× | |`);
console.info(`| Casual players with a league prize (rank 1–3) in ${WEEKS} weeks | at least 25 % | ${pct(casualShare)} | ${met(casualShare >= 0.25)} |`);
console.info(`| Accounts with a season medal (${SEASONS.join(', ')}) | at most 12 % | ${medalShares.map(pct).join(', ')} | ${met(medalShares.every((share) => share <= 0.12))} |`);

console.info('\n### Alt rings: season points of the main, mean per person\n');
console.info(`| Habit | Season | One account | Ring, researched by you | ÷ one | Ring, old rule | ÷ one |`);
console.info('|---|---|---|---|---|---|---|');
for (const row of ringRows) {
  const per = (total: number) => fmt(total / RINGS_COMPARED);
  RING_SEASONS.forEach((season, s) => {
    const name = s === 0 ? `${season} (new accounts)` : season;
    console.info(`| ${row.habit.name} | ${name} | ${per(row.alone[s]!)} | ${per(row.researched[s]!)} | ${fmt(row.researched[s]! / row.alone[s]!, 2)}× | ${per(row.old[s]!)} | ${fmt(row.old[s]! / row.alone[s]!, 2)}× |`);
  });
}
const median = (days: number[]) => {
  const day = [...days].sort((a, b) => a - b)[Math.floor(days.length / 2)]!;
  return Number.isFinite(day) ? `day ${day}` : 'never';
};
console.info(`\nThe median day a main's sets first give +${MAX_RESEARCH_BONUS_PERCENT} % research speed, alone / in a ring: ${ringRows.map((row) => `${row.habit.name} ${median(row.fullSpeed.alone)} / ${median(row.fullSpeed.researched)}`).join('; ')}.`);

console.info(`\n### Leagues over ${WEEKS} weeks (largest league ${largestLeague}) and season medals, by habit\n`);
console.info(`| Players | Accounts | Won a league prize | Prizes each | Tier after week ${WEEKS} (${LEAGUE_TIERS.join(' / ')}) | ${SEASONS.map((season) => `Medal ${season}`).join(' | ')} |`);
console.info(`|---|---|---|---|---|${SEASONS.map(() => '---|').join('')}`);
const groups: [string, Entry[]][] = [
  ...HABITS.map((habit): [string, Entry[]] => [habit.name, entries.filter((entry) => entry.habit === habit && entry.kind === 'lone')]),
  ['ring mains', entries.filter((entry) => entry.kind === 'main')],
  ['ring alts', entries.filter((entry) => entry.kind === 'alt')],
];
for (const [name, list] of groups) {
  const tierCounts = LEAGUE_TIERS.map((tier) => list.filter((entry) => tiers.get(entry.account) === tier).length);
  const prizeCount = list.reduce((sum, entry) => sum + (prizes.get(entry.account) ?? 0), 0);
  const medalCells = medals.map((won) => pct(won.filter((entry) => list.includes(entry)).length / list.length));
  console.info(`| ${name} | ${list.length} | ${pct(everWon(list))} | ${fmt(prizeCount / list.length, 2)} | ${tierCounts.join(' / ')} | ${medalCells.join(' | ')} |`);
}
const weekEnds = weekBounds(LEAGUES_FROM + (WEEKS - 1) * 7 * DAY).endsAt;
console.info(`\nLeagues from ${new Date(LEAGUES_FROM).toISOString().slice(0, 10)} to ${new Date(weekEnds - 1).toISOString().slice(0, 10)}; a player joins in the week they first score.`);
