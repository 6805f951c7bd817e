// The arena's model behind `npm run simulate:arena` and test/game/arena-simulation.test.ts (docs/decisions/030-arena-pays-like-play.md,
// docs/design.md sections 10.1 and 10.2). Built on game/rules only, with its own behaviour, as the independent model
// of issue #53 was: a population of savers, casual players and newcomers, 1 % farmers and a few sparring players
// play two weeks of UTC days.
//
// - Farmers put every energy into fights. Each fight, a name search (a random prefix: 10 players, protected ones
//   shown as such) gives the candidates; the farmer attacks the weakest and richest open one (the most gold per
//   point of power) they have not fought today.
// - Savers hold large banks and never attack; casual players hold small ones, scavenge, and fight twice a day;
//   newcomers join through the fortnight with 100 gold, scavenge, and attack once a day for the fight contract, which
//   ends their protection on their first day, as issue #53 found.
// - Sparring players spend a sitting's energy sparring.
// - Scavenging is measured by rolling the Streets' finds with game/rules (every find salvaged).
// Under `before` the arena is as it was (10 % of the gold above 50 + 10 × level, no daily or first-week cap, no minted
// gold), for the ADR's comparison. Pure and seeded: the same seed gives the same numbers.
import { GOLD_PER_SCAVENGE, LOOT_PER_SCAVENGE } from '../game/constants';
import { defenceLost, fight, FIGHT_ENERGY_COST, isRematch, NEW_PLAYER_PROTECTION_MS, protectedGold, type Fighter } from '../game/rules/fight';
import { lossesAfter, winGold, type FightLosses } from '../game/rules/fight-gold';
import { levelFor, XP, xpForLevel } from '../game/rules/level';
import { randomInt, seededRandom, type RandomSource } from '../game/rules/random';
import { rollLoot } from '../game/rules/rolls';
import { salvageGold } from '../game/rules/salvage';
import { catalogueById } from '../game/rules/catalogue';
import { SPARRING_ENERGY_COST, sparringDummy, sparringPays } from '../game/rules/sparring';
import { DAY_MS, HOUR_MS } from '../game/time';

export type ArenaRules = 'before' | 'now';
type Kind = 'farmer' | 'saver' | 'casual' | 'newcomer' | 'sparrer';

interface Account {
  id: number;
  kind: Kind;
  gold: number;
  xp: number;
  fighter: Fighter;
  createdAt: number;
  protectedUntil: number;
  recoveringUntil: number;
  lost: { day: number; count: number };
  losses: FightLosses;
  /** When this account fought each other account, either way round. */
  fought: Map<number, number[]>;
  /** Gold lost to fights by UTC day, and the gold held at each day's start. */
  lostByDay: Map<number, number>;
  heldAtDayStart: Map<number, number>;
  firstWeekLost: number;
  /** Energy spent on fights and spars, and what they paid. */
  fightEnergy: number;
  fightGold: number;
  fightsWon: number;
  sparsWon: number;
  sparEnergy: number;
  sparGold: number;
  sparXp: number;
}

export interface ArenaModel {
  /** Gold a unit of energy earned: the Streets (measured), farmers' fights, and spars. XP a unit of energy: the Streets, spars. */
  scavengeGoldPerEnergy: number;
  scavengeXpPerEnergy: number;
  farmerGoldPerEnergy: number;
  farmerWinRate: number;
  sparGoldPerEnergy: number;
  sparXpPerEnergy: number;
  sparWinRate: number;
  /** The largest share of their gold a saver lost to fights in one UTC day, and the mean. */
  saverWorstDailyLoss: number;
  saverMeanDailyLoss: number;
  /** Newcomers' fight losses in their first 7 days: the largest and the mean; and how often each was attacked. */
  newcomerWorstWeekLoss: number;
  newcomerMeanWeekLoss: number;
  newcomerMeanAttacks: number;
  /** Casual players' gold a day: won and lost in fights. */
  casualWonPerDay: number;
  casualLostPerDay: number;
  /** Gold the arena minted, and gold that moved between players, in all. */
  minted: number;
  moved: number;
}

const START = Date.UTC(2027, 5, 7);
const POWER_PER_LEVEL = 12;

/** Fight stats that grow with level, split between attack and defense at random. */
function fighterAt(src: RandomSource, level: number): Fighter {
  const power = POWER_PER_LEVEL * level + randomInt(src, 3 * POWER_PER_LEVEL);
  const attack = Math.round((power * (35 + randomInt(src, 31))) / 100);
  return { attack, defense: power - attack };
}

/** Gold and XP of `scavenges` Streets scavenges (1 energy each), every find salvaged. */
function scavenge(src: RandomSource, scavenges: number) {
  let gold = 0;
  for (let n = 0; n < scavenges; n += 1) {
    gold += GOLD_PER_SCAVENGE;
    for (const find of rollLoot(src, LOOT_PER_SCAVENGE)) gold += salvageGold({ ...find, rarity: catalogueById(find.catalogId)!.rarity });
  }
  return { gold, xp: scavenges * XP.scavenge };
}

