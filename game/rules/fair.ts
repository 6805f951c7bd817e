/**
 * Verifiable rolls (docs/design.md section 8.8, docs/decisions/013-verifiable-rolls.md). Every draw of a
 * scavenge or a fight comes from HMAC-SHA256 keyed with the player's server seed over
 * `<client seed>:<nonce>:<index>`, where the nonce numbers the player's rolls under that seed and the index
 * numbers the draws inside one roll. The first four bytes of each HMAC, read big-endian, are one uniform 32-bit
 * draw; `randomInt` (./random.ts) turns draws into numbers without bias by rejection. The server shows
 * SHA-256(server seed) before the seed is used and reveals the seed when the player rotates it, so the
 * player can recompute every roll made under it, here or with any HMAC tool.
 *
 * Synchronous and platform-free (pure-JS hashes), so the Worker and the browser run this same code. Not
 * exported from ./index.ts: only the screens that verify load the hash code.
 */
import { hmac } from '@noble/hashes/hmac.js';
import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex, utf8ToBytes } from '@noble/hashes/utils.js';
import { fight, type FightResult, type Fighter } from './fight';
import { fightV1 } from './fight-v1';
import type { RandomSource } from './random';
import { rollLoot, type LootRoll } from './rolls';
import { DEFAULT_ZONE, zoneById, type Zone, type ZoneId } from './zones';

/**
 * Bumped whenever the loot tables or the fight formula change, so a roll stored under the old rules is told
 * apart from one that does not match. Each stored roll keeps the version it was made with, and `recompute`
 * replays it under that version's rules for as long as rolls are kept. Version 1: the first fight (./fight-v1.ts);
 * version 2: knockouts and a coin for the first strike (docs/decisions/015-rules-that-teach.md). The loot
 * tables are the same in both.
 */
export const FAIR_RULES_VERSION = 2;

/** The rules versions this code can replay: every version whose rolls may still be kept. */
export const CHECKABLE_RULES_VERSIONS: readonly number[] = [1, 2];

/** Whether a roll stored under `version` can be recomputed here. */
export const isCheckableVersion = (version: number) => CHECKABLE_RULES_VERSIONS.includes(version);

/** The fight code of a rules version. */
const FIGHTS: Readonly<Record<number, typeof fight>> = { 1: fightV1, 2: fight };

/** How long a roll's nonce and outcome are kept for checking, and a revealed seed after its reveal. */
export const ROLLS_KEPT_DAYS = 30;

/** SHA-256 of a seed's text, as lowercase hex: what the player sees before the seed is used. */
export function seedHash(serverSeed: string): string {
  return bytesToHex(sha256(utf8ToBytes(serverSeed)));
}

/** Where a roll's draws come from. */
export interface RollSeeds {
  serverSeed: string;
  clientSeed: string;
  nonce: number;
}

/** The draws of one roll; `draws` counts how many were taken (the next index). */
export function fairRandom({ serverSeed, clientSeed, nonce }: RollSeeds): RandomSource & { readonly draws: number } {
  const key = hmac.create(sha256, utf8ToBytes(serverSeed));
  let index = 0;
  return {
    get draws() {
      return index;
    },
    nextUint32() {
      const mac = key.clone().update(utf8ToBytes(`${clientSeed}:${nonce}:${index}`)).digest();
      index += 1;
      return new DataView(mac.buffer, mac.byteOffset, 4).getUint32(0);
    },
  };
}

/** The six finds of the scavenge with these seeds, in this zone (the Streets, the spec's table, by default). */
export function fairScavenge(seeds: RollSeeds, zone: Zone = DEFAULT_ZONE): LootRoll[] {
  return rollLoot(fairRandom(seeds), undefined, zone);
}

/** The fight these two fighters have with these seeds, under the current rules or an older checkable version. */
export function fairFight(seeds: RollSeeds, attacker: Fighter, defender: Fighter, version = FAIR_RULES_VERSION): FightResult {
  const rules = FIGHTS[version];
  if (!rules) throw new RangeError(`No fight rules of version ${version}`);
  return rules(attacker, defender, fairRandom(seeds));
}

/** What a stored roll says it was: the inputs besides the seeds, and the outcome. */
export type StoredOutcome =
  /** `zone` is absent from rolls stored before zones existed: those were the Streets. */
  | { kind: 'scavenge'; finds: LootRoll[]; zone?: ZoneId }
  | { kind: 'fight'; attacker: Fighter; defender: Fighter; result: FightResult };

/** The outcome these seeds give for this roll's inputs, under the rules of `version` (the roll's stored one). */
export function recompute(seeds: RollSeeds, stored: StoredOutcome, version = FAIR_RULES_VERSION): StoredOutcome {
  if (stored.kind === 'scavenge') return { ...stored, finds: fairScavenge(seeds, zoneById(stored.zone)) };
  return { ...stored, result: fairFight(seeds, stored.attacker, stored.defender, version) };
}

/** Whether the outcome these seeds give under `version` is exactly the stored one (field by field, in order). */
export function matches(seeds: RollSeeds, stored: StoredOutcome, version = FAIR_RULES_VERSION): boolean {
  return canonical(recompute(seeds, stored, version)) === canonical(stored);
}

/** A stable text for an outcome: the fields in a fixed order, whatever order the stored JSON had. */
function canonical(outcome: StoredOutcome): string {
  if (outcome.kind === 'scavenge') return JSON.stringify(outcome.finds.map((find) => [find.catalogId, find.quality]));
  const { winner, rounds } = outcome.result;
  return JSON.stringify([winner, rounds.map((round) => [round.by, round.damage, round.attackerHp, round.defenderHp])]);
}
