/**
 * Rolls in bytes (docs/decisions/013-verifiable-rolls.md, "Rolls in bytes"): every kind of roll verifies from its
 * compact record (a scavenge from its packed row, a fight from its `fights` row), any altered byte fails, and the
 * rolls stored before (the 11-byte `roll_days` entries, and a real `rolls` row of main,
 * test/fixtures/rolls-before-packing.json) still verify.
 */
import { bytesToHex, hexToBytes } from '@noble/hashes/utils.js';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { verdictOf } from '../../game/rules/fair-verdict';
import { CLIENT_SEED_PATTERN, LOOT_PER_SCAVENGE } from '../../game/constants';
import { FAIR_RULES_VERSION, fairFight, fairScavenge, seedHash, type StoredOutcome } from '../../game/rules/fair';
import { CATALOGUE } from '../../game/rules/catalogue';
import {
  decodeDayRow,
  decodeEntry,
  decodeScavenges,
  encodeEntry,
  encodeScavenges,
  packScavenge,
  parseScavengeRollId,
  ROW_BYTES_MAX,
  ROW_DAYS,
  rowBytes,
  SCAVENGE_ENTRY_BYTES,
  scavengeRollId,
  seedPrefix,
  type PackedScavenge,
  type RollRow,
} from '../../game/rules/roll-record';
import { ZONE_IDS, ZONES, zoneById, type ZoneId } from '../../game/rules/zones';
import type { FairRoll } from '../../game/wire';
import before from '../fixtures/rolls-before-packing.json';
import { DAY_MS } from '../../game/time';
import { CPU_BOUND_MS } from './cpu-bound';

const serverSeed = fc.uint8Array({ minLength: 32, maxLength: 32 }).map((bytes) => bytesToHex(bytes));
const clientSeed = fc.stringMatching(CLIENT_SEED_PATTERN);
const zone = fc.constantFrom(...ZONES.map((z) => z.id));
const fighter = fc.record({ attack: fc.nat({ max: 400 }), defense: fc.nat({ max: 400 }) });

/** What the worker serves for each entry of a row (worker/features/fairness/routes.ts), with the revealed seed. */
function served(row: RollRow, serverSeedHash: string, revealedServerSeed: string): FairRoll[] {
  return decodeScavenges(row).map(({ nonce, day, zone: id, finds }) => ({
    id: scavengeRollId(day, bytesToHex(row.seed), nonce),
    serverSeedHash,
    clientSeed: row.clientSeed,
    nonce,
    rules: row.rules,
    outcome: { kind: 'scavenge', finds, zone: id },
    day: day * DAY_MS,
    createdAt: null,
    revealedServerSeed,
  }));
}

/**
 * A player's scavenges under one pair of seeds, as the Worker packs them one by one: nonces rising with gaps (fights
 * took them), days not falling, random zones; the rows as D1 stores and answers them.
 */
const scavengesUpTo = (maxLength: number) =>
  fc.record({
    serverSeed,
    clientSeed,
    start: fc.nat({ max: 100_000 }),
    steps: fc.array(fc.record({ gap: fc.oneof(fc.constant(0), fc.nat({ max: 3 }), fc.nat({ max: 9000 })), days: fc.oneof(fc.constant(0), fc.constant(0), fc.nat({ max: 3 })), zone }), { minLength: 1, maxLength }),
  });
/** Long enough to fill rows; the alterations run on shorter ones, which each rewrite their row fewer times. */
const scavenges = scavengesUpTo(700);
const fewScavenges = scavengesUpTo(20);

function packedRows({ serverSeed: seed, clientSeed: client, start, steps }: { serverSeed: string; clientSeed: string; start: number; steps: { gap: number; days: number; zone: ZoneId }[] }) {
  const hash = seedHash(seed);
  let nonce = start - 1;
  let day = 20_419;
  const packed: PackedScavenge[] = steps.map(({ gap, days, zone: id }) => {
    nonce += 1 + gap;
    day += days;
    return { nonce, day, zone: id, finds: fairScavenge({ serverSeed: seed, clientSeed: client, nonce }, zoneById(id)) };
  });
  const rows: RollRow[] = [];
  for (const scavenge of packed) {
    const row = packScavenge(rows.at(-1), { num: 7, seed: seedPrefix(hash), clientSeed: client, rules: FAIR_RULES_VERSION }, scavenge);
    // Stored and read back as D1 answers a blob: a rewrite of the newest row, or the next one.
    if (row.seq === rows.length - 1) rows[row.seq] = { ...row, packed: new Uint8Array([...row.packed]) };
    else rows.push({ ...row, packed: new Uint8Array([...row.packed]) });
  }
  return { hash, rows, packed };
}

