// The model behind docs/decisions/028-full-leagues.md (issue #54, docs/design.md sections 9.3 to 9.5), shared by
// `npm run simulate:leagues` (the ADR's tables) and test/game/league-model.test.ts (each target at a fixed seed).
// Seeded players play the Streets with game/rules only: rolls, energy and refills, research and its set speed,
// salvage, the market's fees, the research bench, week points with the 24 hours of grace, and the leagues' own
// tables, moves and prizes. A week of warm-up, then 8 weeks of leagues from Monday 1 March 2027.
//
// Kinds of player: four habits (light, casual, engaged, every refill), sandbaggers (casual players who drop a tier
// on purpose every other week, using the grace) and alt rings (a main and four alts whose gold buys the main's
// refills, each alt giving the main the day's fight win).
import { DUFFEL_SLOT_PRICE, GOLD_PER_SCAVENGE, MAX_ENERGY } from '../game/constants';
import { catalogueById } from '../game/rules/catalogue';
import { spendEnergy } from '../game/rules/energy';
import { FIGHT_ENERGY_COST } from '../game/rules/fight';
import { LEAGUE_SIZE, LEAGUE_TIERS, leagueMove, leaguePrize, leagueRanks, leagueTables, MIN_TABLE, nextTier, prizePlaces, prizeQualifies, type LastWeek, weekOf, weekPoints, type LeagueTier } from '../game/rules/league';
import { listingFee, proceedsOf } from '../game/rules/market';
import { DROPPABLE, researchMinutes, type Rarity } from '../game/rules/rarity';
import { randomInt, seededRandom, type RandomSource } from '../game/rules/random';
import { equipResearch, NEW_RESEARCH, researchLeftMs } from '../game/rules/research';
import { rollItem } from '../game/rules/rolls';
import { salvageGold } from '../game/rules/salvage';
import { researchBonusPercent } from '../game/rules/sets';
import { FARMING_LIMIT, zonePay } from '../game/rules/energy-pay';
import { BENCH_GOLD, refillPrice } from '../game/rules/shop';
import { trophyPoints } from '../game/rules/trophy';
import { DEFAULT_ZONE } from '../game/rules/zones';

const MINUTE = 60_000;
const DAY = 1440 * MINUTE;
export const LEAGUES_FROM = Date.UTC(2027, 2, 1);
const WARM_UP_FROM = LEAGUES_FROM - 7 * DAY;
export const WEEKS = 8;
const END = LEAGUES_FROM + WEEKS * 7 * DAY;
/** A scavenge takes this long, so the bar regenerates a little during a sitting (ADR 022). */
const SCAVENGE_SECONDS = 20;
const SLOTS = 6;
const ALTS = 4;

export interface Habit {
  name: string;
  /** Local minutes after midnight. */
  sittings: readonly number[];
  /** Refills bought a UTC day at most, when the bar is empty and the bank affords them. */
  refills: number;
}

/** The habits of ADR 025: a light player sits once a day, a casual player twice, both buy no refills. */
export const LIGHT: Habit = { name: 'light', sittings: [20 * 60], refills: 0 };
export const CASUAL: Habit = { name: 'casual', sittings: [8 * 60, 20 * 60], refills: 0 };
export const ENGAGED: Habit = { name: 'engaged', sittings: [8 * 60, 13 * 60, 20 * 60], refills: 1 };
export const EVERY_REFILL: Habit = { name: 'every refill', sittings: [8 * 60, 13 * 60, 20 * 60], refills: Infinity };
export const HABITS = [LIGHT, CASUAL, ENGAGED, EVERY_REFILL];
const MIX: readonly (readonly [Habit, number])[] = [[LIGHT, 40], [CASUAL, 30], [ENGAGED, 20], [EVERY_REFILL, 10]];

/** Gold a fight win can pay at most (the arena's 1.5× bound, issue #53): the day's win an alt gives its main. */
const FIGHT_GOLD = Math.floor(FIGHT_ENERGY_COST * FARMING_LIMIT * zonePay(DEFAULT_ZONE).gold);

