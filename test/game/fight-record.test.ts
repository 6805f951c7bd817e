/**
 * Fights in bytes (game/rules/fight-record.ts): an entry reads back exactly as fought, every field at its limits,
 * in a few dozen bytes; and an entry altered anywhere decodes to a fight that does not verify.
 */
import { bytesToHex } from '@noble/hashes/utils.js';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CLIENT_SEED_PATTERN } from '../../game/constants';
import { FAIR_RULES_VERSION, fairFight, seedHash } from '../../game/rules/fair';
import { verdictOf } from '../../game/rules/fair-verdict';
import { fight, FIGHT_HP, type Round } from '../../game/rules/fight';
import { decodeFights, encodeFight, fightId, parseFightId, type PackedFight } from '../../game/rules/fight-record';
import { fightV1 } from '../../game/rules/fight-v1';
import { seededRandom } from '../../game/rules/random';
import type { FairRoll } from '../../game/wire';
import { DAY_MS } from '../../game/time';
import { CPU_BOUND_MS } from './cpu-bound';

const fighter = fc.record({ attack: fc.nat({ max: 400 }), defense: fc.nat({ max: 400 }) });

/** A fight's entry fields around its rounds, drawn over their whole range. */
const stakes = fc
  .record({
    nonce: fc.nat({ max: Number.MAX_SAFE_INTEGER }),
    at: fc.nat({ max: DAY_MS - 1 }),
    rules: fc.nat({ max: 15 }),
    rematch: fc.boolean(),
    goldTaken: fc.nat({ max: 2 ** 40 }),
    mintedShare: fc.double({ min: 0, max: 1, noNaN: true }),
    ratingChange: fc.integer({ min: -1000, max: 1000 }),
    attackerXp: fc.nat({ max: 1000 }),
    defenderXp: fc.nat({ max: 1000 }),
  })
  .map(({ mintedShare, ...rest }) => ({ ...rest, goldMinted: Math.floor(rest.goldTaken * mintedShare) }));

const packed = (fights: PackedFight[]) => Uint8Array.from(fights.flatMap((one) => [...encodeFight(one)]));

describe("a fight's entry", () => {
  it('reads back exactly as fought, under either rules version, several to a row (a property)', { timeout: CPU_BOUND_MS }, () => {
    fc.assert(
      fc.property(fc.array(fc.tuple(fighter, fighter, fc.integer(), fc.boolean(), stakes), { minLength: 1, maxLength: 6 }), (drawn) => {
        const fights = drawn.map(([attacker, defender, seed, v1, rest]): PackedFight => {
          const result = (v1 ? fightV1 : fight)(attacker, defender, seededRandom(seed));
          return { ...rest, attacker, defender, ...result };
        });
        expect(decodeFights(packed(fights))).toEqual(fights);
      }),
    );
  });

  it('holds every field at its limits, and a typical fight in about 25 bytes', () => {
    const rounds: Round[] = [{ by: 'defender', damage: 2 ** 40, attackerHp: 0, defenderHp: FIGHT_HP }];
    const extremes: PackedFight[] = [
      { nonce: 0, at: 0, rules: 0, winner: 'defender', rematch: false, attacker: { attack: 0, defense: 0 }, defender: { attack: 0, defense: 0 }, goldTaken: 0, goldMinted: 0, ratingChange: 0, attackerXp: 0, defenderXp: 0, rounds: [] },
      {
        nonce: Number.MAX_SAFE_INTEGER,
        at: DAY_MS - 1,
        rules: 15,
        winner: 'attacker',
        rematch: true,
        attacker: { attack: 2 ** 31, defense: 2 ** 32 },
        defender: { attack: 2 ** 45, defense: 127 },
        goldTaken: Number.MAX_SAFE_INTEGER,
        goldMinted: Number.MAX_SAFE_INTEGER,
        ratingChange: -(2 ** 40),
        attackerXp: 128,
        defenderXp: 16_384,
        rounds,
      },
    ];
    expect(decodeFights(packed(extremes))).toEqual(extremes);
    const typical = fairFight({ serverSeed: 'a'.repeat(64), clientSeed: 'c', nonce: 2_000 }, { attack: 120, defense: 80 }, { attack: 100, defense: 90 });
    const entry = encodeFight({ ...extremes[0]!, nonce: 2_000, at: DAY_MS - 1, rules: FAIR_RULES_VERSION, attacker: { attack: 120, defense: 80 }, defender: { attack: 100, defense: 90 }, goldTaken: 40, ratingChange: -16, attackerXp: 5, defenderXp: 2, ...typical });
    expect(entry.length).toBeLessThanOrEqual(20 + typical.rounds.length);
  });

  it('reads an entry written before minted gold (format 0) as all taken from the defender', () => {
    // nonce 7, at 1000, head = rules 2 × 4 + won, stats 10 20 30 40, gold 12, rating +16 (zigzag 32), XP 5 and 2, no strikes.
    const before = Uint8Array.from([7, 0xe8, 0x07, 9, 10, 20, 30, 40, 12, 32, 5, 2, 0]);
    expect(decodeFights(before)).toEqual([
      { nonce: 7, at: 1000, rules: 2, winner: 'attacker', rematch: false, attacker: { attack: 10, defense: 20 }, defender: { attack: 30, defense: 40 }, goldTaken: 12, goldMinted: 0, ratingChange: 16, attackerXp: 5, defenderXp: 2, rounds: [] },
    ]);
  });

  it('refuses what it cannot hold instead of storing something else', () => {
    const base = decodeFights(packed([{ nonce: 1, at: 1, rules: 2, winner: 'attacker', rematch: false, attacker: { attack: 1, defense: 1 }, defender: { attack: 1, defense: 1 }, goldTaken: 0, goldMinted: 0, ratingChange: 0, attackerXp: 0, defenderXp: 0, rounds: [] }]))[0]!;
    expect(() => encodeFight({ ...base, attacker: { attack: -1, defense: 0 } })).toThrow(RangeError);
    // The minted gold is part of what the winner gained (taken = lost + minted), and the rules version fits its bits.
    expect(() => encodeFight({ ...base, goldTaken: 3, goldMinted: 4 })).toThrow(RangeError);
    expect(() => encodeFight({ ...base, rules: 16 })).toThrow(RangeError);
    expect(() => encodeFight({ ...base, goldTaken: 1.5 })).toThrow(RangeError);
    // The starting HP is not stored: a fight that starts elsewhere would read back wrong.
    expect(() => encodeFight({ ...base, rounds: [{ by: 'attacker', damage: 5, attackerHp: 90, defenderHp: 85 }] })).toThrow(RangeError);
  });
});

