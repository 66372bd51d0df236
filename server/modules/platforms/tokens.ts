/**
 * Platform access tokens at rest: sealed with AES-256-GCM under PLATFORM_TOKEN_KEY as
 * `v1.<key id>.<iv>.<tag>.<ciphertext>` (base64url). The key id names the key of the ring that
 * sealed it, so a rotation (a new PLATFORM_TOKEN_KEY, the old one in PLATFORM_TOKEN_KEYS_RETIRED)
 * opens every token and reseals it under the new key.
 */
import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';

const VERSION = 'v1';

/** A short, non-secret name of a key (a digest's first characters). */
const keyIdOf = (key: Buffer) => createHash('sha256').update(key).digest('base64url').slice(0, 8);

export class TokenKeyMissing extends Error {
  constructor() {
    super('This access token was sealed with a key the server no longer has (PLATFORM_TOKEN_KEY / PLATFORM_TOKEN_KEYS_RETIRED).');
  }
}

/** Seals `token` with the ring's first key. */
export function sealToken(keys: readonly Buffer[], token: string): string {
  const key = keys[0];
  if (!key) throw new TokenKeyMissing();
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  const ciphertext = Buffer.concat([cipher.update(token, 'utf8'), cipher.final()]);
  return [VERSION, keyIdOf(key), iv.toString('base64url'), cipher.getAuthTag().toString('base64url'), ciphertext.toString('base64url')].join('.');
}

/** Opens a sealed token with whichever key of the ring sealed it; a tampered token throws. */
export function openToken(keys: readonly Buffer[], sealed: string): string {
  const [version, keyId, iv, tag, ciphertext] = sealed.split('.');
  const key = keys.find((candidate) => keyIdOf(candidate) === keyId);
  if (version !== VERSION || !key || !iv || !tag || ciphertext === undefined) throw new TokenKeyMissing();
  const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
  decipher.setAuthTag(Buffer.from(tag, 'base64url'));
  return Buffer.concat([decipher.update(Buffer.from(ciphertext, 'base64url')), decipher.final()]).toString('utf8');
}

/** Whether the ring's current key sealed this token (a rotation reseals the others). */
export function sealedWithCurrentKey(keys: readonly Buffer[], sealed: string): boolean {
  return keys[0] !== undefined && sealed.split('.')[1] === keyIdOf(keys[0]);
}
