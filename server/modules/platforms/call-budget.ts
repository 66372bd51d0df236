/**
 * A store's platform call budget, shared by every server process through the database: the
 * platform keeps one bucket of points per app and store (Shopify's calculated query cost), so
 * the job runners of all processes must pace their calls to it together. Each call spends its
 * points before it is sent; while the bucket is spent, the call waits the time the bucket needs to
 * hold it again, behind the calls that spent before it (the available points go below zero: that
 * is the queue). What the platform says after each call lowers the budget when it holds less than
 * we counted (a call that cost more than we knew), never raises it above what we counted (calls
 * spent but not yet answered). Calls are never sent into an empty bucket, so the platform never has
 * to refuse one, and no job needs to retry on its own clock.
 */
import { sql } from 'kysely';
import type { Db } from '../../db/connection.ts';
import { PlatformThrottled } from './adapter.ts';

/** The bucket as the platform reports it after a call. */
export interface BucketStatus {
  available: number;
  maximum: number;
  restoreRate: number;
}

export interface CallBudget {
  /** Spends `cost` points, first waiting its turn; a turn further off than MAX_WAIT_MS gives the points back and throws PlatformThrottled. */
  spend(cost: number): Promise<void>;
  /** What the platform said its bucket holds. */
  observe(status: BucketStatus): Promise<void>;
}

/**
 * Until a store's first answer says its bucket, the budget starts empty and refills at the smallest
 * rate Shopify has documented (a standard plan's 50 points a second, up to 1,000): the first calls
 * wait a fraction of a second rather than risk a bucket smaller than assumed.
 */
export const UNKNOWN_BUCKET = { maximum: 1_000, restoreRate: 50 } as const;
/** A call whose turn is further off waits as a queued job instead of holding a runner. */
export const MAX_WAIT_MS = 10_000;

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** The points the budget holds now: what it held at `at`, refilled since at its rate, up to its size. */
const refilled = sql<number>`least(b.maximum, b.available + b.restore_rate * greatest(0, extract(epoch from statement_timestamp() - b.at)))`;
const later = sql<Date>`greatest(b.at, statement_timestamp())`;

export function callBudget(db: Db, storeId: number, wait: (ms: number) => Promise<void> = sleep): CallBudget {
  return {
    async spend(cost) {
      const { rows } = await sql<{ available: number; restore_rate: number }>`
        insert into platform_call_budgets as b (store_id, available, maximum, restore_rate, at)
        values (${storeId}, ${-cost}, ${UNKNOWN_BUCKET.maximum}, ${UNKNOWN_BUCKET.restoreRate}, statement_timestamp())
        on conflict (store_id) do update set available = ${refilled} - ${cost}, at = ${later}
        returning available, restore_rate`.execute(db);
      const { available, restore_rate: rate } = rows[0]!;
      if (available >= 0) return;
      const waitMs = Math.ceil((-available / rate) * 1000);
      if (waitMs <= MAX_WAIT_MS) return wait(waitMs);
      await sql`update platform_call_budgets set available = available + ${cost} where store_id = ${storeId}`.execute(db);
      throw new PlatformThrottled(waitMs);
    },
    async observe(status) {
      await sql`
        insert into platform_call_budgets as b (store_id, available, maximum, restore_rate, at)
        values (${storeId}, ${status.available}, ${status.maximum}, ${status.restoreRate}, statement_timestamp())
        on conflict (store_id) do update set
          available = least(${refilled}, ${status.available}), maximum = ${status.maximum}, restore_rate = ${status.restoreRate}, at = ${later}`.execute(db);
    },
  };
}

/** No pacing: each call is sent at once and the platform's own refusals are all there is (a hand-made connection in tests). */
export const UNPACED: CallBudget = { spend: async () => {}, observe: async () => {} };
