// `npm run simulate:arena`: the tables of docs/decisions/030-arena-pays-like-play.md (issue #53, docs/design.md
// sections 10.1 and 10.2), from the model in ./arena-model.ts over game/rules: the arena before (10 % of the gold above
// 50 + 10 × level, no caps) and now, on the same seed. test/game/arena-simulation.test.ts asserts the targets.
import { BEST_ZONE_GOLD_PER_ENERGY, FARMING_LIMIT } from '../game/rules/energy-pay';
import { runArenaModel, type ArenaModel } from './arena-model';

const fmt = (n: number, digits = 1) => n.toLocaleString('en-US', { maximumFractionDigits: digits, minimumFractionDigits: digits });
const pct = (n: number) => `${fmt(n * 100, 2)} %`;

const runs: [string, ArenaModel][] = [
  ['before', runArenaModel({ rules: 'before' })],
  ['now', runArenaModel({ rules: 'now' })],
];

console.info(`400 accounts (4 farmers, 60 savers, 200 casual, 20 sparring, 80 newcomers over the first week), 14 days, seed 53.`);
console.info(`The best zone's gold per energy by the rules (every find salvaged): ${fmt(BEST_ZONE_GOLD_PER_ENERGY, 2)}; the limit, ${FARMING_LIMIT}× it.\n`);
console.info('| Rules | Streets gold/energy (measured) | Farmer gold/energy | × Streets | Farmer wins | Saver worst day | Saver mean day | Newcomer worst week-one loss | Newcomer mean | Attacks on a newcomer | Casual won/day | Casual lost/day | Minted | Moved |');
console.info('|---|---|---|---|---|---|---|---|---|---|---|---|---|---|');
for (const [name, m] of runs) {
  console.info(
    `| ${name} | ${fmt(m.scavengeGoldPerEnergy, 2)} | ${fmt(m.farmerGoldPerEnergy, 2)} | ${fmt(m.farmerGoldPerEnergy / m.scavengeGoldPerEnergy, 2)} | ${pct(m.farmerWinRate)} | ${pct(m.saverWorstDailyLoss)} | ${pct(m.saverMeanDailyLoss)} | ${fmt(m.newcomerWorstWeekLoss, 0)} | ${fmt(m.newcomerMeanWeekLoss, 0)} | ${fmt(m.newcomerMeanAttacks)} | ${fmt(m.casualWonPerDay)} | ${fmt(m.casualLostPerDay)} | ${fmt(m.minted, 0)} | ${fmt(m.moved, 0)} |`,
  );
}
const now = runs[1]![1];
console.info('\n### Sparring against scavenging at the Streets (a unit of energy)\n');
console.info('| | Gold | XP | Wins |');
console.info('|---|---|---|---|');
console.info(`| Scavenging (every find salvaged) | ${fmt(now.scavengeGoldPerEnergy, 2)} | ${fmt(now.scavengeXpPerEnergy, 2)} | - |`);
console.info(`| Sparring | ${fmt(now.sparGoldPerEnergy, 2)} | ${fmt(now.sparXpPerEnergy, 2)} | ${pct(now.sparWinRate)} |`);