/** The golden entry below: ((((107 × 1290 + 285) × 1290 + 75) × 1290 + 21) × 1290 + 353) × 1290 + 190, × 4 + 2 (the Drowned Coast). */
const GOLDEN_ENTRY = '154320a157ad6992';
const GOLDEN_FINDS = [
  { catalogId: 'rubber-band', quality: 8 },
  { catalogId: 'padded-jacket', quality: 6 },
  { catalogId: 'tin-can-lid', quality: 6 },
  { catalogId: 'rusty-nail', quality: 2 },
  { catalogId: 'road-flare', quality: 4 },
  { catalogId: 'hubcap', quality: 1 },
];

describe('a packed scavenge', () => {
  it('is 8 bytes: 4 zones and 1,290 kinds of find (room for 129 items, 10 qualities) six times fit 64 bits', () => {
    expect(SCAVENGE_ENTRY_BYTES).toBe(8);
    expect(4n * 1290n ** 6n).toBeLessThan(2n ** 64n);
    // The radixes are that room, not today's counts: the golden entry below holds them (an item added later must not
    // change how stored entries decode).
    expect(CATALOGUE.length).toBeLessThanOrEqual(129);
    expect(ZONE_IDS.length).toBeLessThanOrEqual(4);
  });

  it('verifies from its row (pack one by one, store, decode, recompute, compare) for random seeds, nonces, days and zones', { timeout: CPU_BOUND_MS }, () => {
    fc.assert(
      fc.property(scavenges, (drawn) => {
        const { hash, rows, packed } = packedRows(drawn);
        const rolls = rows.flatMap((row) => served(row, hash, drawn.serverSeed));
        // Every scavenge once, in order, with its own day and nonce, the outcome the player was given.
        expect(rolls.map((roll) => [roll.nonce, roll.day / DAY_MS])).toEqual(packed.map((s) => [s.nonce, s.day]));
        expect(rolls.map((roll) => roll.outcome)).toEqual(packed.map(({ finds, zone: id }) => ({ kind: 'scavenge', finds, zone: id })));
        for (const roll of rolls) {
          expect(verdictOf(roll).kind, roll.id).toBe('verified');
          expect(parseScavengeRollId(roll.id)).toEqual({ day: roll.day / DAY_MS, hashPrefix: hash.slice(0, 8), nonce: roll.nonce });
        }
        // Every row stays inline (a rowid table's row spills past 4,061 bytes on a 4 KB page) and within ROW_DAYS days.
        rows.forEach((row, seq) => {
          expect(row.seq).toBe(seq);
          expect(rowBytes(row)).toBeLessThanOrEqual(ROW_BYTES_MAX);
          const days = decodeScavenges(row).map((s) => s.day);
          expect(days.at(-1)! - days[0]!).toBeLessThan(ROW_DAYS);
        });
      }),
      { numRuns: 150 },
    );
  });

  it('fills rows to about a page (a week) for the everyday player (69 scavenges and 6 fights a day)', { timeout: CPU_BOUND_MS }, () => {
    const { rows } = packedRows({ serverSeed: 'a'.repeat(64), clientSeed: '0123456789abcdef', start: 0, steps: Array.from({ length: 690 }, (_, i) => ({ gap: i % 23 === 0 ? 2 : 0, days: i > 0 && i % 69 === 0 ? 1 : 0, zone: 'streets' as const })) });
    // Ten days: the first row takes the first seven days' 483 scavenges, the next row the rest.
    expect(rows.map((row) => decodeScavenges(row).length)).toEqual([483, 207]);
    expect(rowBytes(rows[0]!)).toBeGreaterThan(ROW_BYTES_MAX - 100);
    expect(rowBytes(rows[0]!)).toBeLessThanOrEqual(ROW_BYTES_MAX);
  });

  // Each run recomputes whole rows of SHA-256 rolls: about 2 s on a quiet machine, so room for a loaded one.
  it('fails to verify once any byte of its row is altered: no altered row claims a roll that did not happen', { timeout: CPU_BOUND_MS }, () => {
    fc.assert(
      fc.property(fewScavenges, fc.nat(), fc.integer({ min: 1, max: 255 }), (drawn, at, delta) => {
        const { hash, rows, packed } = packedRows(drawn);
        const row = rows[at % rows.length]!;
        const position = Math.floor(at / rows.length) % row.packed.length;
        const altered = new Uint8Array(row.packed);
        altered[position] = (altered[position]! + delta) % 256;
        const before = served(row, hash, drawn.serverSeed);
        const after = served({ ...row, packed: altered }, hash, drawn.serverSeed);
        const happened = new Map(packed.map((s) => [s.nonce, JSON.stringify(s.finds)]));
        // A roll that still verifies is one that happened: the same nonce and finds (an altered zone digit can pass only
        // where the claim is true: the Streets and the Drowned Coast agree when no find is of a tier with parts).
        for (const roll of after) {
          if (verdictOf(roll).kind === 'verified' && roll.outcome.kind === 'scavenge') expect(JSON.stringify(roll.outcome.finds)).toBe(happened.get(roll.nonce));
        }
        // And the alteration shows: a roll fails, goes missing, or moves to another day or zone.
        const shown = (rolls: FairRoll[]) => JSON.stringify(rolls.map((roll) => [roll.id, roll.outcome, verdictOf(roll).kind]));
        expect(shown(after)).not.toBe(shown(before));
      }),
      { numRuns: 200 },
    );
  });

  it('fails to verify under another client seed or another server seed', { timeout: CPU_BOUND_MS }, () => {
    fc.assert(
      fc.property(fewScavenges, serverSeed, (drawn, other) => {
        const { hash, rows } = packedRows(drawn);
        const [roll] = served({ ...rows[0]!, clientSeed: `${drawn.clientSeed}x`.slice(-64) }, hash, drawn.serverSeed);
        expect(verdictOf(roll!).kind).toBe('mismatch');
        // A seed that is not the one whose hash was shown is caught by its hash.
        const [wrongSeed] = served(rows[0]!, hash, other);
        expect(verdictOf(wrongSeed!).kind).toBe('mismatch');
      }),
      { numRuns: 50 },
    );
  });

  it('keeps its bytes: a golden entry and a golden row decode to the same finds (the catalogue indexes and the layout are pinned)', () => {
    const entry = encodeEntry('drowned-coast', GOLDEN_FINDS);
    expect(bytesToHex(entry)).toBe(GOLDEN_ENTRY);
    expect(decodeEntry(hexToBytes(GOLDEN_ENTRY))).toEqual({ zone: 'drowned-coast', finds: GOLDEN_FINDS });
    // Nonces 197, 198 and 201 (a fight took 199 and 200), the first two on day 20,418, the third on 20,419.
    const row = encodeScavenges([
      { nonce: 197, day: 20_418, zone: 'drowned-coast', finds: GOLDEN_FINDS },
      { nonce: 198, day: 20_418, zone: 'drowned-coast', finds: GOLDEN_FINDS },
      { nonce: 201, day: 20_419, zone: 'drowned-coast', finds: GOLDEN_FINDS },
    ]);
    expect(row.first).toBe(197);
    expect(row.day).toBe(20_419);
    expect(bytesToHex(row.packed)).toBe(`01${'000201'}${'0001'}${'13'}${GOLDEN_ENTRY.repeat(3)}`);
  });

  it('decodes every byte string: unknown catalogue indexes come out as themselves, a nonce with no entry as no finds', { timeout: CPU_BOUND_MS }, () => {
    const [decoded] = decodeScavenges({ first: 0, day: 3, packed: hexToBytes(`000001ff${'ff'.repeat(8)}`) });
    expect(decoded).toMatchObject({ nonce: 0, day: 3, zone: ZONE_IDS[3] });
    expect(decoded!.finds[0]!.catalogId).toMatch(/^#\d+$/);
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 200 }), fc.nat(), (bytes, first) => {
        for (const { finds } of decodeScavenges({ first, day: 20_000, packed: bytes })) expect([0, LOOT_PER_SCAVENGE]).toContain(finds.length);
      }),
    );
  });

  it('refuses to pack what it could not unpack', () => {
    const finds = fairScavenge({ serverSeed: 'a', clientSeed: 'b', nonce: 0 });
    expect(() => encodeEntry('streets', finds.slice(1))).toThrow(RangeError);
    expect(() => encodeEntry('nowhere' as ZoneId, finds)).toThrow(RangeError);
    expect(() => encodeEntry('streets', [{ catalogId: 'no-such-item', quality: 1 }, ...finds.slice(1)])).toThrow(RangeError);
    expect(() => encodeEntry('streets', [{ ...finds[0]!, quality: 11 }, ...finds.slice(1)])).toThrow(RangeError);
    expect(() => encodeEntry('streets', [{ ...finds[0]!, quality: 0 }, ...finds.slice(1)])).toThrow(RangeError);
  });

  it('starts a new row for new seeds, a new client seed or rules, and a scavenge more than a week after the row began', () => {
    const scavenge = (nonce: number, day: number): PackedScavenge => ({ nonce, day, zone: 'streets', finds: GOLDEN_FINDS });
    const seeds = { num: 3, seed: seedPrefix('3fa2c1d9'), clientSeed: 'c', rules: 2 };
    const row = packScavenge(undefined, seeds, scavenge(5, 100));
    expect(row).toMatchObject({ num: 3, seq: 0, first: 5, day: 100 });
    expect(packScavenge(row, seeds, scavenge(6, 100 + ROW_DAYS - 1)).seq).toBe(0);
    for (const next of [{ ...seeds, seed: seedPrefix('3fa2c1da') }, { ...seeds, clientSeed: 'd' }, { ...seeds, rules: 3 }]) expect(packScavenge(row, next, scavenge(6, 100))).toMatchObject({ seq: 1, first: 6 });
    expect(packScavenge(row, seeds, scavenge(6, 100 + ROW_DAYS)).seq).toBe(1);
  });
});

