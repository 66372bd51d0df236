import { createHash } from 'node:crypto';
import { VERIFIER_PATTERN } from '../contract/session.ts';

/**
 * Binding a sign-in code to the browser that started the sign-in (PKCE, RFC 7636): the console
 * keeps a random verifier and sends its challenge to the provider; the code the provider hands
 * back is exchanged only with that verifier. A code opened in another browser (an attacker's own
 * code sent to a signed-out victim) has no verifier there and signs nobody in.
 */

const S256_PATTERN = /^[A-Za-z0-9_-]{43}$/;

/** The S256 challenge of a verifier: base64url(SHA-256(verifier)). */
export const challengeOf = (verifier: string): string => createHash('sha256').update(verifier).digest('base64url');

/**
 * The S256 challenge a sign-in carries, or null when it carries none usable. A `plain` challenge
 * (a browser without WebCrypto, as on plain HTTP) is the verifier itself: it is kept as its S256
 * digest, so every code is exchanged the same way.
 */
export function signInChallenge(challenge: unknown, method: unknown): string | null {
  if (typeof challenge !== 'string') return null;
  if (method === 'plain') return VERIFIER_PATTERN.test(challenge) ? challengeOf(challenge) : null;
  if (method === undefined || method === '' || method === 'S256') return S256_PATTERN.test(challenge) ? challenge : null;
  return null;
}
