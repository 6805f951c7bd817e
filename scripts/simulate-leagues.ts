// `npm run simulate:leagues`: the tables of docs/decisions/028-full-leagues.md (issue #54, docs/design.md sections
// 9.3 to 9.5), from scripts/league-model.ts at the seed test/game/league-model.test.ts asserts on. Every run
// prints the same tables.
import { zonePay } from '../game/rules/energy-pay';
import { LEAGUE_TIERS, MIN_TABLE, PRIZE_POINTS } from '../game/rules/league';
import { BENCH_GOLD, bestGoldOfABar, refillPrice } from '../game/rules/shop';
import { ZONES } from '../game/rules/zones';
import { CASUAL, HABITS, population, ringRatios, sinkShare, type Entry, type LeagueRun } from './league-model';

const SEED = 54_000_000;
const fmt = (n: number, digits = 0) => n.toLocaleString('en-US', { maximumFractionDigits: digits, minimumFractionDigits: digits });
const pct = (n: number) => `${fmt(n * 100, 1)} %`;

console.info('### Gold a point of energy earns scavenging (exact), and the refill\n');
console.info('| Zone | Gold an energy |');
console.info('|---|---|');
for (const zone of ZONES) console.info(`| ${zone.name} | ${fmt(zonePay(zone).gold, 2)} |`);
console.info(`\nA bar's best use, fights at 1.5× included: ${fmt(bestGoldOfABar(), 0)} gold; the first refill costs ${refillPrice(0)}, then ${refillPrice(1)}, ${refillPrice(2)}; the bench ${BENCH_GOLD}.\n`);

for (const persons of [200, 1000]) {
  const run: LeagueRun = population({ persons, seed: SEED, sandbaggers: 5, rings: 2 });
  const groups: [string, Entry[]][] = [
    ...HABITS.map((habit): [string, Entry[]] => [habit.name, run.entries.filter((entry) => entry.habit === habit && entry.kind === 'lone')]),
    ['sandbaggers (casual)', run.entries.filter((entry) => entry.kind === 'sandbagger')],
    ['ring mains', run.entries.filter((entry) => entry.kind === 'main')],
    ['ring alts', run.entries.filter((entry) => entry.kind === 'alt')],
  ];
  console.info(`### ${persons} persons (${run.entries.length} accounts): 8 weeks of leagues\n`);
  console.info(`Tables: smallest ${run.smallestTable}, largest ${run.largestTable}; players in a table under ${MIN_TABLE} while their tier had ${MIN_TABLE} or more scorers: ${run.inSmallTables}.\n`);
  console.info('| Players | Accounts | Won a prize | Prizes each | League cash each | Gold spent on sinks |');
  console.info('|---|---|---|---|---|---|');
  for (const [name, list] of groups) {
    if (list.length === 0) continue;
    const prizes = list.reduce((sum, entry) => sum + (run.prizes.get(entry.account) ?? 0), 0) / list.length;
    const cash = list.reduce((sum, entry) => sum + (run.cash.get(entry.account) ?? 0), 0) / list.length;
    const won = list.filter((entry) => run.prizes.has(entry.account)).length / list.length;
    console.info(`| ${name} | ${list.length} | ${pct(won)} | ${fmt(prizes, 2)} | ${fmt(cash, 2)} | ${pct(sinkShare(list.map((entry) => entry.account)))} |`);
  }
  const cashOf = (list: Entry[]) => list.reduce((sum, entry) => sum + (run.cash.get(entry.account) ?? 0), 0) / list.length;
  const casual = run.entries.filter((entry) => entry.habit === CASUAL && entry.kind === 'lone');
  console.info(`\nA sandbagger's league cash ÷ a casual player's: ${fmt(cashOf(run.entries.filter((entry) => entry.kind === 'sandbagger')) / cashOf(casual), 2)}×. Tiers: ${LEAGUE_TIERS.join(', ')}.\n`);
  // Sandbaggers who know the prize rule: they add at least this many points in a week they throw.
  for (const dropPoints of [PRIZE_POINTS, 2500]) {
    const adapted = population({ persons, seed: SEED, sandbaggers: 5, rings: 2, dropPoints });
    const of = (kind: 'lone' | 'sandbagger') =>
      adapted.entries.filter((entry) => entry.kind === kind && (kind === 'sandbagger' || entry.habit === CASUAL)).reduce((sum, entry) => sum + (adapted.cash.get(entry.account) ?? 0), 0) /
      adapted.entries.filter((entry) => entry.kind === kind && (kind === 'sandbagger' || entry.habit === CASUAL)).length;
    console.info(`Sandbaggers adding at least ${fmt(dropPoints)} points in a thrown week: ${fmt(of('sandbagger') / of('lone'), 2)}× a casual player's league cash.\n`);
  }
}

console.info("### A ring's main against one account spending its own gold the same way (league points, 8 weeks)\n");
console.info('| Habit | One account | Ring main | ÷ one |');
console.info('|---|---|---|---|');
for (const row of ringRatios(4, SEED + 100_000)) console.info(`| ${row.habit.name} | ${fmt(row.alone)} | ${fmt(row.main)} | ${fmt(row.ratio, 2)}× |`);
