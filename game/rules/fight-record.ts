/**
 * The compact record of fights (docs/decisions/014-bounded-costs.md, "Storage"; docs/decisions/013-verifiable-rolls.md,
 * "Fights in bytes"). An attacker's fights are packed per UTC day and seeds in use: one `fight_days` row whose
 * value is the concatenation of one entry per fight, appended in the fight's own batch. An entry is a run of
 * unsigned LEB128 varints (7 bits a byte, the low bits first), about 25 bytes a fight:
 *
 *   nonce, ms since the UTC day began,
 *   head = format × 64 + rules version × 4 + rematch × 2 + (attacker won ? 1 : 0),
 *   attacker's attack, attacker's defense, defender's attack, defender's defense,
 *   gold taken, [gold minted, from format 1 on], rating change (zigzag: 2n for n ≥ 0, −2n − 1 below), attacker's XP, defender's XP,
 *   number of strikes, then each strike as damage × 2 + (by the defender ? 1 : 0).
 *
 * The HP after each strike follow from the damages (a strike takes its damage off the other side, never below 0)
 * and the starting HP, FIGHT_HP under every rules version so far, so none are stored: a version that starts
 * elsewhere needs a new entry format, and encoding refuses such a fight rather than store it wrong. The defender's number is not in the entry: the row keeps its
 * fights' defenders as a text list in entry order, which SQL can expand to read their names (worker/core/db/schema.ts).
 *
 * Format 0 (before docs/decisions/030-arena-pays-like-play.md) had no minted gold: all the gold a win took was the
 * defender's. Format 1 adds what the game minted, so the record says both halves (taken = lost + minted); every
 * entry is written as format 1. A spar is an entry whose defender is the dummy (game/rules/sparring.ts).
 *
 * Every byte string decodes (a truncated entry reads its missing varints as 0), so an altered record shows as
 * not matching instead of failing to load. Pure and platform-free: the Worker packs and unpacks, the tests run in Node.
 */
import { FIGHT_HP, type Fighter, type Round, type Side } from './fight';

/** A fight as packed: everything the fight shows or checking needs besides the row's key and its defender. */
export interface PackedFight {
  nonce: number;
  /** Milliseconds since the fight's UTC day began. */
  at: number;
  /** FAIR_RULES_VERSION it was fought under; 0 for a fight drawn before rolls were verifiable, which has no roll. */
  rules: number;
  winner: Side;
  rematch: boolean;
  attacker: Fighter;
  defender: Fighter;
  /** What the winner gained: what the defender lost plus `goldMinted`. */
  goldTaken: number;
  /** The part of `goldTaken` the game minted rather than took from the defender (0 in format 0). */
  goldMinted: number;
  /** The attacker's; the defender's is its negative. */
  ratingChange: number;
  attackerXp: number;
  defenderXp: number;
  rounds: Round[];
}

function pushVarint(out: number[], value: number) {
  if (!Number.isSafeInteger(value) || value < 0) throw new RangeError(`fight-record cannot pack ${value}`);
  let rest = value;
  while (rest >= 0x80) {
    out.push((rest % 0x80) | 0x80);
    rest = Math.floor(rest / 0x80);
  }
  out.push(rest);
}

/** The entry format written now, which carries the minted gold (head's bits above the rules version). */
const FORMAT = 1;
const FORMAT_UNIT = 64;

const zigzag = (n: number) => (n >= 0 ? 2 * n : -2 * n - 1);
const unzigzag = (n: number) => (n % 2 === 0 ? n / 2 : -(n + 1) / 2);

