/** Column types of the packed records that fairness and the arena both store (their schema.ts). */
import { bytesToHex, hexToBytes } from '@noble/hashes/utils.js';
import { customType } from 'drizzle-orm/sqlite-core';

/** A BLOB as bytes. D1 answers a BLOB as an array of numbers (or a buffer); a Uint8Array binds as a BLOB. */
export const bytes = customType<{ data: Uint8Array; driverData: Uint8Array | ArrayBuffer | number[] }>({
  dataType: () => 'blob',
  fromDriver: (value) => (value instanceof Uint8Array ? value : new Uint8Array(value)),
});

/**
 * A client seed in a packed record's key: the default ones (and any other of lowercase hex digits, an even number of
 * them) as their bytes, half the size; any other as its text. A text value is then never of that form, so the two
 * never meet.
 */
export const clientSeedKey = customType<{ data: string; driverData: string | Uint8Array | ArrayBuffer | number[] }>({
  dataType: () => 'text',
  toDriver: (seed) => (/^(?:[0-9a-f]{2})+$/.test(seed) ? hexToBytes(seed) : seed),
  fromDriver: (value) => (typeof value === 'string' ? value : bytesToHex(value instanceof Uint8Array ? value : new Uint8Array(value))),
});
