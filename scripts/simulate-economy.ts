// `npm run simulate:economy`: the simulation behind docs/decisions/022-every-find-counts.md (issue #40,
// docs/design.md sections 9.1 and 9.3). Seeded players play 61 days with game/rules only: the zone's own rolls,
// energy regenerating on its own clock, research in six slots, salvage for every find not taken and every item
// dropped, the shop's escalating refill, recipes and trophy points. Every run prints the same tables.
//
// A sitting spends the energy bar (a scavenge takes SCAVENGE_SECONDS, so the bar regenerates a little meanwhile).
// At each sitting, research that finished goes to the trophy case, unless it is a part a recipe still needs: then
// it waits in the duffel bag (slots bought as needed) until the recipe is complete and the gold is there.
// Finds are taken by points per minute of research (a first of its kind counts double, as the collection wants),
// a needed crafting part first; an equipped item is dropped, and salvaged, for a find worth twice its rate.
import { GOLD_PER_SCAVENGE, INVENTORY_SIZE, LOOT_PER_SCAVENGE, MAX_ENERGY, DUFFEL_SLOT_PRICE, GUILD_PRICE } from '../game/constants';
import { catalogueById, itemsOfRarity } from '../game/rules/catalogue';
import { craftedQuality, RECIPES, type Recipe } from '../game/rules/craft';
import { spendEnergy } from '../game/rules/energy';
import { DROPPABLE, RARITY_NAMES, researchMinutes, type Rarity } from '../game/rules/rarity';
import { seededRandom, type RandomSource } from '../game/rules/random';
import { PARTS_BY_TIER, rollLoot } from '../game/rules/rolls';
import { floorPrice, salvageGold } from '../game/rules/salvage';
import { refillPrice } from '../game/rules/shop';
import { trophyPoints } from '../game/rules/trophy';
import { ZONES, zoneById, type Zone } from '../game/rules/zones';

const DAYS = 61;
const PLAYERS = 100;
const MINUTE = 60_000;
const DAY = 1440 * MINUTE;
/** A sitting of 24 scavenges, the measured habit (ADR 016): the bar and what it regenerates meanwhile. */
const SCAVENGE_SECONDS = 20;
const START = Date.UTC(2027, 0, 4);

interface Profile {
  name: string;
  /** Minutes after midnight UTC. */
  sittings: readonly number[];
  /** Refills bought a day at most, when the bar is empty and the bank affords them. */
  refills: number;
  /** Founds a guild (200 gold) once it can. */
  guild: boolean;
}

const CASUAL: Profile = { name: 'casual', sittings: [8 * 60, 20 * 60], refills: 0, guild: false };
const ENGAGED: Profile = { name: 'engaged', sittings: [8 * 60, 13 * 60, 20 * 60], refills: 1, guild: true };
const EVERY_REFILL: Profile = { name: 'every refill', sittings: [8 * 60, 13 * 60, 20 * 60], refills: Infinity, guild: true };

interface Item {
  catalogId: string;
  rarity: Rarity;
  quality: number;
  /** When research reaches 100 % (equipped from its take). */
  doneAt: number;
}

interface Flows {
  spec: number;
  salvage: number;
  refills: number;
  crafts: number;
  guild: number;
  duffel: number;
}

interface Result extends Flows {
  points: number;
  /** Trophy points from crafts, and what their parts would have scored apart. */
  crafted: number;
  partsApart: number;
  crafts: number;
  craftsByRecipe: Map<string, { n: number; crafted: number; apart: number }>;
  partsFound: number;
  bank: number;
  /** Day (1-based) each tier's set was complete, or null. */
  setDay: Map<Rarity, number | null>;
}

