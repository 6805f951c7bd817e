import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { fight } from '../../game/rules/fight';
import { packRounds, unpackRounds } from '../../game/rules/fight-record';
import { fightV1 } from '../../game/rules/fight-v1';
import { seededRandom } from '../../game/rules/random';

describe("a fight's rounds as stored", () => {
  const fighter = fc.record({ attack: fc.integer({ min: 0, max: 400 }), defense: fc.integer({ min: 0, max: 400 }) });

  it('read back exactly as fought, under either rules version, from a few bytes a strike (a property)', () => {
    fc.assert(
      fc.property(fighter, fighter, fc.integer(), fc.boolean(), (a, d, seed, v1) => {
        const { rounds } = (v1 ? fightV1 : fight)(a, d, seededRandom(seed));
        const stored = packRounds(rounds);
        expect(unpackRounds(stored)).toEqual(rounds);
        // The starting HP, then the side and the damage (at most two digits) of each strike.
        expect(stored.length).toBeLessThanOrEqual('100:'.length + 3 * rounds.length);
      }),
    );
  });

  it('reads rows stored as JSON before the packing as they were', () => {
    const rounds = fight({ attack: 30, defense: 20 }, { attack: 25, defense: 25 }, seededRandom(7)).rounds;
    expect(unpackRounds(JSON.stringify(rounds))).toEqual(rounds);
    expect(unpackRounds('[]')).toEqual([]);
  });

  it('a knockout keeps its 0 HP, and a changed damage reads back changed', () => {
    const stored = '100:a60d10a45';
    expect(unpackRounds(stored)).toEqual([
      { by: 'attacker', damage: 60, attackerHp: 100, defenderHp: 40 },
      { by: 'defender', damage: 10, attackerHp: 90, defenderHp: 40 },
      { by: 'attacker', damage: 45, attackerHp: 90, defenderHp: 0 },
    ]);
    expect(unpackRounds('100:a60d10a44').at(-1)).toMatchObject({ defenderHp: 0, damage: 44 });
  });
});
