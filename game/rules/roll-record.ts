/**
 * The compact record of scavenge rolls (docs/decisions/013-verifiable-rolls.md, "Rolls in bytes"). A player's
 * scavenges are packed into rows (`scavenge_rolls`) of up to about a page: one row holds consecutive scavenges
 * drawn from one pair of seeds under one rules version, over at most ROW_DAYS UTC days. The scavenge's batch
 * rewrites the player's newest row with its entry added, or starts the next row once that one is full.
 *
 * A row's `packed` value:
 *
 *   byte 0                the number m of day marks
 *   3 bytes per mark      how many entries fall on that day (2 bytes, big-endian), and how many days later the next
 *                         group's day is; the entries after the last mark fall on the row's `day` (its newest's)
 *   2 bytes               the length b of the nonce map, big-endian
 *   b bytes               the nonce map: bit k (byte k >> 3, bit k & 7) set if nonce `first + k` is this row's
 *                         (a fight takes the nonces in between)
 *   8 bytes per entry     the zone and the six finds as one mixed-radix number, big-endian: the zone's index in
 *                         ZONE_IDS is the last digit, then each find's catalogue index × 10 + quality − 1, the
 *                         first find the most significant
 *
 * Every byte string decodes: an index past the catalogue decodes to an id no roll gives (`#<index>`), a nonce with no
 * entry to a scavenge with no finds, an entry with no nonce is left out; so an altered record shows as not matching
 * (or as a roll gone) instead of failing to load. Pure and platform-free: the Worker packs and unpacks, the page's tests run it in Node.
 */
import { LOOT_PER_SCAVENGE } from '../constants';
import { CATALOGUE } from './catalogue';
import type { LootRoll } from './rolls';
import { ZONE_IDS, type ZoneId } from './zones';

/** Bytes of one scavenge's entry. */
export const SCAVENGE_ENTRY_BYTES = 8;
/**
 * A row's largest record (SQLite's payload: its columns and their header). A rowid table's row is stored inline up to
 * 4,061 bytes on a 4 KB page (a WITHOUT ROWID row only up to 1,002); a longer one spills into an overflow page. One
 * full row fills a page: the page's free space is what 4,096 bytes leave after it, however rows were inserted.
 */
export const ROW_BYTES_MAX = 4000;
/** A row's id is the player's number × ROW_IDS + the row's place among theirs (`seq`): the player's rows are a range. */
export const ROW_IDS = 2 ** 20;
/** A row takes scavenges of at most this many consecutive UTC days, so the prune, by a row's newest day, keeps none much past the window. */
export const ROW_DAYS = 7;

/** Qualities run 1–10 (game/rules/rolls.ts rollQuality). */
const QUALITIES = 10;
/**
 * The digits' radixes are the most items and zones 64 bits hold (4 × 1,290^6 < 2^64), not today's counts, so an item
 * added later leaves every stored entry decoding as it was. A fifth zone or a 130th item needs a new entry format.
 */
const CATALOGUE_CAPACITY = 129;
const ZONE_CAPACITY = 4;
const FIND_RADIX = BigInt(CATALOGUE_CAPACITY * QUALITIES);
const ZONE_RADIX = BigInt(ZONE_CAPACITY);
if (CATALOGUE.length > CATALOGUE_CAPACITY || ZONE_IDS.length > ZONE_CAPACITY || ZONE_RADIX * FIND_RADIX ** BigInt(LOOT_PER_SCAVENGE) > 2n ** 64n) {
  throw new Error(`roll-record packs a scavenge in 64 bits: ${ZONE_IDS.length} zones and ${CATALOGUE.length} items need a new entry format`);
}

const CATALOGUE_INDEX = new Map(CATALOGUE.map((item, index) => [item.id, index]));

/** One scavenge as packed: what it drew with besides the row's seeds and rules, and the six finds. */
export interface PackedScavenge {
  nonce: number;
  /** The UTC day (days since 1970-01-01). */
  day: number;
  zone: ZoneId;
  finds: LootRoll[];
}