const SET_SIZE = new Map<Rarity, number>(DROPPABLE.map((rarity) => [rarity, itemsOfRarity(rarity).length]));
const PARTS = new Set([...PARTS_BY_TIER.values()].flat());
const rate = (item: { rarity: Rarity; quality: number }) => trophyPoints(item.rarity, item.quality) / researchMinutes(item.rarity);
const itemOf = (catalogId: string, quality: number): Item => ({ catalogId, rarity: catalogueById(catalogId)!.rarity, quality, doneAt: Infinity });

/** A recipe's bench: the researched parts held for it, named parts first. */
class Bench {
  held: Item[] = [];
  readonly recipe: Recipe;
  constructor(recipe: Recipe) {
    this.recipe = recipe;
  }
  private openNeed(item: Item): boolean {
    const named = this.recipe.inputs.filter((input) => input.kind === 'item');
    const namedOpen = named.filter((input) => this.held.filter((held) => held.catalogId === input.catalogId).length < input.count);
    if (namedOpen.some((input) => input.catalogId === item.catalogId)) return true;
    // Tier fills wait for the named parts, so a rare named part never starves the other recipes.
    if (namedOpen.length > 0) return false;
    // Copies of a named part beyond its count fill its tier, as matchesRecipe counts them.
    const copies = (catalogId: string) => this.held.filter((held) => held.catalogId === catalogId).length;
    const asNamed = named.filter((input) => catalogueById(input.catalogId)!.rarity === item.rarity).reduce((sum, input) => sum + Math.min(input.count, copies(input.catalogId)), 0);
    const fills = this.held.filter((held) => held.rarity === item.rarity).length - asNamed;
    return this.recipe.inputs.some((input) => input.kind === 'tier' && input.rarity === item.rarity && fills < input.count);
  }
  wants = (item: Item) => this.openNeed(item);
  /** Copies of a named part this bench still lacks. */
  lacks = (catalogId: string) =>
    this.recipe.inputs.reduce((sum, input) => sum + (input.kind === 'item' && input.catalogId === catalogId ? Math.max(0, input.count - this.held.filter((held) => held.catalogId === catalogId).length) : 0), 0);
  complete = () => this.held.length === this.recipe.inputs.reduce((sum, input) => sum + input.count, 0);
}

