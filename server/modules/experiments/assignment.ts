import { createHash } from 'node:crypto';
import type { VariantLetter } from './contract.ts';

/** A shopper's bucket in one experiment, 0–99: the first four bytes of SHA-256 of "experiment:shopper". */
export function bucketOf(experimentId: number, shopperKey: string): number {
  return createHash('sha256').update(`${experimentId}:${shopperKey}`).digest().readUInt32BE(0) % 100;
}

/**
 * The variant a shopper sees: the same every time for the same experiment and shopper, B for the
 * `splitB` % of buckets below it; each experiment draws its own buckets.
 */
export function variantFor(experimentId: number, shopperKey: string, splitB: number): VariantLetter {
  return bucketOf(experimentId, shopperKey) < splitB ? 'b' : 'a';
}

/** An anonymous first-party id as the embed and the landing page keep it. */
export const ANONYMOUS_ID = /^[A-Za-z0-9_-]{8,64}$/;

/**
 * Whose assignment this is: the browser's anonymous id when it sent one (so signing in keeps the
 * variant), else the signed-in customer; null for a visitor without one (shown A, not counted).
 */
export function shopperKeyOf(anonymousId: string | undefined, customerExternalId: string | undefined): string | null {
  if (anonymousId !== undefined && ANONYMOUS_ID.test(anonymousId)) return `anon:${anonymousId}`;
  if (customerExternalId) return `customer:${customerExternalId}`;
  return null;
}
