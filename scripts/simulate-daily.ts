// `npm run simulate:daily`: the simulation behind docs/decisions/016-daily-loop.md (issue #25). 1,000 players who
// play three short sittings a day (72 scavenges, the measured habit) for 60 days, each from its own seeded
// generator, so every run prints the same table. Their contracts are drawn by game/rules/contracts.ts itself;
// whether each is done comes from their own rolled finds (take-quality, research) and modelled odds (fights,
// crafts, trophies); the bonus and the streak follow the rules; cash is banked and a Second Wind is bought
// (game/rules/cash.ts) whenever 4 cash is banked, once a day.
import { BONUS_REWARD, CONTRACT_QUALITY, contractsFor, STREAK_CASH, streakAfterBonus, type ContractTerms } from '../game/rules/contracts';
import { SECOND_WIND_CASH } from '../game/rules/cash';
import { MAX_ENERGY } from '../game/constants';
import { catalogueById } from '../game/rules/catalogue';
import { rarityRank, type Rarity } from '../game/rules/rarity';
import { randomInt, seededRandom, type RandomSource } from '../game/rules/random';
import { rollLoot } from '../game/rules/rolls';

const PLAYERS = 1_000;
const DAYS = 60;
const FIRST_DAY = 20_000;
/** The measured habit: three sittings, 24 scavenges each (docs/decisions/016-daily-loop.md). */
const SCAVENGES_A_DAY = 72;
/** Fights a player starts a day against players near their rating, and the chance of each win (equal power). */
const FIGHTS_A_DAY = 3;
const CLOSE_WIN_CHANCE = 0.5;
/** Crafting needs parts: the share of craft days a player has them. */
const CRAFT_CHANCE = 0.5;

const rankOf = (catalogId: string) => rarityRank(catalogueById(catalogId)!.rarity as Rarity);
const chance = (src: RandomSource, p: number) => randomInt(src, 1_000_000) < p * 1_000_000;

/** Whether a contract is done on a day of `scavenges` scavenges. */
function done(contract: ContractTerms, scavenges: number, src: RandomSource): boolean {
  const finds = Array.from({ length: scavenges }, () => rollLoot(src)).flat();
  switch (contract.kind) {
    case 'scavenge':
      return scavenges >= contract.target;
    case 'take-quality':
      return finds.some((find) => find.quality >= CONTRACT_QUALITY);
    case 'trophies':
      // Rare or better found today, kept for research (one of six slots): each takes under an hour.
      return finds.filter((find) => rankOf(find.catalogId) >= rarityRank('rare')).length >= contract.target;
    case 'research':
      // A Very Rare or better found before the last sitting and kept equipped finishes within the day.
      return finds.slice(0, (finds.length * 2) / 3).some((find) => rankOf(find.catalogId) >= rarityRank('veryrare'));
    case 'fight':
      return Array.from({ length: FIGHTS_A_DAY }, () => chance(src, CLOSE_WIN_CHANCE)).some(Boolean);
    case 'craft':
      return chance(src, CRAFT_CHANCE);
  }
}

let scavenged = 0;
let earned = 0;
let daysWithFour = 0;
let secondWinds = 0;
let bonuses = 0;
const perKind = new Map<string, { drawn: number; done: number }>();
for (let player = 0; player < PLAYERS; player += 1) {
  const src = seededRandom(player + 1);
  const uid = `player-${player}`;
  let cash = 0;
  let streak = 0;
  let streakDay = -10;
  for (let day = FIRST_DAY; day < FIRST_DAY + DAYS; day += 1) {
    // A Second Wind when the bank holds enough, in the first sitting: 20 more scavenges that day.
    const wind = cash >= SECOND_WIND_CASH;
    if (wind) {
      cash -= SECOND_WIND_CASH;
      secondWinds += 1;
    }
    const scavenges = SCAVENGES_A_DAY + (wind ? MAX_ENERGY : 0);
    scavenged += scavenges;
    let today = 0;
    let all = true;
    for (const contract of contractsFor(uid, day)) {
      const finished = done(contract, scavenges, src);
      const tally = perKind.get(contract.kind) ?? { drawn: 0, done: 0 };
      perKind.set(contract.kind, { drawn: tally.drawn + 1, done: tally.done + (finished ? 1 : 0) });
      if (finished) today += contract.reward.cash;
      else all = false;
    }
    if (all) {
      const after = streakAfterBonus(streak, streakDay, day);
      ({ streak } = after);
      streakDay = day;
      today += BONUS_REWARD.cash + (after.weekDone ? STREAK_CASH : 0);
      bonuses += 1;
    }
    cash += today;
    earned += today;
    if (today >= SECOND_WIND_CASH) daysWithFour += 1;
  }
}

const days = PLAYERS * DAYS;
const perDay = (n: number) => (n / days).toFixed(2);
console.info(`${PLAYERS} players, ${DAYS} days, three sittings of ${SCAVENGES_A_DAY / 3} scavenges a day\n`);
console.info('kind          drawn    done');
for (const [kind, { drawn, done: finished }] of [...perKind].sort()) console.info(`${kind.padEnd(12)} ${String(drawn).padStart(6)}  ${((finished / drawn) * 100).toFixed(1).padStart(5)} %`);
console.info(`\nscavenges a day        ${perDay(scavenged)} (before contracts and cash: ${SCAVENGES_A_DAY}; ${((scavenged / days / SCAVENGES_A_DAY - 1) * 100).toFixed(1)} % more)`);
console.info(`cash earned a day      ${perDay(earned)} (a Second Wind costs ${SECOND_WIND_CASH})`);
console.info(`days earning 4+ cash   ${((daysWithFour / days) * 100).toFixed(1)} %`);
console.info(`days with the bonus    ${((bonuses / days) * 100).toFixed(1)} %`);
console.info(`Second Winds a day     ${perDay(secondWinds)}`);
