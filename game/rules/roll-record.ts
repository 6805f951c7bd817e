/**
 * The compact record of scavenge rolls (docs/decisions/013-verifiable-rolls.md, "Rolls in bytes"). A player's
 * scavenges are packed per UTC day, seeds in use and block of nonces: one row (`roll_days`) whose value is the
 * concatenation of one 11-byte entry per scavenge, appended in the scavenge's own batch. An entry holds only what
 * checking needs besides the row's seeds:
 *
 *   byte 0      the nonce's offset in its block (bits 7–2) and the zone's index in ZONE_IDS (bits 1–0)
 *   byte 1      the rules version (FAIR_RULES_VERSION)
 *   bytes 2–7   each find's index in CATALOGUE
 *   bytes 8–10  each find's quality, two finds a byte (the first find in the high half)
 *
 * The nonce is the row's block × NONCES_PER_ROW + the offset, so a fight taking a nonce between two scavenges
 * costs nothing here. A block of 64 nonces keeps a row under SQLite's inline limit for a WITHOUT ROWID row
 * (about 1,000 bytes on a 4 KB page): a longer row would spill into an overflow page of its own.
 *
 * Every byte string decodes: an index past the catalogue decodes to an id no roll gives (`#<index>`), a quality
 * outside 1–10 to itself, a version the page lacks to that version, so an altered record shows as not matching
 * instead of failing to load. Pure and platform-free: the Worker packs and unpacks, the tests run in Node.
 */
import { LOOT_PER_SCAVENGE } from '../constants';
import { CATALOGUE } from './catalogue';
import type { LootRoll } from './rolls';
import { ZONE_IDS, type ZoneId } from './zones';

/** Nonces per row: a row's entries all share floor(nonce / NONCES_PER_ROW). */
export const NONCES_PER_ROW = 64;
/** Bytes of one scavenge's entry. */
export const SCAVENGE_ENTRY_BYTES = 2 + LOOT_PER_SCAVENGE + LOOT_PER_SCAVENGE / 2;

// The layout has two bits for the zone and a byte per catalogue index: growing past either changes the format.
if (ZONE_IDS.length > 4) throw new Error('roll-record packs the zone in 2 bits: a fifth zone needs a new entry format');
if (CATALOGUE.length > 256) throw new Error('roll-record packs a find in one byte: a catalogue of more than 256 items needs a new entry format');

const CATALOGUE_INDEX = new Map(CATALOGUE.map((item, index) => [item.id, index]));

/** The block of nonces (a row's key) a nonce is packed in. */
export const nonceBlock = (nonce: number) => Math.floor(nonce / NONCES_PER_ROW);

/** One scavenge as packed: the inputs besides the row's seeds, and the six finds. */
export interface PackedScavenge {
  nonce: number;
  rules: number;
  zone: ZoneId;
  finds: LootRoll[];
}

/** The entry of one scavenge. Throws on a value the format cannot hold: the roll would not be checkable. */
export function encodeScavenge({ nonce, rules, zone, finds }: PackedScavenge): Uint8Array {
  const zoneIndex = ZONE_IDS.indexOf(zone);
  if (!Number.isInteger(nonce) || nonce < 0 || zoneIndex < 0 || !Number.isInteger(rules) || rules < 0 || rules > 255 || finds.length !== LOOT_PER_SCAVENGE) {
    throw new RangeError(`roll-record cannot pack nonce ${nonce}, rules ${rules}, zone ${zone}, ${finds.length} finds`);
  }
  const entry = new Uint8Array(SCAVENGE_ENTRY_BYTES);
  entry[0] = ((nonce % NONCES_PER_ROW) << 2) | zoneIndex;
  entry[1] = rules;
  finds.forEach(({ catalogId, quality }, i) => {
    const index = CATALOGUE_INDEX.get(catalogId);
    if (index === undefined || !Number.isInteger(quality) || quality < 0 || quality > 15) throw new RangeError(`roll-record cannot pack ${catalogId} of quality ${quality}`);
    entry[2 + i] = index;
    entry[2 + LOOT_PER_SCAVENGE + (i >> 1)]! |= i % 2 === 0 ? quality << 4 : quality;
  });
  return entry;
}

/** The scavenges of a row of block `block`, in the order they were packed (nonces rising). */
export function decodeScavenges(block: number, packed: Uint8Array): PackedScavenge[] {
  const scavenges: PackedScavenge[] = [];
  // A trailing part shorter than an entry (only an altered row has one) is not an entry.
  for (let at = 0; at + SCAVENGE_ENTRY_BYTES <= packed.length; at += SCAVENGE_ENTRY_BYTES) {
    const entry = packed.subarray(at, at + SCAVENGE_ENTRY_BYTES);
    const finds = Array.from({ length: LOOT_PER_SCAVENGE }, (_, i) => {
      const index = entry[2 + i]!;
      const qualities = entry[2 + LOOT_PER_SCAVENGE + (i >> 1)]!;
      return { catalogId: CATALOGUE[index]?.id ?? `#${index}`, quality: i % 2 === 0 ? qualities >> 4 : qualities & 0x0f };
    });
    scavenges.push({ nonce: block * NONCES_PER_ROW + (entry[0]! >> 2), rules: entry[1]!, zone: ZONE_IDS[entry[0]! & 0b11]!, finds });
  }
  return scavenges;
}

/**
 * A packed scavenge's id on the wire and in the log: its UTC day, the first 8 hex digits of its server seed's hash
 * and its nonce, e.g. `20419.3fa2c1d9.17`. The day and the hash find its row; the nonce, its entry.
 */
export const scavengeRollId = (day: number, serverSeedHash: string, nonce: number) => `${day}.${serverSeedHash.slice(0, 8)}.${nonce}`;

/** The parts of a packed scavenge's id, or null for another id (a fight's, or a roll stored before packing). */
export function parseScavengeRollId(id: string): { day: number; hashPrefix: string; nonce: number } | null {
  const parts = /^(\d{1,9})\.([0-9a-f]{8})\.(\d{1,15})$/.exec(id);
  return parts ? { day: Number(parts[1]), hashPrefix: parts[2]!, nonce: Number(parts[3]) } : null;
}