describe('scavenges packed before (the 11-byte entries of roll_days)', () => {
  it('decode as they did: a golden entry of offset 5 and zone 2, rules 2, six catalogue indexes, six qualities in nibbles', () => {
    expect(decodeDayRow(3, hexToBytes('16020a1c07022313866241'))).toEqual([{ nonce: 197, rules: 2, zone: 'drowned-coast', finds: GOLDEN_FINDS }]);
  });
});

/** The fights row's columns that checking reads, as stored: stats and rounds as JSON, the hash as 32 bytes. */
function fightRow(seeds: { serverSeed: string; clientSeed: string; nonce: number }, attacker: { attack: number; defense: number }, defender: { attack: number; defense: number }) {
  const result = fairFight(seeds, attacker, defender);
  return {
    attackerStats: JSON.stringify([attacker.attack, attacker.defense]),
    defenderStats: JSON.stringify([defender.attack, defender.defense]),
    winner: result.winner,
    rounds: JSON.stringify(result.rounds),
    serverSeedHash: hexToBytes(seedHash(seeds.serverSeed)),
    clientSeed: seeds.clientSeed,
    nonce: seeds.nonce,
    rules: FAIR_RULES_VERSION,
  };
}

/** The fight's roll as the worker serves it from the row. */
function fightServed(row: ReturnType<typeof fightRow>, revealedServerSeed: string): FairRoll {
  const [attack, defense] = JSON.parse(row.attackerStats) as [number, number];
  const [theirAttack, theirDefense] = JSON.parse(row.defenderStats) as [number, number];
  return {
    id: 'fight',
    serverSeedHash: bytesToHex(row.serverSeedHash),
    clientSeed: row.clientSeed,
    nonce: row.nonce,
    rules: row.rules,
    outcome: { kind: 'fight', attacker: { attack, defense }, defender: { attack: theirAttack, defense: theirDefense }, result: { winner: row.winner, rounds: JSON.parse(row.rounds) } },
    day: 0,
    createdAt: 0,
    revealedServerSeed,
  };
}