describe('a fight as the fairness page checks it', () => {
  const seeds = fc.record({ serverSeed: fc.uint8Array({ minLength: 32, maxLength: 32 }).map(bytesToHex), clientSeed: fc.stringMatching(CLIENT_SEED_PATTERN), nonce: fc.nat({ max: 100_000 }) });

  /** The roll the Worker serves from a decoded entry (worker/features/fairness/routes.ts fromFights). */
  const served = (entry: PackedFight, s: { serverSeed: string; clientSeed: string }): FairRoll => ({
    id: 'fight',
    serverSeedHash: seedHash(s.serverSeed),
    clientSeed: s.clientSeed,
    nonce: entry.nonce,
    rules: entry.rules,
    outcome: { kind: 'fight', attacker: entry.attacker, defender: entry.defender, result: { winner: entry.winner, rounds: entry.rounds } },
    day: 0,
    createdAt: entry.at,
    revealedServerSeed: s.serverSeed,
  });

  it('verifies from its entry, and not once any byte of it that checking reads is altered (a property)', { timeout: CPU_BOUND_MS }, () => {
    fc.assert(
      fc.property(seeds, fighter, fighter, fc.nat(), fc.integer({ min: 1, max: 255 }), (s, attacker, defender, pick, flip) => {
        const result = fairFight(s, attacker, defender);
        const entry = encodeFight({ nonce: s.nonce, at: 1_000, rules: FAIR_RULES_VERSION, rematch: false, attacker, defender, goldTaken: 3, goldMinted: 1, ratingChange: 5, attackerXp: 5, defenderXp: 2, ...result });
        const [decoded] = decodeFights(entry);
        expect(verdictOf(served(decoded!, s)).kind).toBe('verified');
        // A byte whose change reaches what the roll decided (the nonce, the rules, the winner, a strike) fails.
        const altered = new Uint8Array(entry);
        altered[pick % entry.length]! ^= flip;
        const [again] = decodeFights(altered);
        const decidedBy = (one: PackedFight | undefined) => JSON.stringify(one && [one.nonce, one.rules, one.winner, one.rounds]);
        if (decidedBy(again) !== decidedBy(decoded)) expect(verdictOf(served(again!, s)).kind).not.toBe('verified');
      }),
    );
  });
});

describe("a fight's id", () => {
  it('reads back its day, attacker, seed and nonce, and no other id is taken for one', () => {
    const id = fightId(20_419, 42, '3fa2c1d9', 17);
    expect(id).toBe('20419.42.3fa2c1d9.17');
    expect(parseFightId(id)).toEqual({ day: 20_419, attackerNum: 42, hashPrefix: '3fa2c1d9', nonce: 17 });
    for (const other of ['20419.3fa2c1d9.17', crypto.randomUUID(), '20419.42.3FA2C1D9.17', '20419.42.3fa2c1d9.-1', '']) expect(parseFightId(other)).toBeNull();
  });
});