const PER_MINUTE = new Map<Rarity, number[]>(DROPPABLE.map((rarity) => [rarity, Array.from({ length: 11 }, (_, quality) => trophyPoints(rarity, quality) / researchMinutes(rarity))]));

interface Slot {
  catalogId: string;
  rarity: Rarity;
  quality: number;
  doneAt: number;
  worth: number;
}

/** Week keys of a day, worked out once. */
const weekKeys = new Map<number, string>();
const weekKey = (now: number) => {
  const day = Math.floor(now / DAY);
  let key = weekKeys.get(day);
  if (key === undefined) weekKeys.set(day, (key = weekOf(now)));
  return key;
};
const weekIndex = (now: number) => Math.floor((now - LEAGUES_FROM) / (7 * DAY));

export class Account {
  gold = 100;
  energy = { energy: MAX_ENERGY, energyAt: WARM_UP_FROM };
  refillDay = -1;
  boughtToday = 0;
  slots: Slot[] = [];
  bench: Slot | null = null;
  duffel = 0;
  collected = new Set<string>();
  speed = 0;
  /** Week points and when the account first scored in each week. */
  weeks = new Map<string, { joinedAt: number; points: number }>();
  /** Gold earned (scavenges, salvage, fights) and spent on sinks (refills, the bench, duffel slots, market fees). */
  earned = 0;
  spent = 0;
  /** Research finished and not yet added (a sandbagger's drop week). */
  held: Slot[] = [];
  readonly src: RandomSource;
  /** Buys the bench by the casual rule (ADR 028). */
  readonly benches: boolean;
  constructor(seed: number, benches = true) {
    this.src = seededRandom(seed);
    this.benches = benches;
  }

  collect(now: number): Slot[] {
    const done = this.slots.filter((slot) => slot.doneAt <= now);
    if (done.length > 0) this.slots = this.slots.filter((slot) => slot.doneAt > now);
    if (this.bench && this.bench.doneAt <= now) {
      done.push(this.bench);
      this.bench = null;
    }
    return done;
  }

  trophy(item: Slot, now: number) {
    if (!this.collected.has(item.catalogId)) {
      this.collected.add(item.catalogId);
      this.speed = researchBonusPercent(this.collected);
    }
    const points = weekPoints(item.rarity, item.quality, item.doneAt, true, now);
    if (points === 0 || now < LEAGUES_FROM) return;
    const key = weekKey(now);
    const row = this.weeks.get(key) ?? { joinedAt: now, points: 0 };
    row.points += points;
    this.weeks.set(key, row);
  }

  pay(gold: number) {
    this.gold -= gold;
    this.spent += gold;
  }

