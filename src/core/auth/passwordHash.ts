/**
 * Password hashing with scrypt (memory-hard) from node:crypto, per-password random salt. The
 * encoded form carries its parameters, so they can be raised later without breaking old hashes:
 * `scrypt$<N>$<r>$<p>$<salt base64url>$<hash base64url>`. Hashing runs on libuv's thread pool
 * (async scrypt), so it does not stall the event loop.
 */
import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';

/**
 * log2 of scrypt's N for new hashes (`SVC_AUTH_PASSWORD_HASH_COST`): 15 is N = 32,768 (32 MiB, about
 * 90 ms of CPU here). Operators may raise it; a production configuration may not lower it.
 */
export const DEFAULT_PASSWORD_HASH_COST = 15;
const BLOCK_SIZE = 8;
const KEY_LENGTH = 32;

function derive(password: string, salt: Buffer, options: { N: number; r: number; p: number }): Promise<Buffer> {
  const scryptOptions: ScryptOptions = { ...options, maxmem: 128 * options.N * options.r * 2 };
  return new Promise((resolve, reject) => {
    scrypt(password.normalize('NFKC'), salt, KEY_LENGTH, scryptOptions, (error, key) => (error ? reject(error) : resolve(key)));
  });
}

/** `cost` applies to this hash only: verification reads the parameters a hash was made with. */
export async function hashPassword(password: string, cost: number = DEFAULT_PASSWORD_HASH_COST): Promise<string> {
  const params = { N: 2 ** cost, r: BLOCK_SIZE, p: 1 };
  const salt = randomBytes(16);
  const key = await derive(password, salt, params);
  return ['scrypt', params.N, params.r, params.p, salt.toString('base64url'), key.toString('base64url')].join('$');
}

export async function verifyPassword(password: string, encoded: string): Promise<boolean> {
  const [scheme, n, r, p, salt, hash] = encoded.split('$');
  if (scheme !== 'scrypt' || !n || !r || !p || !salt || !hash) return false;
  const expected = Buffer.from(hash, 'base64url');
  const key = await derive(password, Buffer.from(salt, 'base64url'), { N: Number(n), r: Number(r), p: Number(p) });
  return key.length === expected.length && timingSafeEqual(key, expected);
}
