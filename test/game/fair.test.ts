import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { catalogueById, DROP_WEIGHTS, type DroppableRarity } from '../../game/rules';
import { CLIENT_SEED_PATTERN } from '../../game/constants';
import {
  CHECKABLE_RULES_VERSIONS,
  FAIR_RULES_VERSION,
  fairFight,
  fairRandom,
  fairScavenge,
  isCheckableVersion,
  matches,
  recompute,
  seedHash,
  type RollSeeds,
  type StoredOutcome,
} from '../../game/rules/fair';
import { fits } from './chi-square';
import { CPU_BOUND_MS } from './cpu-bound';

const hex = (bytes: ArrayBuffer) => [...new Uint8Array(bytes)].map((b) => b.toString(16).padStart(2, '0')).join('');
const text = (s: string) => new TextEncoder().encode(s);

/** The documented derivation, computed with Web Crypto instead of the rules' own hash code. */
async function referenceDraw({ serverSeed, clientSeed, nonce }: RollSeeds, index: number): Promise<number> {
  const key = await crypto.subtle.importKey('raw', text(serverSeed), { name: 'HMAC', hash: 'SHA-256' }, false, ['sign']);
  const mac = await crypto.subtle.sign('HMAC', key, text(`${clientSeed}:${nonce}:${index}`));
  return new DataView(mac).getUint32(0);
}

const serverSeed = fc.uint8Array({ minLength: 32, maxLength: 32 }).map((bytes) => hex(bytes.buffer as ArrayBuffer));
const clientSeed = fc.stringMatching(CLIENT_SEED_PATTERN);
const seeds = fc.record({ serverSeed, clientSeed, nonce: fc.nat({ max: 1_000_000 }) });
const fighter = fc.record({ attack: fc.nat({ max: 400 }), defense: fc.nat({ max: 400 }) });

describe('the verifiable derivation', () => {
  it('is HMAC-SHA256(server seed, "client seed:nonce:index"), first four bytes big-endian (checked against Web Crypto)', async () => {
    await fc.assert(
      fc.asyncProperty(seeds, async (s) => {
        const random = fairRandom(s);
        for (let index = 0; index < 3; index += 1) expect(random.nextUint32()).toBe(await referenceDraw(s, index));
        expect(random.draws).toBe(3);
      }),
      { numRuns: 50 },
    );
  });

  it('shows SHA-256 of the seed text as the hash', async () => {
    await fc.assert(
      fc.asyncProperty(serverSeed, async (seed) => {
        expect(seedHash(seed)).toBe(hex(await crypto.subtle.digest('SHA-256', text(seed))));
      }),
      { numRuns: 50 },
    );
  });

  it('replays every outcome from its seeds, and refuses any outcome altered in one field', { timeout: CPU_BOUND_MS }, () => {
    fc.assert(
      fc.property(seeds, fighter, fighter, fc.nat(), (s, attacker, defender, pick) => {
        const finds = fairScavenge(s);
        expect(finds).toHaveLength(6);
        for (const find of finds) expect(catalogueById(find.catalogId)).toBeDefined();
        const scavenge: StoredOutcome = { kind: 'scavenge', finds };
        expect(matches(s, scavenge)).toBe(true);
        // The stored outcome as it comes back from JSON, with keys in another order, still matches.
        expect(matches(s, JSON.parse(JSON.stringify({ finds: finds.map(({ quality, catalogId }) => ({ quality, catalogId })), kind: 'scavenge' })))).toBe(true);

        const altered = finds.map((find, slot) => (slot === pick % 6 ? { ...find, quality: (find.quality % 10) + 1 } : find));
        expect(matches(s, { kind: 'scavenge', finds: altered })).toBe(false);

        const result = fairFight(s, attacker, defender);
        const bout: StoredOutcome = { kind: 'fight', attacker, defender, result };
        expect(matches(s, bout)).toBe(true);
        const rounds = result.rounds.map((round, index) => (index === pick % result.rounds.length ? { ...round, damage: round.damage + 1 } : round));
        expect(matches(s, { ...bout, result: { ...result, rounds } })).toBe(false);
        // Another seed, client seed or nonce gives another roll.
        expect(matches({ ...s, nonce: s.nonce + 1 }, scavenge) && matches({ ...s, clientSeed: `${s.clientSeed}x`.slice(-64) }, scavenge)).toBe(false);
      }),
      { numRuns: 300 },
    );
  });

  it('accepts client seeds of 1 to 64 letters, digits, - and _ only', () => {
    for (const ok of ['a', 'lucky-7', 'A_b-C', 'x'.repeat(64)]) expect(CLIENT_SEED_PATTERN.test(ok)).toBe(true);
    for (const bad of ['', 'x'.repeat(65), 'has space', 'colon:breaks', 'ünïcode', 'semi;colon']) expect(CLIENT_SEED_PATTERN.test(bad)).toBe(false);
  });
});

