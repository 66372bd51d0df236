import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';

/**
 * Password hashing with scrypt (memory-hard). The parameters live here only; each hash records
 * its own, so raising them later still verifies old hashes.
 * N = 2^15, r = 8 → 32 MiB of memory per hash.
 */
const PARAMS = { N: 2 ** 15, r: 8, p: 1, keyLength: 32, saltLength: 16 } as const;
export type HashParams = { [K in keyof typeof PARAMS]: number };

function derive(password: string, salt: Buffer, N: number, r: number, p: number, keyLength: number): Promise<Buffer> {
  const options: ScryptOptions = { N, r, p, maxmem: 256 * N * r + 1024 * 1024 };
  return new Promise((resolve, reject) => {
    scrypt(password.normalize('NFKC'), salt, keyLength, options, (error, key) => (error ? reject(error) : resolve(key)));
  });
}

/** `params`: the product's; test fixtures pass cheaper ones for their accounts' hashes only. */
export async function hashPassword(password: string, params: HashParams = PARAMS): Promise<string> {
  const salt = randomBytes(params.saltLength);
  const key = await derive(password, salt, params.N, params.r, params.p, params.keyLength);
  return ['scrypt', params.N, params.r, params.p, salt.toString('base64url'), key.toString('base64url')].join('$');
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, n, r, p, salt, key] = stored.split('$');
  if (scheme !== 'scrypt' || !salt || !key) return false;
  const expected = Buffer.from(key, 'base64url');
  const actual = await derive(password, Buffer.from(salt, 'base64url'), Number(n), Number(r), Number(p), expected.length);
  return timingSafeEqual(actual, expected);
}

/** A hash of a random password: verifying against it costs the same time as a real check. */
let decoy: Promise<string> | undefined;
export function decoyHash(): Promise<string> {
  decoy ??= hashPassword(randomBytes(16).toString('hex'));
  return decoy;
}