function play(profile: Profile, zone: Zone, seed: number, recipes: readonly Recipe[]): Result {
  const src: RandomSource = seededRandom(seed);
  const result: Result = {
    spec: 0, salvage: 0, refills: 0, crafts: 0, guild: 0, duffel: 0, points: 0, crafted: 0, partsApart: 0,
    craftsByRecipe: new Map(), partsFound: 0, bank: 0, setDay: new Map(),
  };
  let gold = 100;
  let duffelSlots = 0;
  let stored = { energy: MAX_ENERGY, energyAt: START };
  let slots: Item[] = [];
  const benches = recipes.map((recipe) => new Bench(recipe));
  const collected = new Set<string>();
  const ownedOfTier = new Map<Rarity, number>();
  // A named part is wanted while the benches lack more copies than the slots already research.
  const wantsNamed = (catalogId: string, slotted: readonly Item[]) =>
    benches.reduce((sum, bench) => sum + bench.lacks(catalogId), 0) > slotted.filter((slot) => slot.catalogId === catalogId).length;
  const salvage = (item: { catalogId: string; rarity: Rarity; quality: number }) => {
    const gain = salvageGold(item);
    gold += gain;
    result.salvage += gain;
  };
  const trophy = (item: Item, day: number) => {
    result.points += trophyPoints(item.rarity, item.quality);
    if (collected.has(item.catalogId)) return;
    collected.add(item.catalogId);
    const set = SET_SIZE.get(item.rarity);
    const owned = (ownedOfTier.get(item.rarity) ?? 0) + 1;
    ownedOfTier.set(item.rarity, owned);
    if (owned === set) result.setDay.set(item.rarity, day + 1);
  };

  for (let day = 0; day < DAYS; day += 1) {
    let boughtToday = 0;
    for (const minute of profile.sittings) {
      let now = START + day * DAY + minute * MINUTE;
      // Finished research: a part a bench needs waits in the duffel bag; the rest goes to the case.
      for (const item of slots.filter((slot) => slot.doneAt <= now)) {
        const bench = benches.find((candidate) => candidate.wants(item));
        if (bench) {
          if (benches.reduce((sum, b) => sum + b.held.length, 0) >= duffelSlots) {
            const price = DUFFEL_SLOT_PRICE * (duffelSlots + 1);
            if (gold >= price) {
              gold -= price;
              result.duffel += price;
              duffelSlots += 1;
            }
          }
          if (benches.reduce((sum, b) => sum + b.held.length, 0) < duffelSlots) {
            bench.held.push(item);
            continue;
          }
        }
        trophy(item, day);
      }
      slots = slots.filter((slot) => slot.doneAt > now);
      for (const bench of benches) {
        if (!bench.complete() || gold < bench.recipe.gold) continue;
        gold -= bench.recipe.gold;
        result.crafts += bench.recipe.gold;
        const quality = craftedQuality(bench.held.map((item) => item.quality));
        const made = trophyPoints('assembled', quality);
        const apart = bench.held.reduce((sum, item) => sum + trophyPoints(item.rarity, item.quality), 0);
        result.points += made;
        result.crafted += made;
        result.partsApart += apart;
        const tally = result.craftsByRecipe.get(bench.recipe.id) ?? { n: 0, crafted: 0, apart: 0 };
        result.craftsByRecipe.set(bench.recipe.id, { n: tally.n + 1, crafted: tally.crafted + made, apart: tally.apart + apart });
        bench.held = [];
      }
      if (profile.guild && result.guild === 0 && gold >= GUILD_PRICE) {
        gold -= GUILD_PRICE;
        result.guild = GUILD_PRICE;
      }
      for (;;) {
        const spent = spendEnergy(stored.energy, stored.energyAt, now, zone.energy);
        if (!spent) {
          if (boughtToday >= profile.refills || gold < refillPrice(boughtToday)) break;
          gold -= refillPrice(boughtToday);
          result.refills += refillPrice(boughtToday);
          boughtToday += 1;
          stored = { energy: MAX_ENERGY, energyAt: now };
          continue;
        }
        stored = spent;
        gold += GOLD_PER_SCAVENGE;
        result.spec += GOLD_PER_SCAVENGE;
        for (const roll of rollLoot(src, LOOT_PER_SCAVENGE, zone)) {
          const find = itemOf(roll.catalogId, roll.quality);
          if (PARTS.has(find.catalogId)) result.partsFound += 1;
          const worth = (item: Item) => {
            const others = slots.filter((slot) => slot !== item);
            return wantsNamed(item.catalogId, others) ? Infinity : rate(item) * (collected.has(item.catalogId) ? 1 : 2);
          };
          if (slots.length < INVENTORY_SIZE) {
            slots.push({ ...find, doneAt: now + researchMinutes(find.rarity) * MINUTE });
            continue;
          }
          const worst = slots.reduce((a, b) => (worth(a) <= worth(b) ? a : b));
          if (worth(find) > 2 * worth(worst)) {
            salvage(worst);
            slots = [...slots.filter((slot) => slot !== worst), { ...find, doneAt: now + researchMinutes(find.rarity) * MINUTE }];
          } else {
            salvage(find);
          }
        }
        now += SCAVENGE_SECONDS * 1000;
      }
    }
  }
  result.bank = gold;
  return result;
}