/** A `scavenge_rolls` row as stored, its id as the player's number and the row's place. */
export interface RollRow {
  /** The player's number (`players.num`). */
  num: number;
  /** The row's place among the player's rows, counting up: the newest row has the highest. */
  seq: number;
  /** The first 4 bytes of the server seed's SHA-256 (the roll id's 8 hex digits). */
  seed: Uint8Array;
  clientSeed: string;
  /** The nonce the nonce map starts at: the row's first scavenge's. */
  first: number;
  /** The UTC day of the row's newest scavenge (what the prune compares). */
  day: number;
  /** FAIR_RULES_VERSION of every scavenge in the row. */
  rules: number;
  packed: Uint8Array;
}

/** The 8 bytes of one scavenge's zone and finds. Throws on a find the format cannot hold: the roll would not be checkable. */
export function encodeEntry(zone: ZoneId, finds: LootRoll[]): Uint8Array {
  const zoneIndex = ZONE_IDS.indexOf(zone);
  if (zoneIndex < 0 || finds.length !== LOOT_PER_SCAVENGE) throw new RangeError(`roll-record cannot pack zone ${zone} with ${finds.length} finds`);
  let value = 0n;
  for (const { catalogId, quality } of finds) {
    const index = CATALOGUE_INDEX.get(catalogId);
    if (index === undefined || !Number.isInteger(quality) || quality < 1 || quality > QUALITIES) throw new RangeError(`roll-record cannot pack ${catalogId} of quality ${quality}`);
    value = value * FIND_RADIX + BigInt(index * QUALITIES + quality - 1);
  }
  value = value * ZONE_RADIX + BigInt(zoneIndex);
  const entry = new Uint8Array(SCAVENGE_ENTRY_BYTES);
  new DataView(entry.buffer).setBigUint64(0, value);
  return entry;
}

/** The zone and finds of 8 bytes. The first find's digit can exceed the catalogue (only in an altered entry): it decodes as `#<index>`. */
export function decodeEntry(entry: Uint8Array): { zone: ZoneId; finds: LootRoll[] } {
  let value = new DataView(entry.buffer, entry.byteOffset, SCAVENGE_ENTRY_BYTES).getBigUint64(0);
  const zone = ZONE_IDS[Number(value % ZONE_RADIX)]!;
  value /= ZONE_RADIX;
  const finds: LootRoll[] = [];
  for (let i = 0; i < LOOT_PER_SCAVENGE; i += 1) {
    const digit = Number(i === LOOT_PER_SCAVENGE - 1 ? value : value % FIND_RADIX);
    value /= FIND_RADIX;
    const index = Math.floor(digit / QUALITIES);
    finds.unshift({ catalogId: CATALOGUE[index]?.id ?? `#${index}`, quality: (digit % QUALITIES) + 1 });
  }
  return { zone, finds };
}

/** A row's `first`, `day` and `packed` for its scavenges (nonces rising, days not falling). */
export function encodeScavenges(scavenges: readonly PackedScavenge[]): Pick<RollRow, 'first' | 'day' | 'packed'> {
  const first = scavenges[0]!.nonce;
  const last = scavenges.at(-1)!;
  const marks: number[] = [];
  let count = 0;
  scavenges.forEach((scavenge, i) => {
    const next = scavenges[i + 1];
    count += 1;
    if (next && next.day !== scavenge.day) {
      marks.push(count >> 8, count & 0xff, next.day - scavenge.day);
      count = 0;
    }
  });
  const map = new Uint8Array(Math.ceil((last.nonce - first + 1) / 8));
  for (const { nonce } of scavenges) map[(nonce - first) >> 3]! |= 1 << ((nonce - first) & 7);
  if (marks.length / 3 > 255 || marks.some((byte) => byte > 255) || map.length > 0xffff) throw new RangeError('roll-record cannot pack a row this long: start a new row');
  const packed = new Uint8Array(1 + marks.length + 2 + map.length + scavenges.length * SCAVENGE_ENTRY_BYTES);
  packed.set([marks.length / 3, ...marks, map.length >> 8, map.length & 0xff, ...map]);
  scavenges.forEach(({ zone, finds }, i) => packed.set(encodeEntry(zone, finds), 3 + marks.length + map.length + i * SCAVENGE_ENTRY_BYTES));
  return { first, day: last.day, packed };
}