  /** Spends the bar at `now`, buying up to `refills` refills a UTC day. */
  scavenge(now: number, refills: number) {
    if (Math.floor(now / DAY) !== this.refillDay) {
      this.refillDay = Math.floor(now / DAY);
      this.boughtToday = 0;
    }
    const worthOf = (rarity: Rarity, quality: number, catalogId: string) => PER_MINUTE.get(rarity)![quality]! * (this.collected.has(catalogId) ? 1 : 2);
    let worst = this.worst();
    for (;;) {
      const spent = spendEnergy(this.energy.energy, this.energy.energyAt, now, 1);
      if (!spent) {
        if (this.boughtToday >= refills || this.gold < refillPrice(this.boughtToday)) return;
        this.pay(refillPrice(this.boughtToday));
        this.boughtToday += 1;
        this.energy = { energy: MAX_ENERGY, energyAt: now };
        continue;
      }
      this.energy = spent;
      this.gold += GOLD_PER_SCAVENGE;
      this.earned += GOLD_PER_SCAVENGE;
      for (let n = 0; n < 6; n += 1) {
        const roll = rollItem(this.src);
        const rarity = catalogueById(roll.catalogId)!.rarity;
        const worth = worthOf(rarity, roll.quality, roll.catalogId);
        const find = { catalogId: roll.catalogId, rarity, quality: roll.quality, doneAt: 0, worth };
        const take = () => {
          find.doneAt = now + researchLeftMs(rarity, equipResearch(NEW_RESEARCH, now, this.speed), now);
          return find;
        };
        if (this.slots.length < SLOTS) {
          this.slots.push(take());
          worst = this.worst();
          continue;
        }
        const weakest = this.slots[worst]!;
        if (worth > 2 * weakest.worth) {
          // Dropped for a find worth twice it: salvaged.
          this.earn(salvageGold(weakest));
          this.slots[worst] = take();
          worst = this.worst();
        } else if (this.benches && this.bench === null && worth > weakest.worth && this.gold >= 2 * BENCH_GOLD + (this.duffel === 0 ? DUFFEL_SLOT_PRICE : 0)) {
          // The casual rule (ADR 028): a find worth a slot, the bench free and twice its price in hand: the slot
          // with the most research left goes to the bench, still researching, and the find takes its place.
          if (this.duffel === 0) {
            this.pay(DUFFEL_SLOT_PRICE);
            this.duffel = 1;
          }
          this.pay(BENCH_GOLD);
          let longest = 0;
          for (let s = 1; s < this.slots.length; s += 1) if (this.slots[s]!.doneAt > this.slots[longest]!.doneAt) longest = s;
          this.bench = this.slots[longest]!;
          this.slots[longest] = take();
          worst = this.worst();
        } else {
          this.earn(salvageGold(find));
        }
      }
      now += SCAVENGE_SECONDS * 1000;
    }
  }

  earn(gold: number) {
    this.gold += gold;
    this.earned += gold;
  }

  private worst(): number {
    let worst = 0;
    for (let s = 1; s < this.slots.length; s += 1) if (this.slots[s]!.worth < this.slots[worst]!.worth) worst = s;
    return worst;
  }
}

export type Kind = 'lone' | 'sandbagger' | 'main' | 'alt';

export interface Person {
  habit: Habit;
  kind: Kind;
  /** Minutes the person's local clock is ahead of UTC. */
  offset: number;
  main: Account;
  alts: Account[];
  /** Week points a sandbagger adds in a week of holding, at the least (0: one small trophy). */
  dropPoints: number;
}

/** The UTC day each alt last lost its fight to its main. */
const fightDays = new WeakMap<Account, number>();

/** A sandbagger's drop weeks: every other week, from the second. */
const dropWeek = (now: number) => now >= LEAGUES_FROM && weekIndex(now) % 2 === 1;
const sunday = (now: number) => new Date(now).getUTCDay() === 0;

function sit(person: Person, now: number, last: boolean) {
  const { main, alts, habit, kind } = person;
  const today = Math.floor(now / DAY);
  for (const alt of alts) {
    for (const item of alt.collect(now)) alt.trophy(item, now);
    alt.scavenge(now, 0);
    // The day's fight win (its energy the main's), then the rest of the alt's gold through a listing of the main's
    // that the alt buys, less the market's fees.
    const fought = fightDays.get(alt) === today ? null : spendEnergy(main.energy.energy, main.energy.energyAt, now, FIGHT_ENERGY_COST);
    if (fought) {
      fightDays.set(alt, today);
      main.energy = fought;
      const gold = Math.min(FIGHT_GOLD, alt.gold);
      alt.gold -= gold;
      main.earn(gold);
    }
    if (alt.gold > 0) {
      main.gold += proceedsOf(alt.gold) - listingFee(alt.gold);
      alt.gold = 0;
    }
  }
  const done = main.collect(now);
  if (kind === 'sandbagger' && dropWeek(now)) {
    main.held.push(...done);
    // The smallest trophies on Sunday's last sitting, up to `dropPoints` (at least one): joined, and last.
    if (sunday(now) && last && main.held.length > 0 && !main.weeks.has(weekKey(now))) {
      main.held.sort((a, b) => trophyPoints(a.rarity, a.quality) - trophyPoints(b.rarity, b.quality));
      for (;;) {
        const small = main.held.findIndex((item) => weekPoints(item.rarity, item.quality, item.doneAt, true, now) > 0);
        if (small < 0) break;
        main.trophy(main.held.splice(small, 1)[0]!, now);
        if ((main.weeks.get(weekKey(now))?.points ?? 0) >= person.dropPoints) break;
      }
    }
  } else {
    // What was held goes in now: what finished in the 24 hours before Monday still counts (the grace).
    for (const item of [...main.held, ...done]) main.trophy(item, now);
    main.held = [];
  }
  main.scavenge(now, kind === 'main' ? Infinity : habit.refills);
}

