/** The signature a signed-in shopper carries: the storefront and the platforms' shopper sign-ins compute and check it. */
import { createHmac, timingSafeEqual } from 'node:crypto';
import type { Store } from '../db/schema.ts';

/** hex HMAC-SHA256 of the customer id with the store's secret (DESIGN.md §4). */
export function customerDigest(hmacSecret: string, customerId: string): string {
  return createHmac('sha256', hmacSecret).update(customerId).digest('hex');
}

/** Constant-time check of a shopper's digest. */
export function digestMatches(store: Pick<Store, 'hmac_secret'>, customerId: string, digest: string): boolean {
  if (!store.hmac_secret || !/^[0-9a-f]{64}$/i.test(digest)) return false;
  return timingSafeEqual(Buffer.from(customerDigest(store.hmac_secret, customerId), 'hex'), Buffer.from(digest, 'hex'));
}