/** The scavenges of a row, in the order they were packed (nonces rising); only the newest `newest` if given. */
export function decodeScavenges({ first, day, packed }: Pick<RollRow, 'first' | 'day' | 'packed'>, newest = Infinity): PackedScavenge[] {
  const byte = (at: number) => packed[at] ?? 0;
  const marks = Array.from({ length: byte(0) }, (_, i) => ({ count: (byte(1 + 3 * i) << 8) | byte(2 + 3 * i), days: byte(3 + 3 * i) }));
  const mapAt = 1 + 3 * marks.length;
  const mapBytes = (byte(mapAt) << 8) | byte(mapAt + 1);
  const entriesAt = mapAt + 2 + mapBytes;
  const nonces: number[] = [];
  for (let k = 0; k < mapBytes * 8; k += 1) if (byte(mapAt + 2 + (k >> 3)) & (1 << (k & 7))) nonces.push(first + k);
  // Each entry's day: the groups before the last mark's are earlier by the marks' days, counted back from the row's day.
  const days: number[] = [];
  let groupDay = day - marks.reduce((sum, mark) => sum + mark.days, 0);
  for (const mark of marks) {
    for (let i = 0; i < mark.count; i += 1) days.push(groupDay);
    groupDay += mark.days;
  }
  // A nonce with no entry (only in an altered row) decodes as a scavenge with no finds, which the check refuses.
  const from = Math.max(0, nonces.length - newest);
  return nonces.slice(from).map((nonce, j) => {
    const i = from + j;
    const at = entriesAt + i * SCAVENGE_ENTRY_BYTES;
    const entry = at + SCAVENGE_ENTRY_BYTES <= packed.length ? decodeEntry(packed.subarray(at, at + SCAVENGE_ENTRY_BYTES)) : { zone: ZONE_IDS[0], finds: [] };
    return { nonce, day: days[i] ?? day, ...entry };
  });
}

/** The bytes of SQLite's record of these column values (its header, then each value as stored; null takes none). */
function recordBytes(values: readonly (number | string | Uint8Array | null)[]): number {
  const varint = (n: number) => (n < 0x80 ? 1 : n < 0x4000 ? 2 : 3);
  const integer = (n: number) => (n === 0 || n === 1 ? 0 : Math.abs(n) < 0x80 ? 1 : Math.abs(n) < 0x8000 ? 2 : Math.abs(n) < 0x800000 ? 3 : Math.abs(n) < 0x80000000 ? 4 : 6);
  let header = 0;
  let body = 0;
  for (const value of values) {
    const length = value === null ? 0 : typeof value === 'number' ? integer(value) : typeof value === 'string' ? new TextEncoder().encode(value).length : value.length;
    header += varint(typeof value === 'number' ? 6 : 2 * length + 13);
    body += length;
  }
  return varint(header + 1) + header + body;
}

/** A row's record size, as SQLite stores it (columns in the table's order, migrations/0030; the id is the rowid, null in the record). */
export const rowBytes = (row: RollRow) => recordBytes([null, row.seed, row.clientSeed, row.first, row.day, row.rules, row.packed]);

/** A row's id (`scavenge_rolls.id`). */
export const rollRowId = ({ num, seq }: Pick<RollRow, 'num' | 'seq'>) => num * ROW_IDS + seq;

/**
 * The row a scavenge is packed into: the player's newest row with the scavenge added, if it holds the same seeds and
 * rules, its first day is fewer than ROW_DAYS days back and the row stays within ROW_BYTES_MAX; otherwise the next
 * row, holding this scavenge alone.
 */
