/**
 * Daily contracts and the streak (docs/design.md section 8.2). Each UTC day a player has three contracts, drawn
 * from their uid and the day by a pure function, so the server and the screen agree without storing the draw:
 * only progress and claims are stored. The day is always the commit's (utcDay of the server's clock).
 */
import { SCAVENGE_COST } from '../constants';
import { nextUtcMidnight, utcDay } from './fight';
import { rarityRank, type Rarity } from './rarity';
import { researchRecord, type StoredResearch } from './research';
import { DAY_MS } from '../time';


export const CONTRACT_KINDS = ['scavenge', 'take-quality', 'trophies', 'research', 'fight', 'craft'] as const;
export type ContractKind = (typeof CONTRACT_KINDS)[number];

export interface ContractTerms {
  slot: number;
  kind: ContractKind;
  target: number;
  reward: { cash: number; gold: number };
}

/** How many contracts a day holds; the bonus is for all of them. */
export const CONTRACTS_PER_DAY = 3;
/** All three claimed on one day. */
export const BONUS_REWARD = { cash: 2, gold: 15 } as const;
/** Every seventh day in a row with the bonus claimed pays this much more cash with it. */
export const STREAK_LENGTH = 7;
export const STREAK_CASH = 5;

/** take-quality: a find of at least this quality taken. */
export const CONTRACT_QUALITY = 8;
/** fight: a win against a player whose rating was within this of the attacker's. */
export const CONTRACT_RATING_SPREAD = 150;

/**
 * The scavenge contract's three sizes, in energy spent scavenging, and what each pays (docs/design.md section 9.8).
 * Counting energy rather than scavenges lets every zone serve it: the sizes are the 15, 25 and 40 scavenges of the
 * Streets they were, at the Streets' energy, so the effort is the same in any zone.
 */
const SCAVENGE_SIZES = [
  { target: 15 * SCAVENGE_COST, cash: 1 },
  { target: 25 * SCAVENGE_COST, cash: 1 },
  { target: 40 * SCAVENGE_COST, cash: 2 },
] as const;

/** The second slot: something to keep, or something to research. */
const KEEPING: readonly Omit<ContractTerms, 'slot'>[] = [
  { kind: 'take-quality', target: 1, reward: { cash: 1, gold: 0 } },
  { kind: 'trophies', target: 3, reward: { cash: 2, gold: 0 } },
  { kind: 'research', target: 1, reward: { cash: 2, gold: 0 } },
];
const FIGHT: Omit<ContractTerms, 'slot'> = { kind: 'fight', target: 1, reward: { cash: 1, gold: 0 } };
const CRAFT: Omit<ContractTerms, 'slot'> = { kind: 'craft', target: 1, reward: { cash: 2, gold: 0 } };

/** 32-bit FNV-1a: spreads uid and day evenly; no secret is needed, the contracts are the player's to see. */
function hash(text: string): number {
  let value = 0x811c9dc5;
  for (let index = 0; index < text.length; index += 1) {
    value ^= text.charCodeAt(index);
    value = Math.imul(value, 0x01000193) >>> 0;
  }
  return value;
}

/**
 * The player's three contracts on a UTC day: energy to spend scavenging, something to keep or research, and a
 * fight, or on one day of each week (the player's own weekday) a craft.
 */
export function contractsFor(uid: string, day: number): ContractTerms[] {
  const size = SCAVENGE_SIZES[hash(`${uid}:${day}:scavenge`) % SCAVENGE_SIZES.length]!;
  const keeping = KEEPING[hash(`${uid}:${day}:keeping`) % KEEPING.length]!;
  const craftDay = hash(`${uid}:craft`) % 7 === day % 7;
  return [
    { slot: 0, kind: 'scavenge', target: size.target, reward: { cash: size.cash, gold: 0 } },
    { slot: 1, ...keeping },
    { slot: 2, ...(craftDay ? CRAFT : FIGHT) },
  ];
}

/**
 * The contracts the day's bonus asks for: all three, except that a day whose third contract is a craft asks for the
 * other two (docs/design.md section 9.8), so the seven-day streak never needs a craft. The craft still pays its own
 * reward.
 */