describe('scavenges rolled this way', () => {
  // 20,000 scavenges of one seed pair, nonce by nonce, as a player makes them: 120,000 finds, so even the
  // merged epic-and-rarer bin expects about 370.
  const SCAVENGES = 20_000;
  const rarities = new Map<string, number>();
  const qualities = new Map<number, number>();
  beforeAll(() => {
    const base = { serverSeed: 'c0ffee'.repeat(10), clientSeed: 'chi-square' };
    for (let nonce = 0; nonce < SCAVENGES; nonce += 1) {
      for (const find of fairScavenge({ ...base, nonce })) {
        const rarity = catalogueById(find.catalogId)?.rarity ?? 'unknown';
        rarities.set(rarity, (rarities.get(rarity) ?? 0) + 1);
        qualities.set(find.quality, (qualities.get(find.quality) ?? 0) + 1);
      }
    }
    // Some 400,000 HMACs: seconds here, more on a loaded machine.
  }, 120_000);
  const finds = SCAVENGES * 6;
  const total = Object.values(DROP_WEIGHTS).reduce((a, b) => a + b, 0);
  const tail: DroppableRarity[] = ['epic', 'legendary', 'artifact', 'heirloom'];

  it('follow the drop table (chi-square, epic and rarer in one bin, 5 degrees of freedom, p = 0.001)', () => {
    const head: DroppableRarity[] = ['verycommon', 'common', 'uncommon', 'rare', 'veryrare'];
    const cells = [
      ...head.map((rarity) => [rarities.get(rarity) ?? 0, DROP_WEIGHTS[rarity] / total] as const),
      [tail.reduce((n, rarity) => n + (rarities.get(rarity) ?? 0), 0), tail.reduce((p, rarity) => p + DROP_WEIGHTS[rarity] / total, 0)] as const,
    ];
    expect(cells.reduce((n, [observed]) => n + observed, 0)).toBe(finds);
    expect(fits(cells)).toBe(true);
  });

  it('follow the quality table (chi-square, 9 degrees of freedom, p = 0.001)', () => {
    const p = new Map([[10, 0.03], [9, 0.05], [8, 0.07], [7, 0.15], [6, 0.2], [5, 0.1], [4, 0.1], [3, 0.1], [2, 0.1], [1, 0.1]]);
    expect(fits([...p].map(([quality, chance]) => [qualities.get(quality) ?? 0, chance] as const))).toBe(true);
  });
});

describe('rolls stored under older rules', () => {
  // A fight made under rules version 1 by the code of that version (commit a1e3b49, before issue #24 changed the
  // fight): the stored outcome, as the rolls table keeps it. It must still verify under version 1, and is not
  // what version 2 gives (docs/decisions/015-rules-that-teach.md).
  const golden: RollSeeds = {"serverSeed": "5f5f5f5f5f5f5f5f5f5f5f5f5f5f5f5f5f5f5f5f5f5f5f5f5f5f5f5f5f5f5f5f", "clientSeed": "golden-v1", "nonce": 7};
  const stored: StoredOutcome = {
    kind: 'fight',
    attacker: {"attack": 120, "defense": 40},
    defender: {"attack": 60, "defense": 90},
    result: { winner: 'attacker', rounds: [{"by": "attacker", "damage": 13, "attackerHp": 100, "defenderHp": 87}, {"by": "defender", "damage": 14, "attackerHp": 86, "defenderHp": 87}, {"by": "attacker", "damage": 9, "attackerHp": 86, "defenderHp": 78}, {"by": "defender", "damage": 11, "attackerHp": 75, "defenderHp": 78}, {"by": "attacker", "damage": 6, "attackerHp": 75, "defenderHp": 72}, {"by": "defender", "damage": 9, "attackerHp": 66, "defenderHp": 72}, {"by": "attacker", "damage": 13, "attackerHp": 66, "defenderHp": 59}, {"by": "defender", "damage": 11, "attackerHp": 55, "defenderHp": 59}, {"by": "attacker", "damage": 15, "attackerHp": 55, "defenderHp": 44}, {"by": "defender", "damage": 7, "attackerHp": 48, "defenderHp": 44}] },
  };

  it('still verify: a version 1 fight is replayed with version 1 rules', () => {
    expect(FAIR_RULES_VERSION).toBe(2);
    expect(CHECKABLE_RULES_VERSIONS).toEqual([1, 2]);
    expect(matches(golden, stored, 1)).toBe(true);
    expect(recompute(golden, stored, 1)).toEqual(stored);
    expect(matches(golden, stored, 2)).toBe(false);
    expect(matches(golden, stored)).toBe(false);
  });

  it('replay scavenges the same under every version (the loot tables did not change)', () => {
    fc.assert(
      fc.property(seeds, (s) => {
        const scavenge: StoredOutcome = { kind: 'scavenge', finds: fairScavenge(s) };
        for (const version of CHECKABLE_RULES_VERSIONS) expect(matches(s, scavenge, version)).toBe(true);
      }),
      { numRuns: 50 },
    );
  });

  it('are told apart from versions this code cannot replay', () => {
    expect(isCheckableVersion(1) && isCheckableVersion(2)).toBe(true);
    expect(isCheckableVersion(0) || isCheckableVersion(3)).toBe(false);
  });
});
