// `npm run simulate:loop`: the simulation behind docs/decisions/027-the-loop-keeps-research.md (issue #51). It
// plays docs/design.md section 10.3's target with game/rules itself: the very common and common sets in the
// trophy case, six equipped items researching (two of them half done or more), and a 20-energy bar of real rolls
// (fairScavenge) from each of 200 seeds. The player taps only what the screen suggests ("Keep for research" when
// a find is worth a slot) and confirms every question: "Leave … behind?" and a step that would lose 10 minutes of
// research or a Very Rare. It counts the taps under the rule as built and under section 10.3 read literally
// (a new find always worth a slot, replacing the least researched item), and the half-done items dropped.
import { ASK_FROM_RESEARCH_MS, keepForResearch, outscores, researchLostMs, slotWorth, type ResearchItem } from '../game/rules/best';
import { catalogueById, itemsOfRarity } from '../game/rules/catalogue';
import { fairScavenge } from '../game/rules/fair';
import { rarityRank, researchDurationMs } from '../game/rules/rarity';
import { researchPercent } from '../game/rules/research';

const SEEDS = 200;
const NOW = 1e12;
const GREAT = rarityRank('veryrare');
let ids = 0;
const itemOf = (catalogId: string, quality: number, percent = 0): ResearchItem => {
  const entry = catalogueById(catalogId)!;
  const researchMs = Math.floor((researchDurationMs(entry.rarity) * percent) / 100);
  return { id: `i${ids++}`, itemName: entry.name, catalogId, rarity: entry.rarity, attack: entry.attack, defense: entry.defense, quality, researchMs, equippedAt: percent > 0 ? NOW : null };
};
const collected = new Set([...itemsOfRarity('verycommon'), ...itemsOfRarity('common')].map((entry) => entry.id));
/** The e2e's start (test/e2e/salvage.spec.ts): catalogue id, quality and research done. */
const START: [string, number, number][] = [
  [itemsOfRarity('uncommon')[0]!.id, 3, 60],
  [itemsOfRarity('uncommon')[1]!.id, 2, 20],
  [itemsOfRarity('rare')[0]!.id, 2, 55],
  [itemsOfRarity('rare')[1]!.id, 1, 10],
  [itemsOfRarity('uncommon')[2]!.id, 1, 30],
  [itemsOfRarity('rare')[2]!.id, 3, 5],
];
const isNew = (find: ResearchItem, equipped: readonly ResearchItem[]) => !collected.has(find.catalogId) && !equipped.some((item) => item.catalogId === find.catalogId);

type Keep = (equipped: ResearchItem[], finds: ResearchItem[]) => { take: ResearchItem[]; drop: ResearchItem[] };
const asBuilt: Keep = (equipped, finds) => keepForResearch(equipped, finds, collected, NOW);
/** Section 10.3 read literally: any new find is worth a slot, in place of the item with the least research done. */
const literal: Keep = (equipped, finds) => {
  const built = keepForResearch(equipped, finds, collected, NOW);
  const fresh = finds.filter((find) => isNew(find, equipped) && !built.take.includes(find));
  const free = equipped.filter((item) => !built.drop.includes(item) && researchPercent(item.rarity, item, NOW) < 100);
  const extra = fresh.slice(0, free.length);
  const victims = [...free].sort((a, b) => a.researchMs - b.researchMs).slice(0, extra.length);
  return { take: [...built.take, ...extra], drop: [...built.drop, ...victims] };
};

function play(serverSeed: string, keep: Keep) {
  let equipped = START.map(([catalogId, quality, percent]) => itemOf(catalogId, quality, percent));
  let pending: ResearchItem[] = [];
  let taps = 0;
  let halfDoneDropped = 0;
  for (let nonce = 0; nonce < 20; nonce += 1) {
    const kept = keep(equipped, pending).take;
    if (pending.some((find) => rarityRank(find.rarity) >= GREAT || (isNew(find, equipped) && kept.includes(find)))) taps += 1;
    taps += 1;
    const finds = fairScavenge({ serverSeed, clientSeed: 'issue51', nonce }).map((roll) => itemOf(roll.catalogId, roll.quality));
    const step = keep(equipped, finds);
    if (step.take.length === 0) {
      pending = finds;
      continue;
    }
    taps += 1;
    const rest = finds.filter((find) => !step.take.includes(find));
    if (researchLostMs(step.drop, NOW) >= ASK_FROM_RESEARCH_MS || [...rest, ...step.drop].some((item) => rarityRank(item.rarity) >= GREAT)) taps += 1;
    for (const gone of step.drop.filter((item) => researchPercent(item.rarity, item, NOW) >= 50)) {
      const worth = (item: ResearchItem, held: readonly ResearchItem[]) => slotWorth(item, isNew(item, held.filter((other) => other !== item)), NOW);
      if (!step.take.some((find) => outscores(worth(find, equipped), worth(gone, equipped)))) halfDoneDropped += 1;
    }
    equipped = [...equipped.filter((item) => !step.drop.includes(item)), ...step.take.map((item) => ({ ...item, equippedAt: NOW }))];
    pending = [];
  }
  return { taps, halfDoneDropped };
}

const seedOf = (n: number) => n.toString(16).padStart(64, '0');
const quantile = (values: number[], q: number) => [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor(q * values.length))]!;
console.info(`Section 10.3's target over ${SEEDS} seeds: taps for a 20-energy bar (target: at most 30)`);
console.info('rule                          min  median  p90  max  ≤ 30   half-done dropped for less');
for (const [name, keep] of [
  ['as built (game/rules/best.ts)', asBuilt],
  ['10.3 read literally', literal],
] as const) {
  const plays = Array.from({ length: SEEDS }, (_, n) => play(seedOf(n), keep));
  const taps = plays.map((one) => one.taps);
  const within = plays.filter((one) => one.taps <= 30).length / SEEDS;
  const row = [quantile(taps, 0), quantile(taps, 0.5), quantile(taps, 0.9), quantile(taps, 1)].map((n) => String(n).padStart(4)).join(' ');
  console.info(`${name.padEnd(29)} ${row}  ${(within * 100).toFixed(0).padStart(3)} %  ${plays.reduce((sum, one) => sum + one.halfDoneDropped, 0)}`);
}
console.info(`\nThe e2e's seeds ('feed' × 16, 'issue51'): ${play('feed'.repeat(16), asBuilt).taps} taps as built.`);