function mean(profile: Profile, zone: Zone, recipes: readonly Recipe[] = RECIPES) {
  const runs = Array.from({ length: PLAYERS }, (_, n) => play(profile, zone, 20_400_000 + n, recipes));
  const avg = (pick: (r: Result) => number) => runs.reduce((sum, r) => sum + pick(r), 0) / runs.length;
  const byRecipe = new Map<string, { n: number; crafted: number; apart: number }>();
  for (const run of runs) {
    for (const [id, tally] of run.craftsByRecipe) {
      const sum = byRecipe.get(id) ?? { n: 0, crafted: 0, apart: 0 };
      byRecipe.set(id, { n: sum.n + tally.n, crafted: sum.crafted + tally.crafted, apart: sum.apart + tally.apart });
    }
  }
  const setDays = new Map(DROPPABLE.map((rarity) => {
    const days = runs.map((run) => run.setDay.get(rarity) ?? Infinity).sort((a, b) => a - b);
    return [rarity, days[Math.floor(days.length / 2)]!] as const;
  }));
  return {
    runs, avg, byRecipe, setDays,
    points: avg((r) => r.points), spec: avg((r) => r.spec), salvage: avg((r) => r.salvage), refills: avg((r) => r.refills),
    crafts: avg((r) => r.crafts), guild: avg((r) => r.guild), duffel: avg((r) => r.duffel), bank: avg((r) => r.bank),
    crafted: avg((r) => r.crafted), partsApart: avg((r) => r.partsApart), partsFound: avg((r) => r.partsFound),
  };
}

const fmt = (n: number, digits = 0) => n.toLocaleString('en-US', { maximumFractionDigits: digits, minimumFractionDigits: digits });
const pct = (n: number) => `${fmt(n * 100)} %`;
const perDay = (n: number) => fmt(n / DAYS);

console.info(`${PLAYERS} players a row, ${DAYS} days, seeded; a scavenge takes ${SCAVENGE_SECONDS} s; means per player\n`);

// 1. Gold flows at the Streets.
console.info('### Gold at the Streets (a day)\n');
console.info('| Player | Sittings | Salvage | +1 a scavenge | Refills | Crafts | Guild | Duffel | Spent | Banked | Trophy points |');
console.info('|---|---|---|---|---|---|---|---|---|---|---|');
const streets = zoneById('streets');
const byProfile = new Map<string, ReturnType<typeof mean>>();
for (const profile of [CASUAL, ENGAGED, EVERY_REFILL]) {
  const m = mean(profile, streets);
  byProfile.set(profile.name, m);
  const earned = m.salvage + m.spec;
  const spent = m.refills + m.crafts + m.guild + m.duffel;
  console.info(
    `| ${profile.name} | ${profile.sittings.length} | ${perDay(m.salvage)} | ${perDay(m.spec)} | ${perDay(m.refills)} | ${perDay(m.crafts)} | ${perDay(m.guild)} | ${perDay(m.duffel)} | ${pct(spent / (earned + 100))} | ${pct(m.bank / (earned + 100))} | ${perDay(m.points)} |`,
  );
}

// 2. An item kept and researched against its salvage.
const engaged = byProfile.get('engaged')!;
const refiller = byProfile.get('every refill')!;
const pointsPerGold = (refiller.points - engaged.points) / Math.max(1, refiller.refills - engaged.refills);
console.info(`\n### Kept and researched, or salvaged (quality 5; refills turn gold into ${fmt(pointsPerGold, 3)} trophy points a gold)\n`);
console.info('| Tier | Salvage | Market floor | Research (min) | Trophy points kept | Points its salvage buys | Kept ÷ salvaged |');
console.info('|---|---|---|---|---|---|---|');
for (const rarity of DROPPABLE) {
  const item = { catalogId: itemsOfRarity(rarity)[0]!.id, rarity, quality: 5 };
  const gold = salvageGold(item);
  const kept = trophyPoints(rarity, 5);
  console.info(`| ${RARITY_NAMES[rarity]} | ${gold} | ${floorPrice(item)} | ${researchMinutes(rarity)} | ${kept} | ${fmt(gold * pointsPerGold, 1)} | ${fmt(kept / (gold * pointsPerGold), 1)} |`);
}