/** The entry of one fight. Throws on a value the format cannot hold (a negative stat, say): the fight would not be checkable. */
export function encodeFight(fight: PackedFight): Uint8Array {
  const out: number[] = [];
  const first = fight.rounds[0];
  // The HP both sides started with: the first striker's, which its own strike leaves as it was.
  const start = first === undefined ? FIGHT_HP : first.by === 'attacker' ? first.attackerHp : first.defenderHp;
  if (start !== FIGHT_HP) throw new RangeError(`fight-record packs fights that start at ${FIGHT_HP} HP, not ${start}`);
  if (fight.rules * 4 >= FORMAT_UNIT) throw new RangeError(`fight-record packs rules versions below ${FORMAT_UNIT / 4}`);
  if (fight.goldMinted > fight.goldTaken) throw new RangeError('fight-record: the minted gold is part of the gold taken');
  const head = FORMAT * FORMAT_UNIT + fight.rules * 4 + (fight.rematch ? 2 : 0) + (fight.winner === 'attacker' ? 1 : 0);
  for (const value of [
    fight.nonce,
    fight.at,
    head,
    fight.attacker.attack,
    fight.attacker.defense,
    fight.defender.attack,
    fight.defender.defense,
    fight.goldTaken,
    fight.goldMinted,
    zigzag(fight.ratingChange),
    fight.attackerXp,
    fight.defenderXp,
    fight.rounds.length,
    ...fight.rounds.map((round) => round.damage * 2 + (round.by === 'defender' ? 1 : 0)),
  ]) {
    pushVarint(out, value);
  }
  return Uint8Array.from(out);
}

/** The fights of a row, in the order they were packed (the order they were fought). */
export function decodeFights(packed: Uint8Array): PackedFight[] {
  let at = 0;
  const next = () => {
    let value = 0;
    let scale = 1;
    while (at < packed.length) {
      const byte = packed[at++]!;
      value += (byte & 0x7f) * scale;
      if (byte < 0x80) break;
      scale *= 0x80;
    }
    return value;
  };
  const fights: PackedFight[] = [];
  while (at < packed.length) {
    const [nonce, ms, head, attack, defense, theirAttack, theirDefense, goldTaken] = Array.from({ length: 8 }, next);
    const format = Math.floor(head! / FORMAT_UNIT);
    const goldMinted = format >= 1 ? next() : 0;
    const [rating, attackerXp, defenderXp, strikes] = Array.from({ length: 4 }, next);
    let attackerHp = FIGHT_HP;
    let defenderHp = FIGHT_HP;
    const rounds: Round[] = [];
    for (let i = 0; i < strikes! && at < packed.length; i += 1) {
      const strike = next();
      const by: Side = strike % 2 === 1 ? 'defender' : 'attacker';
      const damage = Math.floor(strike / 2);
      if (by === 'attacker') defenderHp = Math.max(0, defenderHp - damage);
      else attackerHp = Math.max(0, attackerHp - damage);
      rounds.push({ by, damage, attackerHp, defenderHp });
    }
    fights.push({
      nonce: nonce!,
      at: ms!,
      rules: Math.floor((head! % FORMAT_UNIT) / 4),
      rematch: (head! & 2) !== 0,
      winner: (head! & 1) !== 0 ? 'attacker' : 'defender',
      attacker: { attack: attack!, defense: defense! },
      defender: { attack: theirAttack!, defense: theirDefense! },
      goldTaken: goldTaken!,
      goldMinted,
      ratingChange: unzigzag(rating!),
      attackerXp: attackerXp!,
      defenderXp: defenderXp!,
      rounds,
    });
  }
  return fights;
}

/** A stored list of player numbers (`fight_days.defenders`, `fight_inbox.attackers`): `12,7,12`. */
export const parseNumbers = (list: string) => (list === '' ? [] : list.split(',').map(Number));

/**
 * A fight's id on the wire, in the log and in links: its UTC day, the attacker's number, the first 8 hex digits
 * of the attacker's server seed's hash and its nonce, e.g. `20419.42.3fa2c1d9.17`. The day and the number find the
 * attacker's rows; the hash and the nonce, its entry (a server seed is never used again, and under one seed the
 * nonce only rises).
 */
export const fightId = (day: number, attackerNum: number, hashPrefix: string, nonce: number) => `${day}.${attackerNum}.${hashPrefix}.${nonce}`;

/** The parts of a fight's id, or null for any other string. */
export function parseFightId(id: string): { day: number; attackerNum: number; hashPrefix: string; nonce: number } | null {
  const parts = /^(\d{1,9})\.(\d{1,15})\.([0-9a-f]{8})\.(\d{1,15})$/.exec(id);
  return parts ? { day: Number(parts[1]), attackerNum: Number(parts[2]), hashPrefix: parts[3]!, nonce: Number(parts[4]) } : null;
}