describe('a fight', () => {
  const seeds = fc.record({ serverSeed, clientSeed, nonce: fc.nat({ max: 1_000_000 }) });

  it('verifies from its fights row, and not once any field that checking reads is altered', { timeout: CPU_BOUND_MS }, () => {
    fc.assert(
      fc.property(seeds, fighter, fighter, fc.nat(), (s, attacker, defender, pick) => {
        const row = fightRow(s, attacker, defender);
        expect(verdictOf(fightServed(row, s.serverSeed)).kind).toBe('verified');
        const rounds = JSON.parse(row.rounds) as { damage: number }[];
        const hash = new Uint8Array(row.serverSeedHash);
        hash[pick % 32] = hash[pick % 32]! ^ 0x01;
        const alterations = [
          { ...row, nonce: row.nonce + 1 },
          { ...row, clientSeed: `${row.clientSeed}x`.slice(-64) },
          { ...row, serverSeedHash: hash },
          { ...row, winner: row.winner === 'attacker' ? ('defender' as const) : ('attacker' as const) },
          { ...row, rounds: JSON.stringify(rounds.map((round, i) => (i === pick % rounds.length ? { ...round, damage: round.damage + 1 } : round))) },
          { ...row, rules: 99 },
        ];
        for (const altered of alterations) expect(verdictOf(fightServed(altered, s.serverSeed)).kind).not.toBe('verified');
      }),
      { numRuns: 100 },
    );
  });
});

describe('rolls stored before packing (a real rolls row of main)', () => {
  const [seed] = before.revealed;

  it('still verify from the rolls table as it stored them', () => {
    expect(before.rolls.map((row) => row.kind)).toEqual(['scavenge', 'fight']);
    for (const row of before.rolls) {
      const roll: FairRoll = {
        id: row.id,
        serverSeedHash: row.server_seed_hash,
        clientSeed: row.client_seed,
        nonce: row.nonce,
        rules: row.rules,
        outcome: JSON.parse(row.outcome) as StoredOutcome,
        day: 0,
        createdAt: row.created_at,
        revealedServerSeed: seed!.seed,
      };
      expect(verdictOf(roll).kind, row.kind).toBe('verified');
    }
  });
});

