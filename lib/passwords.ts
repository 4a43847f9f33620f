import { randomBytes, scrypt as scryptCb, timingSafeEqual, type ScryptOptions } from 'node:crypto';

const scrypt = (password: string, salt: Buffer, keylen: number, opts: ScryptOptions) =>
  new Promise<Buffer>((resolve, reject) => scryptCb(password, salt, keylen, opts, (err, key) => (err ? reject(err) : resolve(key))));

interface ScryptParams {
  N: number;
  r: number;
  p: number;
}

/**
 * OWASP Password Storage Cheat Sheet's scrypt minimum: N=2^17, r=8, p=1 (128 MiB per hash). Hashes made with
 * other parameters still verify and are rehashed at the next login.
 */
export const PASSWORD_HASH_PARAMS: ScryptParams = { N: 2 ** 17, r: 8, p: 1 };
const PARAMS = PASSWORD_HASH_PARAMS;
const KEYLEN = 32;

/** scrypt needs 128·N·r bytes (plus a little); Node refuses more than its 32 MiB default maxmem unless told. */
const optionsFor = (params: ScryptParams): ScryptOptions => ({ ...params, maxmem: 128 * params.N * params.r + 128 * params.r * params.p + 1024 * 1024 });

/** scrypt$N$r$p$salt$hash, so parameters can be raised later without breaking old hashes. */
export async function hashPassword(password: string, params: ScryptParams = PARAMS): Promise<string> {
  const salt = randomBytes(16);
  const key = await scrypt(password, salt, KEYLEN, optionsFor(params));
  return ['scrypt', params.N, params.r, params.p, salt.toString('base64url'), key.toString('base64url')].join('$');
}

/** Whether a stored hash (one that verified) was made with other parameters than today's, so the login should store a new one. */
export function needsRehash(stored: string): boolean {
  const parsed = parseHash(stored);
  return !parsed || parsed.params.N !== PARAMS.N || parsed.params.r !== PARAMS.r || parsed.params.p !== PARAMS.p;
}

export async function verifyPassword(password: string, stored: string | null): Promise<boolean> {
  const parsed = stored ? parseHash(stored) : null;
  if (!parsed) {
    // Same work as a real check, so the answer time does not tell which accounts exist.
    await scrypt(password, DUMMY_SALT, KEYLEN, optionsFor(PARAMS));
    return false;
  }
  try {
    const actual = await scrypt(password, parsed.salt, KEYLEN, optionsFor(parsed.params));
    return timingSafeEqual(actual, parsed.key);
  } catch {
    return false;
  }
}

const DUMMY_SALT = randomBytes(16);

/** A stored hash we would have written ourselves, or null: a truncated key must never match. */
function parseHash(stored: string): { params: ScryptParams; salt: Buffer; key: Buffer } | null {
  const [scheme, n, r, p, salt, key, ...rest] = stored.split('$');
  if (scheme !== 'scrypt' || rest.length || !salt || !key) return null;
  const params = { N: Number(n), r: Number(r), p: Number(p) };
  const validN = Number.isInteger(params.N) && params.N >= 1024 && params.N <= 2 ** 20 && (params.N & (params.N - 1)) === 0;
  if (!validN || !Number.isInteger(params.r) || params.r < 1 || params.r > 32 || !Number.isInteger(params.p) || params.p < 1 || params.p > 16) return null;
  // No stored hash may make a login allocate more than 1 GiB.
  if (128 * params.N * params.r > 2 ** 30) return null;
  const saltBytes = Buffer.from(salt, 'base64url');
  const keyBytes = Buffer.from(key, 'base64url');
  if (saltBytes.length < 16 || keyBytes.length !== KEYLEN) return null;
  return { params, salt: saltBytes, key: keyBytes };
}

// Spec 000 §9: seeded passwords are 32 characters from a 56-character alphabet without I, O, l, o, 0, 1.
const ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnpqrstuvwxyz23456789';

export function generatePassword(length = 32): string {
  const out: string[] = [];
  while (out.length < length) {
    for (const byte of randomBytes(length * 2)) {
      // Rejection sampling keeps every character equally likely (256 is not a multiple of 56).
      if (byte < 224 && out.length < length) out.push(ALPHABET[byte % ALPHABET.length]);
    }
  }
  return out.join('');
}
