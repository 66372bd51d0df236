import { createHash, randomBytes } from 'node:crypto';

/** An unguessable opaque token (256 bits, URL-safe). */
export function newToken(bytes = 32): string {
  return randomBytes(bytes).toString('base64url');
}

/** Tokens are stored only as SHA-256 digests; a database leak reveals no usable token. */
export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}
