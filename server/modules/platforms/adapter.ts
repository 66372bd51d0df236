/**
 * What the product asks of a platform, one adapter per platform (shopify/, bigcommerce/), the way
 * emails sit behind the outbox: the platform calls run as jobs of the job engine, never inside a
 * request. An adapter throws the errors below so the job knows whether to wait, retry or give up.
 */
import type { Connection } from './connections.ts';
import type { Platform } from './tables.ts';

/** A code the program gave a shopper, as the shop's discounts must hold it. */
export interface RewardCode {
  /** the reward's id: the idempotency key (an adapter looks the code up before creating it) */
  rewardId: number;
  code: string;
  title: string;
  /** money in minor units of `currency`; a percentage 1–100 */
  discount:
    | { type: 'fixed_amount'; amount: number }
    | { type: 'percentage'; percent: number }
    | { type: 'free_shipping' }
    | { type: 'free_product'; productIds: string[] };
  currency: string;
  /** minor units; null: no minimum */
  minimumSubtotal: number | null;
  /** platform ids the discount is limited to (empty: the whole order) */
  productIds: string[];
  collectionIds: string[];
  /** the shopper's id on the platform, when known: the code is theirs only */
  customerPlatformId: string | null;
  endsAt: Date | null;
}

/** A code created on the platform: its id there, for deactivating it later. */
export interface CreatedCode {
  platformId: string;
}

export interface PlatformAdapter {
  platform: Platform;
  /**
   * Creates the code in the shop's discounts once: when the code already exists there, answers it.
   * `mayExist` false (a first attempt: nothing can have created it yet) skips the look-up before the
   * creation; a creation refused because the code is taken still looks it up.
   */
  createCode(connection: Connection, code: RewardCode, options?: { mayExist: boolean }): Promise<CreatedCode>;
  /** Makes a code unusable (a rollback, an expiry); a code already gone is fine. */
  deactivateCode(connection: Connection, code: { code: string; platformId: string }): Promise<void>;
  /** The storefront address that applies `code` to the shopper's cart and returns to `returnTo`. */
  applyUrl(shopOrigin: string, code: string, returnTo: string): string;
}

/** The platform asks to wait (Shopify THROTTLED, BigCommerce 429): retry after `delayMs`, no attempt counted. */
export class PlatformThrottled extends Error {
  constructor(readonly delayMs: number) {
    super(`The platform asked to slow down for ${Math.ceil(delayMs / 1000)} s.`);
  }
}

/** The platform refused for good (code taken, invalid product): retrying will not help; the message is the merchant's. */
export class PlatformRefused extends Error {}

/** The platform refused the token (401): the store must reconnect; the work waits, nothing is lost. */
export class PlatformUnauthorized extends Error {
  constructor() {
    super('The shop refused our access token: reconnect your shop.');
  }
}
