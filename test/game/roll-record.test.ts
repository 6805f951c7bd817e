/**
 * Rolls in bytes (docs/decisions/013-verifiable-rolls.md, "Rolls in bytes"): every kind of roll verifies from its
 * compact record (a scavenge from its packed entry, a fight from its `fights` row), any altered byte fails, and the
 * rolls stored before packing (a real `rolls` row of main, test/fixtures/rolls-before-packing.json) still verify.
 */
import { bytesToHex, hexToBytes } from '@noble/hashes/utils.js';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { verdictOf } from '../../game/rules/fair-verdict';
import { CLIENT_SEED_PATTERN, LOOT_PER_SCAVENGE } from '../../game/constants';
import { FAIR_RULES_VERSION, fairFight, fairScavenge, recompute, seedHash, type StoredOutcome } from '../../game/rules/fair';
import { decodeScavenges, encodeScavenge, NONCES_PER_ROW, nonceBlock, parseScavengeRollId, SCAVENGE_ENTRY_BYTES, scavengeRollId, type PackedScavenge } from '../../game/rules/roll-record';
import { ZONES, zoneById, type ZoneId } from '../../game/rules/zones';
import type { FairRoll } from '../../game/wire';
import before from '../fixtures/rolls-before-packing.json';

const serverSeed = fc.uint8Array({ minLength: 32, maxLength: 32 }).map((bytes) => bytesToHex(bytes));
const clientSeed = fc.stringMatching(CLIENT_SEED_PATTERN);
const zone = fc.constantFrom(...ZONES.map((z) => z.id));
const fighter = fc.record({ attack: fc.nat({ max: 400 }), defense: fc.nat({ max: 400 }) });
const DAY_MS = 24 * 60 * 60 * 1000;

/** A row's key and value as `roll_days` stores them (the hash as 32 bytes, the value as a blob). */
interface DayRow {
  day: number;
  serverSeedHash: Uint8Array;
  clientSeed: string;
  block: number;
  packed: Uint8Array;
}

/** What the worker serves for each entry of a row (worker/features/fairness/routes.ts), with the revealed seed. */
function served(row: DayRow, revealedServerSeed: string): FairRoll[] {
  const hash = bytesToHex(row.serverSeedHash);
  return decodeScavenges(row.block, row.packed).map(({ nonce, rules, zone: id, finds }) => ({
    id: scavengeRollId(row.day, hash, nonce),
    serverSeedHash: hash,
    clientSeed: row.clientSeed,
    nonce,
    rules,
    outcome: { kind: 'scavenge', finds, zone: id },
    day: row.day * DAY_MS,
    createdAt: null,
    revealedServerSeed,
  }));
}

/** The scavenges of one block of nonces under one pair of seeds, some nonces taken by fights in between. */
const block = fc.record({
  serverSeed,
  clientSeed,
  block: fc.nat({ max: 20_000 }),
  taken: fc.uniqueArray(fc.record({ offset: fc.nat({ max: NONCES_PER_ROW - 1 }), zone }), { minLength: 1, maxLength: 6, selector: (s) => s.offset }),
});

function packedRow({ serverSeed: seed, clientSeed: client, block: b, taken }: { serverSeed: string; clientSeed: string; block: number; taken: { offset: number; zone: ZoneId }[] }) {
  const scavenges: PackedScavenge[] = [...taken]
    .sort((x, y) => x.offset - y.offset)
    .map(({ offset, zone: id }) => {
      const nonce = b * NONCES_PER_ROW + offset;
      return { nonce, rules: FAIR_RULES_VERSION, zone: id, finds: fairScavenge({ serverSeed: seed, clientSeed: client, nonce }, zoneById(id)) };
    });
  const packed = new Uint8Array(scavenges.length * SCAVENGE_ENTRY_BYTES);
  scavenges.forEach((scavenge, i) => packed.set(encodeScavenge(scavenge), i * SCAVENGE_ENTRY_BYTES));
  // Stored and read back as D1 answers a blob.
  const row: DayRow = { day: 20_419, serverSeedHash: hexToBytes(seedHash(seed)), clientSeed: client, block: b, packed: new Uint8Array([...packed]) };
  return { row, scavenges };
}

/** The golden entry below: offset 5 and zone 2 (0x16), rules 2, six catalogue indexes, six qualities in nibbles. */
const GOLDEN_ENTRY = '16020a1c07022313866241';

