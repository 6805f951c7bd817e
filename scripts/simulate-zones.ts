// `npm run simulate:zones`: the simulation behind docs/decisions/020-zones-and-the-drive.md (issue #27). 1,000 players, each from
// its own seeded generator, play 30 days of the measured habit (72 energy a day, docs/decisions/016-daily-loop.md)
// in one zone only. Their six slots research without pause: a slot that frees takes the find that scores the most
// per minute of research from what they hold (the finds of the day, at most 20 kept, as a bag would), and a
// finished item goes to the trophy case. It prints, per zone, the month's trophy points, gold, XP and Rare-or-better
// finds, and the same against the Streets, so a zone's energy price can be read off as a ratio.
import { LOOT_PER_SCAVENGE, GOLD_PER_SCAVENGE } from '../game/constants';
import { catalogueById } from '../game/rules/catalogue';
import { XP } from '../game/rules/level';
import { rarityRank, researchMinutes, tierPoints, type Rarity } from '../game/rules/rarity';
import { seededRandom } from '../game/rules/random';
import { PARTS_BY_TIER, rollLoot, type LootRoll } from '../game/rules/rolls';
import { ZONES, type Zone } from '../game/rules/zones';

const PLAYERS = 1_000;
const DAYS = 30;
const ENERGY_A_DAY = 72;
const SLOTS = 6;
const HELD = 20;

interface Held {
  rarity: Rarity;
  points: number;
  minutes: number;
}

const parts = new Set([...PARTS_BY_TIER.values()].flat());

function month(zone: Zone, seed: number) {
  const src = seededRandom(seed);
  let points = 0;
  let gold = 0;
  let xp = 0;
  let rare = 0;
  let partsFound = 0;
  const slots: number[] = Array.from({ length: SLOTS }, () => 0); // minute each slot frees
  let held: Held[] = [];
  const scavengesADay = Math.floor(ENERGY_A_DAY / zone.energy);
  for (let day = 0; day < DAYS; day += 1) {
    const start = day * 1440;
    for (let n = 0; n < scavengesADay; n += 1) {
      const finds: LootRoll[] = rollLoot(src, LOOT_PER_SCAVENGE, zone);
      gold += GOLD_PER_SCAVENGE;
      xp += XP.scavenge;
      for (const find of finds) {
        const rarity = catalogueById(find.catalogId)!.rarity;
        if (rarityRank(rarity) >= rarityRank('rare')) rare += 1;
        if (parts.has(find.catalogId)) partsFound += 1;
        held.push({ rarity, points: tierPoints(rarity) * find.quality, minutes: researchMinutes(rarity) });
      }
      held = held.sort((a, b) => b.points / b.minutes - a.points / a.minutes).slice(0, HELD);
    }
    // The day's research: every slot that frees before the next day takes the best held find.
    for (let slot = 0; slot < SLOTS; slot += 1) {
      slots[slot] = Math.max(slots[slot]!, start);
      while (slots[slot]! < start + 1440 && held.length > 0) {
        const next = held.shift()!;
        slots[slot]! += next.minutes;
        points += next.points;
        xp += XP.trophy;
      }
    }
  }
  return { points, gold, xp, rare, partsFound };
}

const rows = ZONES.map((zone) => {
  const totals = { points: 0, gold: 0, xp: 0, rare: 0, partsFound: 0 };
  for (let player = 0; player < PLAYERS; player += 1) {
    const one = month(zone, 20_270_000 + player);
    for (const key of Object.keys(totals) as (keyof typeof totals)[]) totals[key] += one[key] / PLAYERS;
  }
  return { zone, ...totals };
});
const streets = rows[0]!;
const ratio = (value: number, base: number) => (base === 0 ? '-' : (value / base).toFixed(2));
console.info(`${PLAYERS} players, ${DAYS} days, ${ENERGY_A_DAY} energy a day, ${SLOTS} slots researching; means per player`);
console.info('| Zone | Energy | Level | Trophy points | ×Streets | Gold | XP | Rare+ finds | Crafting parts |');
console.info('|---|---|---|---|---|---|---|---|---|');
for (const row of rows) {
  console.info(
    `| ${row.zone.name} | ${row.zone.energy} | ${row.zone.level} | ${row.points.toFixed(0)} | ${ratio(row.points, streets.points)} | ${row.gold.toFixed(0)} | ${row.xp.toFixed(0)} | ${row.rare.toFixed(0)} | ${row.partsFound.toFixed(0)} |`,
  );
}