export function play(person: Person) {
  const sittings = person.habit.sittings.map((minute) => (minute - person.offset + 2 * 1440) % 1440).sort((a, b) => a - b);
  for (let day = WARM_UP_FROM; day < END; day += DAY) {
    sittings.forEach((minute, index) => sit(person, day + minute * MINUTE, index === sittings.length - 1));
  }
}

export function person(habit: Habit, kind: Kind, seed: number, offset: number, benches = true): Person {
  const alts = kind === 'main' ? Array.from({ length: ALTS }, (_, n) => new Account(seed + 1 + n, false)) : [];
  return { habit, kind, offset, main: new Account(seed, benches), alts, dropPoints: 0 };
}

export interface Entry {
  account: Account;
  habit: Habit;
  kind: Kind;
}

export interface LeagueRun {
  entries: Entry[];
  /** League cash won in the 8 weeks, and prizes (ranks 1 to 3) won. */
  cash: Map<Account, number>;
  prizes: Map<Account, number>;
  /** The smallest table of any week, and of any week in which some tier had at least MIN_TABLE scorers. */
  smallestTable: number;
  /** Players in tables under MIN_TABLE in weeks with 10 or more scorers in a tier. */
  inSmallTables: number;
  largestTable: number;
}

/** The week-by-week leagues of these entries, as the worker fills, tables, ranks, pays and moves them. */
export function leagues(entries: readonly Entry[]): LeagueRun {
  const tiers = new Map<Account, number>(entries.map((entry) => [entry.account, 0]));
  let lastWeek = new Map<Account, LastWeek>();
  const cash = new Map<Account, number>();
  const prizes = new Map<Account, number>();
  let smallestTable = Infinity;
  let inSmallTables = 0;
  let largestTable = 0;
  for (let week = 0; week < WEEKS; week += 1) {
    const key = weekOf(LEAGUES_FROM + week * 7 * DAY);
    const joined = entries.filter((entry) => entry.account.weeks.has(key)).sort((a, b) => a.account.weeks.get(key)!.joinedAt - b.account.weeks.get(key)!.joinedAt);
    // Leagues fill one at a time per tier, in the order of first scores; ids in the order they open.
    const leaguesOf: { id: number; tier: number; members: Entry[] }[] = [];
    const open = new Map<number, { id: number; tier: number; members: Entry[] }>();
    for (const entry of joined) {
      const tier = tiers.get(entry.account)!;
      let league = open.get(tier);
      if (!league || league.members.length >= LEAGUE_SIZE) {
        league = { id: leaguesOf.length + 1, tier, members: [] };
        leaguesOf.push(league);
        open.set(tier, league);
      }
      league.members.push(entry);
    }
    const tables = leagueTables(leaguesOf.map((league) => ({ id: league.id, tier: league.tier, players: league.members.length })));
    const scorersByTier = LEAGUE_TIERS.map((_, tier) => joined.filter((entry) => tiers.get(entry.account) === tier).length);
    const moves: [Account, number][] = [];
    for (const table of tables) {
      const members = table.leagues.flatMap((id) => leaguesOf[id - 1]!.members);
      smallestTable = Math.min(smallestTable, members.length);
      largestTable = Math.max(largestTable, members.length);
      if (members.length < MIN_TABLE && members.some((entry) => scorersByTier[tiers.get(entry.account)!]! >= MIN_TABLE)) inSmallTables += members.length;
      const points = members.map((entry) => entry.account.weeks.get(key)!.points);
      const ranks = leagueRanks(points);
      const places = prizePlaces(points, members.map((entry, index) => prizeQualifies(points[index]!, tiers.get(entry.account)!, lastWeek.get(entry.account) ?? null)));
      members.forEach((entry, index) => {
        const rank = ranks[index]!;
        const place = places[index] ?? Infinity;
        const own = tiers.get(entry.account)!;
        const won = leaguePrize(place, table.tier, members.length);
        if (place <= 3) {
          cash.set(entry.account, (cash.get(entry.account) ?? 0) + won);
          prizes.set(entry.account, (prizes.get(entry.account) ?? 0) + 1);
        }
        moves.push([entry.account, LEAGUE_TIERS.indexOf(nextTier(LEAGUE_TIERS[own] as LeagueTier, leagueMove(rank, members.length)))]);
      });
    }
    lastWeek = new Map(joined.map((entry) => [entry.account, { points: entry.account.weeks.get(key)!.points, tier: tiers.get(entry.account)! }]));
    for (const [account, tier] of moves) tiers.set(account, tier);
  }
  return { entries: [...entries], cash, prizes, smallestTable, inSmallTables, largestTable };
}