describe('a packed scavenge', () => {
  it('is 11 bytes, and a full block of 64 stays under the inline size of a WITHOUT ROWID row (about 1,000 bytes)', () => {
    expect(SCAVENGE_ENTRY_BYTES).toBe(11);
    // The key at its longest: a 36-character uid, the day, the 32-byte hash, a 64-character client seed, the block.
    const key = 36 + 4 + 32 + 64 + 3;
    expect(key + NONCES_PER_ROW * SCAVENGE_ENTRY_BYTES + 16).toBeLessThan(1000);
  });

  it('verifies from its entry (encode, store, decode, recompute, compare) for random seeds, nonces and zones', () => {
    fc.assert(
      fc.property(block, (drawn) => {
        const { row, scavenges } = packedRow(drawn);
        const rolls = served(row, drawn.serverSeed);
        expect(rolls.map((roll) => roll.nonce)).toEqual(scavenges.map((s) => s.nonce));
        for (const roll of rolls) {
          expect(verdictOf(roll).kind, roll.id).toBe('verified');
          expect(parseScavengeRollId(roll.id)).toEqual({ day: row.day, hashPrefix: roll.serverSeedHash.slice(0, 8), nonce: roll.nonce });
          expect(nonceBlock(roll.nonce)).toBe(row.block);
        }
        // The outcome served is what the scavenge gave the player.
        expect(rolls.map((roll) => roll.outcome)).toEqual(scavenges.map(({ finds, zone: id }) => ({ kind: 'scavenge', finds, zone: id })));
      }),
      { numRuns: 150 },
    );
  });

  it('fails to verify once any byte of its entry is altered', () => {
    fc.assert(
      fc.property(block, fc.nat(), fc.integer({ min: 1, max: 255 }), (drawn, at, delta) => {
        const { row, scavenges } = packedRow(drawn);
        const position = at % row.packed.length;
        const altered = new Uint8Array(row.packed);
        altered[position] = (altered[position]! + delta) % 256;
        const entry = Math.floor(position / SCAVENGE_ENTRY_BYTES);
        const roll = served({ ...row, packed: altered }, drawn.serverSeed)[entry]!;
        const verdict = verdictOf(roll).kind;
        // An entry's first two bytes are what it claims to have been drawn with (nonce, zone, rules). A change there
        // can only pass if the claim is itself true: those inputs give exactly these finds (the Streets and the
        // Drowned Coast agree when no find is of a tier with parts; versions 1 and 2 share the loot tables).
        const claimTrue = verdict === 'verified' && position % SCAVENGE_ENTRY_BYTES < 2 && roll.outcome.kind === 'scavenge';
        if (claimTrue && roll.outcome.kind === 'scavenge') {
          expect(roll.outcome.finds).toEqual(scavenges[entry]!.finds);
          const seeds = { serverSeed: drawn.serverSeed, clientSeed: drawn.clientSeed, nonce: roll.nonce };
          expect(recompute(seeds, roll.outcome, roll.rules)).toEqual(roll.outcome);
        } else expect(verdict, `byte ${position}`).not.toBe('verified');
      }),
      { numRuns: 400 },
    );
  });

  it('fails to verify under another client seed or another server seed', () => {
    fc.assert(
      fc.property(block, serverSeed, (drawn, other) => {
        const { row } = packedRow(drawn);
        const [roll] = served({ ...row, clientSeed: `${drawn.clientSeed}x`.slice(-64) }, drawn.serverSeed);
        expect(verdictOf(roll!).kind).toBe('mismatch');
        // A seed that is not the one whose hash the row holds is caught by its hash.
        const [wrongSeed] = served(row, other);
        expect(verdictOf(wrongSeed!).kind).toBe('mismatch');
      }),
      { numRuns: 50 },
    );
  });

  it('keeps its bytes: a golden entry decodes to the same finds (the catalogue indexes and the layout are pinned)', () => {
    const finds = [
      { catalogId: 'rubber-band', quality: 8 },
      { catalogId: 'padded-jacket', quality: 6 },
      { catalogId: 'tin-can-lid', quality: 6 },
      { catalogId: 'rusty-nail', quality: 2 },
      { catalogId: 'road-flare', quality: 4 },
      { catalogId: 'hubcap', quality: 1 },
    ];
    const entry = encodeScavenge({ nonce: 64 * 3 + 5, rules: 2, zone: 'drowned-coast', finds });
    expect(bytesToHex(entry)).toBe(GOLDEN_ENTRY);
    expect(decodeScavenges(3, hexToBytes(GOLDEN_ENTRY))).toEqual([{ nonce: 197, rules: 2, zone: 'drowned-coast', finds }]);
  });

  it('decodes every byte string: unknown catalogue indexes and qualities come out as themselves, never as a real find', () => {
    const entry = new Uint8Array(SCAVENGE_ENTRY_BYTES).fill(0xff);
    const [decoded] = decodeScavenges(0, entry);
    expect(decoded).toMatchObject({ nonce: 63, rules: 255 });
    expect(decoded!.finds).toEqual(Array.from({ length: LOOT_PER_SCAVENGE }, () => ({ catalogId: '#255', quality: 15 })));
    // A part shorter than an entry (only an altered row has one) is no entry.
    expect(decodeScavenges(0, entry.subarray(0, SCAVENGE_ENTRY_BYTES - 1))).toEqual([]);
  });

  it('refuses to pack what it could not unpack', () => {
    const finds = fairScavenge({ serverSeed: 'a', clientSeed: 'b', nonce: 0 });
    expect(() => encodeScavenge({ nonce: 0, rules: 256, zone: 'streets', finds })).toThrow(RangeError);
    expect(() => encodeScavenge({ nonce: -1, rules: 2, zone: 'streets', finds })).toThrow(RangeError);
    expect(() => encodeScavenge({ nonce: 0, rules: 2, zone: 'streets', finds: finds.slice(1) })).toThrow(RangeError);
    expect(() => encodeScavenge({ nonce: 0, rules: 2, zone: 'streets', finds: [{ catalogId: 'no-such-item', quality: 1 }, ...finds.slice(1)] })).toThrow(RangeError);
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

  it('verifies from its fights row, and not once any field that checking reads is altered', () => {
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