// 3. Each zone's goal: an engaged player who crafts, at level 10. The Drowned Coast as it was before ADR 022
// (2 energy, the same table) is printed below the zones and judged against the other three in its place.
console.info("\n### Zones for an engaged player (a day, and the median day a tier's set is complete)\n");
const tiers = DROPPABLE.slice(0, 6);
const DROWNED_BEFORE: Zone = { ...zoneById('drowned-coast'), name: 'Drowned Coast at 2 energy (before)', energy: 2 };
type Mean = ReturnType<typeof mean>;
const craftsMade = (m: Mean) => m.avg((r) => [...r.craftsByRecipe.values()].reduce((sum, tally) => sum + tally.n, 0));
console.info(`| Zone | Energy | Trophy points | Gold | Crafting parts found | Crafts in ${DAYS} days | ${tiers.map((t) => RARITY_NAMES[t]).join(' set | ')} set |`);
console.info(`|---|---|---|---|---|---|${tiers.map(() => '---|').join('')}`);
const zoneRows = [...ZONES, DROWNED_BEFORE].map((zone) => ({ zone, m: mean(ENGAGED, zone) }));
for (const { zone, m } of zoneRows) {
  const sets = tiers.map((rarity) => (Number.isFinite(m.setDays.get(rarity)!) ? `day ${m.setDays.get(rarity)}` : '-'));
  console.info(`| ${zone.name} | ${zone.energy} | ${perDay(m.points)} | ${perDay(m.salvage + m.spec)} | ${perDay(m.partsFound)} | ${fmt(craftsMade(m), 1)} | ${sets.join(' | ')} |`);
}
function bestFor(rows: typeof zoneRows) {
  const best = (pick: (m: Mean) => number) => rows.reduce((a, b) => (pick(b.m) > pick(a.m) ? b : a)).zone.name;
  const goals: [string, (m: Mean) => number][] = [
    ['trophy points', (m) => m.points],
    ['gold', (m) => m.salvage + m.spec],
    ['crafting parts', (m) => m.partsFound],
    ['crafts', craftsMade],
    ...tiers.map((rarity): [string, (m: Mean) => number] => [`the ${RARITY_NAMES[rarity]} set`, (m) => -m.setDays.get(rarity)!]),
  ];
  return goals.map(([goal, pick]) => `${goal}: ${best(pick)}`).join('; ');
}
console.info(`\nBest: ${bestFor(zoneRows.slice(0, ZONES.length))}`);
console.info(`Best, with the Drowned Coast as before: ${bestFor(zoneRows.filter((row) => row.zone.id !== 'drowned-coast' || row.zone === DROWNED_BEFORE))}`);

// 4. A craft against its parts researched apart, over every zone's engaged players.
console.info('\n### Crafts (engaged players, every zone): trophy points made against the parts scored apart\n');
console.info('| Recipe | Gold | Parts (points a quality point) | Crafts | Crafted points | Parts apart | Crafted ÷ apart |');
console.info('|---|---|---|---|---|---|---|');
const craftRow = (recipe: Recipe, means: readonly Mean[], label: string) => {
  const sum = { n: 0, crafted: 0, apart: 0 };
  for (const m of means) {
    const tally = m.byRecipe.get(recipe.id);
    if (tally) Object.assign(sum, { n: sum.n + tally.n, crafted: sum.crafted + tally.crafted, apart: sum.apart + tally.apart });
  }
  const nominal = recipe.inputs.reduce((total, input) => total + input.count * trophyPoints(input.kind === 'tier' ? input.rarity : catalogueById(input.catalogId)!.rarity, 1), 0);
  console.info(`| ${label} | ${recipe.gold} | ${nominal} | ${sum.n} | ${fmt(sum.crafted)} | ${fmt(sum.apart)} | ${sum.apart ? fmt(sum.crafted / sum.apart, 2) : '-'} |`);
};
for (const recipe of RECIPES) craftRow(recipe, zoneRows.slice(0, ZONES.length).map((row) => row.m), catalogueById(recipe.resultId)!.name);