export interface PopulationOptions {
  persons: number;
  seed: number;
  /** Persons out of 100 who sandbag (casual habit) and who run a ring of five (any habit). */
  sandbaggers: number;
  rings: number;
  /** Week points a sandbagger adds in a thrown week, at the least (0: one small trophy). */
  dropPoints?: number;
}

/** A population of `persons`, each played through, and its leagues. */
export function population(options: PopulationOptions): LeagueRun {
  return leagues(played(options));
}

/** A population of `persons`, each played through: its accounts, ready for the leagues. */
export function played({ persons, seed, sandbaggers, rings, dropPoints = 0 }: PopulationOptions): Entry[] {
  const draw = seededRandom(seed);
  const people = Array.from({ length: persons }, (_, n) => {
    let ticket = randomInt(draw, 100);
    const habit = MIX.find(([, share]) => (ticket -= share) < 0)![0];
    const roll = randomInt(draw, 100);
    const kind: Kind = roll < rings ? 'main' : roll < rings + sandbaggers ? 'sandbagger' : 'lone';
    const one = person(kind === 'sandbagger' ? CASUAL : habit, kind, seed + 1 + n * 8, randomInt(draw, 1440));
    one.dropPoints = dropPoints;
    return one;
  });
  for (const one of people) play(one);
  return people.flatMap((one) => [
    { account: one.main, habit: one.habit, kind: one.kind },
    ...one.alts.map((account) => ({ account, habit: one.habit, kind: 'alt' as const })),
  ]);
}

/** Week points of the 8 weeks. */
export const leaguePoints = (account: Account) => [...account.weeks.values()].reduce((sum, week) => sum + week.points, 0);

/**
 * Each habit's rings against a lone account with the main's seed, clock and habit that spends its own gold the same
 * way (every refill it affords, the bench): the mean of the mains' league points over the lone accounts'.
 */
export function ringRatios(ringsPerHabit: number, seed: number): { habit: Habit; ratio: number; main: number; alone: number }[] {
  return HABITS.map((habit, h) => {
    let main = 0;
    let alone = 0;
    for (let n = 0; n < ringsPerHabit; n += 1) {
      const at = seed + (h * ringsPerHabit + n) * 8;
      const offset = randomInt(seededRandom(at), 1440);
      const ring = person(habit, 'main', at, offset);
      const lone = person(habit, 'main', at, offset);
      lone.alts = [];
      play(ring);
      play(lone);
      main += leaguePoints(ring.main);
      alone += leaguePoints(lone.main);
    }
    return { habit, ratio: main / alone, main: main / ringsPerHabit, alone: alone / ringsPerHabit };
  });
}

/** Share of the gold earned that went on sinks, over a group. */
export const sinkShare = (accounts: readonly Account[]) => accounts.reduce((sum, account) => sum + account.spent, 0) / accounts.reduce((sum, account) => sum + account.earned, 0);