export function bonusContracts<T extends Pick<ContractTerms, 'slot' | 'kind'>>(contracts: readonly T[]): T[] {
  return contracts.filter((contract) => !(contract.slot === CONTRACTS_PER_DAY - 1 && contract.kind === 'craft'));
}

/** The contracts of the UTC day `now` falls in. */
export function contractsAt(uid: string, now: number): ContractTerms[] {
  return contractsFor(uid, utcDay(now));
}

/** When today's contracts give way to tomorrow's. */
export const contractsResetAt = nextUtcMidnight;

/** What happened in one intent, as the contracts count it. */
export interface ContractEvents {
  /** Energy spent on scavenges, in any zone. */
  scavengeEnergy?: number;
  /** Qualities of the finds taken. */
  takenQualities?: readonly number[];
  /** Trophies added of Rare or better. */
  rareTrophies?: number;
  /** A fight won against a player within CONTRACT_RATING_SPREAD, or a spar won (docs/design.md section 10.2). */
  closeWins?: number;
  crafts?: number;
}

/** How far `events` move each of the day's contracts (slot → amount), research aside (it is measured, not counted). */
export function progressFrom(contracts: readonly ContractTerms[], events: ContractEvents): Map<number, number> {
  const moved = new Map<number, number>();
  for (const contract of contracts) {
    const amount = amountFor(contract.kind, events);
    if (amount > 0) moved.set(contract.slot, amount);
  }
  return moved;
}

function amountFor(kind: ContractKind, events: ContractEvents): number {
  switch (kind) {
    case 'scavenge':
      return events.scavengeEnergy ?? 0;
    case 'take-quality':
      return (events.takenQualities ?? []).filter((quality) => quality >= CONTRACT_QUALITY).length;
    case 'trophies':
      return events.rareTrophies ?? 0;
    case 'fight':
      return events.closeWins ?? 0;
    case 'craft':
      return events.crafts ?? 0;
    case 'research':
      return 0;
  }
}

/**
 * The streak as it stands on `day`: the run of days in a row with the bonus claimed, ending yesterday or today.
 * A day missed resets it to 0.
 */
export function streakOn(streak: number, streakDay: number, day: number): number {
  return streakDay >= day - 1 ? streak : 0;
}

/** The streak after claiming the bonus on `day`, and whether that day completes a seven-day run. */
export function streakAfterBonus(streak: number, streakDay: number, day: number): { streak: number; weekDone: boolean } {
  const next = streakOn(streak, streakDay, day) + 1;
  return { streak: next, weekDone: next % STREAK_LENGTH === 0 };
}

/** What a contract says it asks, for the screen. */
export function contractText({ kind, target }: Pick<ContractTerms, 'kind' | 'target'>): string {
  switch (kind) {
    case 'scavenge':
      return `Spend ${target} energy scavenging`;
    case 'take-quality':
      return `Take a find of quality ${CONTRACT_QUALITY} or better`;
    case 'trophies':
      return `Add ${target} trophies of Rare or better`;
    case 'research':
      return 'Finish researching a Very Rare or better item';
    case 'fight':
      return `Win a spar, or a fight against a player within ${CONTRACT_RATING_SPREAD} rating of yours`;
    case 'craft':
      return 'Craft an item';
  }
}

/** research: Very Rare or better. */
const RESEARCH_RANK = rarityRank('veryrare');

/**
 * The research contract's progress, measured rather than counted (research ends with time, not with an
 * intent): items of Very Rare or better the player owns that they researched on the day `now` is in, by the
 * time recorded once (docs/design.md section 9.4), so a re-equipped or bought item never counts as new.
 */
export function researchFinishedToday(items: readonly ({ rarity: Rarity } & StoredResearch)[], uid: string, now: number): number {
  const dayStart = utcDay(now) * DAY_MS;
  return items.filter((item) => {
    if (rarityRank(item.rarity) < RESEARCH_RANK) return false;
    const record = researchRecord(item.rarity, item, now);
    return record !== null && record.by === uid && record.at >= dayStart && record.at <= now;
  }).length;
}