export function packScavenge(newest: RollRow | undefined, next: Pick<RollRow, 'num' | 'seed' | 'clientSeed' | 'rules'>, scavenge: PackedScavenge): RollRow {
  if (newest && sameBytes(newest.seed, next.seed) && newest.clientSeed === next.clientSeed && newest.rules === next.rules) {
    const scavenges = decodeScavenges(newest);
    const [oldest, last] = [scavenges[0], scavenges.at(-1)];
    const fits = oldest && last && scavenge.nonce > last.nonce && scavenge.nonce - oldest.nonce < ROW_BYTES_MAX * 8 && scavenge.day >= last.day && scavenge.day - oldest.day < ROW_DAYS;
    if (fits) {
      const grown = { ...newest, ...encodeScavenges([...scavenges, scavenge]) };
      if (rowBytes(grown) <= ROW_BYTES_MAX) return grown;
    }
  }
  return { ...next, seq: newest ? newest.seq + 1 : 0, ...encodeScavenges([scavenge]) };
}

const sameBytes = (a: Uint8Array, b: Uint8Array) => a.length === b.length && a.every((byte, i) => byte === b[i]);

/** The first 4 bytes of a server seed's SHA-256 (its hex), as a row keeps them. */
export const seedPrefix = (serverSeedHash: string) => Uint8Array.from(serverSeedHash.slice(0, 8).match(/../g)!, (pair) => parseInt(pair, 16));

/**
 * A packed scavenge's id on the wire and in the log: its UTC day, the first 8 hex digits of its server seed's hash
 * and its nonce, e.g. `20419.3fa2c1d9.17`. The hash and the nonce find its row and entry; the day names it.
 */
export const scavengeRollId = (day: number, serverSeedHash: string, nonce: number) => `${day}.${serverSeedHash.slice(0, 8)}.${nonce}`;

/** The parts of a packed scavenge's id, or null for another id (a fight's, or a roll stored before packing). */
export function parseScavengeRollId(id: string): { day: number; hashPrefix: string; nonce: number } | null {
  const parts = /^(\d{1,9})\.([0-9a-f]{8})\.(\d{1,15})$/.exec(id);
  return parts ? { day: Number(parts[1]), hashPrefix: parts[2]!, nonce: Number(parts[3]) } : null;
}

/**
 * Rows of `roll_days` (migrations/0023), packed before `scavenge_rolls`: one row per player, UTC day, seeds and block
 * of 64 nonces, an 11-byte entry per scavenge (the nonce's offset in the block and the zone, the rules version, six
 * catalogue indexes, six qualities two a byte). No longer written: read until the daily prune has emptied the table
 * (30 days after migration 0030), then this goes with it.
 */
export const DAY_ROW_ENTRY_BYTES = 11;
const DAY_ROW_NONCES = 64;

/** The scavenges of a `roll_days` row of block `block`, with the rules version each entry names. */
export function decodeDayRow(block: number, packed: Uint8Array): (Omit<PackedScavenge, 'day'> & { rules: number })[] {
  const scavenges: (Omit<PackedScavenge, 'day'> & { rules: number })[] = [];
  for (let at = 0; at + DAY_ROW_ENTRY_BYTES <= packed.length; at += DAY_ROW_ENTRY_BYTES) {
    const entry = packed.subarray(at, at + DAY_ROW_ENTRY_BYTES);
    const finds = Array.from({ length: LOOT_PER_SCAVENGE }, (_, i) => {
      const index = entry[2 + i]!;
      const qualities = entry[2 + LOOT_PER_SCAVENGE + (i >> 1)]!;
      return { catalogId: CATALOGUE[index]?.id ?? `#${index}`, quality: i % 2 === 0 ? qualities >> 4 : qualities & 0x0f };
    });
    scavenges.push({ nonce: block * DAY_ROW_NONCES + (entry[0]! >> 2), rules: entry[1]!, zone: ZONE_IDS[entry[0]! & 0b11]!, finds });
  }
  return scavenges;
}

/** The block of nonces of `roll_days` a nonce was packed in. */
export const dayRowBlock = (nonce: number) => Math.floor(nonce / DAY_ROW_NONCES);
