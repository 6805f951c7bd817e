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
import type { RandomSource } from './random';
import { rollLoot, type LootRoll } from './rolls';

/**
 * Bumped whenever the loot tables or the fight formula change, so a roll stored under the old rules is told
 * apart from one that does not match. Each stored roll keeps the version it was made with.
 */
export const FAIR_RULES_VERSION = 1;

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

/** The six finds of the scavenge with these seeds. */
export function fairScavenge(seeds: RollSeeds): LootRoll[] {
  return rollLoot(fairRandom(seeds));
}

/** The fight these two fighters have with these seeds. */
export function fairFight(seeds: RollSeeds, attacker: Fighter, defender: Fighter): FightResult {
  return fight(attacker, defender, fairRandom(seeds));
}

/** What a stored roll says it was: the inputs besides the seeds, and the outcome. */
export type StoredOutcome =
  | { kind: 'scavenge'; finds: LootRoll[] }
  | { kind: 'fight'; attacker: Fighter; defender: Fighter; result: FightResult };

/** The outcome these seeds give for this roll's inputs. */
export function recompute(seeds: RollSeeds, stored: StoredOutcome): StoredOutcome {
  if (stored.kind === 'scavenge') return { kind: 'scavenge', finds: fairScavenge(seeds) };
  return { ...stored, result: fairFight(seeds, stored.attacker, stored.defender) };
}

/** Whether the outcome these seeds give is exactly the stored one (compared field by field, in order). */
export function matches(seeds: RollSeeds, stored: StoredOutcome): boolean {
  return canonical(recompute(seeds, stored)) === canonical(stored);
}

/** A stable text for an outcome: the fields in a fixed order, whatever order the stored JSON had. */
function canonical(outcome: StoredOutcome): string {
  if (outcome.kind === 'scavenge') return JSON.stringify(outcome.finds.map((find) => [find.catalogId, find.quality]));
  const { winner, rounds } = outcome.result;
  return JSON.stringify([winner, rounds.map((round) => [round.by, round.damage, round.attackerHp, round.defenderHp])]);
}