export function runArenaModel({ seed = 53, rules = 'now' as ArenaRules, days = 14, population = 400 } = {}): ArenaModel {
  const src = seededRandom(seed);
  const accounts: Account[] = [];
  const add = (kind: Kind, level: number, gold: number, createdAt: number) => {
    const account: Account = {
      id: accounts.length, kind, gold, xp: xpForLevel(level), fighter: fighterAt(src, level), createdAt,
      protectedUntil: kind === 'newcomer' ? createdAt + NEW_PLAYER_PROTECTION_MS : 0, recoveringUntil: 0,
      lost: { day: 0, count: 0 }, losses: { day: 0, today: 0, firstWeek: 0 }, fought: new Map(), lostByDay: new Map(),
      heldAtDayStart: new Map(), firstWeekLost: 0, fightEnergy: 0, fightGold: 0, fightsWon: 0, sparsWon: 0, sparEnergy: 0, sparGold: 0, sparXp: 0,
    };
    accounts.push(account);
    return account;
  };
  const old = START - 60 * DAY_MS;
  const farmers = Math.max(1, Math.round(population / 100));
  for (let n = 0; n < farmers; n += 1) add('farmer', 10 + randomInt(src, 10), 500, old);
  for (let n = 0; n < population * 0.15; n += 1) add('saver', 10 + randomInt(src, 15), [2_000, 10_000, 30_000][n % 3]!, old);
  for (let n = 0; n < population * 0.5; n += 1) add('casual', 3 + randomInt(src, 10), 200 + randomInt(src, 1_800), old);
  for (let n = 0; n < population * 0.05; n += 1) add('sparrer', 1 + randomInt(src, 20), 300, old);
  // Newcomers join through the first week, so every one of them plays a whole first week.
  const newcomers = Array.from({ length: Math.round(population * 0.2) }, (_, n) => ({ at: START + Math.floor((n * 7 * DAY_MS) / (population * 0.2)) }));
  const joined = new Set<number>();
  let minted = 0;
  let moved = 0;
  const attacksOn = new Map<number, number>();

  const levelOf = (a: Account) => levelFor(a.xp);
  const dayOf = (at: number) => Math.floor(at / DAY_MS);
  const openAt = (a: Account, at: number) => a.protectedUntil <= at && a.recoveringUntil <= at;

  /** One fight of `attacker` on `defender` at `at`, under the rules in force. */
  function attack(attacker: Account, defender: Account, at: number) {
    const earlier = attacker.fought.get(defender.id) ?? [];
    const rematch = isRematch(earlier, at);
    const won = fight(attacker.fighter, defender.fighter, src).winner === 'attacker';
    attacker.fightEnergy += FIGHT_ENERGY_COST;
    attacker.protectedUntil = 0;
    attacker.recoveringUntil = 0;
    defender.protectedUntil = 0;
    attacker.fought.set(defender.id, [...earlier, at]);
    defender.fought.set(attacker.id, [...(defender.fought.get(attacker.id) ?? []), at]);
    attacksOn.set(defender.id, (attacksOn.get(defender.id) ?? 0) + 1);
    if (!rematch) {
      attacker.xp += won ? XP.fightWon : XP.fightLost;
      defender.xp += won ? XP.fightLost : XP.fightWon;
    }
    if (!won) return;
    attacker.fightsWon += 1;
    let lost = 0;
    let made = 0;
    if (!rematch) {
      if (rules === 'now') {
        const pay = winGold({ gold: defender.gold, level: levelOf(defender), createdAt: defender.createdAt }, defender.losses, at);
        lost = pay.lost;
        made = pay.minted;
        defender.losses = lossesAfter(defender.losses, defender.createdAt, lost, at);
      } else {
        lost = Math.floor(Math.max(0, defender.gold - protectedGold(levelOf(defender))) * 0.1);
      }
    }
    defender.gold -= lost;
    attacker.gold += lost + made;
    attacker.fightGold += lost + made;
    minted += made;
    moved += lost;
    const day = dayOf(at);
    defender.lostByDay.set(day, (defender.lostByDay.get(day) ?? 0) + lost);
    if (at < defender.createdAt + 7 * DAY_MS) defender.firstWeekLost += lost;
    const after = defenceLost(defender.lost, at);
    defender.lost = after.lost;
    defender.recoveringUntil = after.recoveringUntil;
  }

  /** The farmer's pick: a name search's 10 players, the open one with the most gold per point of power not fought today. */
  function farmTarget(farmer: Account, at: number): Account | undefined {
    const shown = Array.from({ length: 10 }, () => accounts[randomInt(src, accounts.length)]!).filter((a) => a !== farmer && (a.kind !== 'newcomer' || joined.has(a.id)));
    const open = shown.filter((a) => openAt(a, at) && !isRematch(farmer.fought.get(a.id) ?? [], at));
    const worth = (a: Account) => a.gold / (a.fighter.attack + a.fighter.defense + 20);
    return open.sort((a, b) => worth(b) - worth(a))[0];
  }

  /** A casual player's or newcomer's opponent: someone open of about their level. */
  function nearTarget(player: Account, at: number): Account | undefined {
    for (let tries = 0; tries < 20; tries += 1) {
      const other = accounts[randomInt(src, accounts.length)]!;
      if (other === player || !openAt(other, at) || (other.kind === 'newcomer' && !joined.has(other.id))) continue;
      if (Math.abs(levelOf(other) - levelOf(player)) <= 3) return other;
    }
    return undefined;
  }

  const scavengeSrc = seededRandom(seed + 1);
  const streets = scavenge(scavengeSrc, 4_000);

  for (let day = 0; day < days; day += 1) {
    const dayStart = START + day * DAY_MS;
    for (const { at } of newcomers) {
      if (at >= dayStart && at < dayStart + DAY_MS) joined.add(add('newcomer', 1, 100, at).id);
    }
    for (const a of accounts) a.heldAtDayStart.set(dayOf(dayStart), a.gold);
    // Six sittings a day, four hours apart from 02:00 UTC; at each, every kind does its part.
    for (let sitting = 0; sitting < 6; sitting += 1) {
      const at = dayStart + (2 + 4 * sitting) * HOUR_MS;
      for (const a of [...accounts]) {
        if (a.kind === 'newcomer' && a.createdAt > at) continue;
        if (a.kind === 'farmer') {
          // 20 energy a sitting, every one on fights: 10 fights.
          for (let n = 0; n < 20 / FIGHT_ENERGY_COST; n += 1) {
            const target = farmTarget(a, at + n * 60_000);
            if (target) attack(a, target, at + n * 60_000);
          }
        } else if (a.kind === 'sparrer' && sitting % 2 === 0) {
          for (let n = 0; n < 20 / SPARRING_ENERGY_COST; n += 1) {
            const won = fight(a.fighter, sparringDummy(a.fighter), src).winner === 'attacker';
            const pays = won ? sparringPays(levelOf(a)) : { xp: 0, gold: 0 };
            a.sparEnergy += SPARRING_ENERGY_COST;
            if (won) a.sparsWon += 1;
            a.sparGold += pays.gold;
            a.sparXp += pays.xp;
            a.gold += pays.gold;
            a.xp += pays.xp;
            minted += pays.gold;
          }
        } else if ((a.kind === 'casual' || a.kind === 'newcomer') && (sitting === 1 || sitting === 4)) {
          // A sitting's scavenging (its gold, as measured at the Streets), then a fight (the newcomer's contract: once a day).
          a.gold += Math.round((streets.gold / 4_000) * 20);
          a.xp += 20;
          if (a.kind === 'casual' || sitting === 1) {
            const target = nearTarget(a, at + 30 * 60_000);
            if (target) attack(a, target, at + 30 * 60_000);
          }
        }
      }
    }
  }

  const sum = (values: number[]) => values.reduce((total, value) => total + value, 0);
  const of = (kind: Kind) => accounts.filter((a) => a.kind === kind);
  const farmerList = of('farmer');
  const sparrers = of('sparrer');
  const saverDays = of('saver').flatMap((a) => [...a.lostByDay].map(([day, lost]) => lost / Math.max(1, a.heldAtDayStart.get(day) ?? a.gold)));
  const weekLosses = of('newcomer').map((a) => a.firstWeekLost);
  const casual = of('casual');
  const farmerFights = sum(farmerList.map((a) => a.fightEnergy)) / FIGHT_ENERGY_COST;
  return {
    scavengeGoldPerEnergy: streets.gold / 4_000,
    scavengeXpPerEnergy: streets.xp / 4_000,
    farmerGoldPerEnergy: sum(farmerList.map((a) => a.fightGold)) / sum(farmerList.map((a) => a.fightEnergy)),
    farmerWinRate: sum(farmerList.map((a) => a.fightsWon)) / Math.max(1, farmerFights),
    sparGoldPerEnergy: sum(sparrers.map((a) => a.sparGold)) / sum(sparrers.map((a) => a.sparEnergy)),
    sparXpPerEnergy: sum(sparrers.map((a) => a.sparXp)) / sum(sparrers.map((a) => a.sparEnergy)),
    sparWinRate: sum(sparrers.map((a) => a.sparsWon)) / Math.max(1, sum(sparrers.map((a) => a.sparEnergy / SPARRING_ENERGY_COST))),
    saverWorstDailyLoss: Math.max(0, ...saverDays),
    saverMeanDailyLoss: saverDays.length ? sum(saverDays) / saverDays.length : 0,
    newcomerWorstWeekLoss: Math.max(0, ...weekLosses),
    newcomerMeanWeekLoss: sum(weekLosses) / Math.max(1, weekLosses.length),
    newcomerMeanAttacks: sum(of('newcomer').map((a) => attacksOn.get(a.id) ?? 0)) / Math.max(1, weekLosses.length),
    casualWonPerDay: sum(casual.map((a) => a.fightGold)) / casual.length / days,
    casualLostPerDay: sum(casual.map((a) => sum([...a.lostByDay.values()]))) / casual.length / days,
    minted,
    moved,
  };
}
