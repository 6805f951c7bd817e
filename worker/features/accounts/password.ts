/**
 * Password hashing with scrypt from node:crypto, which workerd runs natively (docs/design.md section 2).
 * The stored string carries its parameters (`scrypt$N$r$p$salt$hash`) so they can be raised later:
 * `needsRehash` tells the login route when an old hash should be replaced.
 */
import { randomBytes, scrypt as scryptCallback, timingSafeEqual } from 'node:crypto';

export interface ScryptParams {
  N: number;
  r: number;
  p: number;
}

/** OWASP's minimum for scrypt; 32 MiB of memory and N·r·p = 2^18, inside workerd's cap of 2^20. */
export const SCRYPT_PARAMS: ScryptParams = { N: 2 ** 15, r: 8, p: 1 };
/** workerd refuses scrypt work above this product (production limit). */
export const WORKERD_MAX_SCRYPT_WORK = 2 ** 20;
/** Memory scrypt needs: 128 · N · r bytes (plus a little). Must stay well under the 128 MB isolate. */
export const scryptMemoryBytes = ({ N, r }: ScryptParams) => 128 * N * r;

const KEY_LENGTH = 32;

/** How many scrypt derivations this isolate has run: tests count them to prove a throttle held (issue #15). */
export const scryptRuns = { count: 0 };

function derive(password: string, salt: Buffer, params: ScryptParams): Promise<Buffer> {
  scryptRuns.count += 1;
  return new Promise((resolve, reject) => {
    scryptCallback(
      password.normalize('NFKC'),
      salt,
      KEY_LENGTH,
      { ...params, maxmem: scryptMemoryBytes(params) + 1024 * 1024 },
      (error, key) => (error ? reject(error) : resolve(key)),
    );
  });
}

export async function hashPassword(password: string, params: ScryptParams = SCRYPT_PARAMS): Promise<string> {
  const salt = randomBytes(16);
  const key = await derive(password, salt, params);
  return ['scrypt', params.N, params.r, params.p, salt.toString('base64'), key.toString('base64')].join('$');
}

function parse(stored: string): { params: ScryptParams; salt: Buffer; key: Buffer } | null {
  const [algorithm, N, r, p, salt, key] = stored.split('$');
  if (algorithm !== 'scrypt' || !salt || !key) return null;
  const params = { N: Number(N), r: Number(r), p: Number(p) };
  if (![params.N, params.r, params.p].every(Number.isSafeInteger)) return null;
  return { params, salt: Buffer.from(salt, 'base64'), key: Buffer.from(key, 'base64') };
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const parsed = parse(stored);
  if (!parsed) return false;
  const key = await derive(password, parsed.salt, parsed.params);
  return key.length === parsed.key.length && timingSafeEqual(key, parsed.key);
}

export function needsRehash(stored: string): boolean {
  const parsed = parse(stored);
  return !parsed || parsed.params.N < SCRYPT_PARAMS.N || parsed.params.r < SCRYPT_PARAMS.r || parsed.params.p < SCRYPT_PARAMS.p;
}

/**
 * A hash of a random password, verified against when the account does not exist, so a login for an unknown
 * name costs as much time as one with a wrong password (no user enumeration by timing).
 */
let decoyHash: Promise<string> | undefined;
export function decoyPasswordHash(): Promise<string> {
  decoyHash ??= hashPassword(randomBytes(16).toString('hex'));
  return decoyHash;
}
