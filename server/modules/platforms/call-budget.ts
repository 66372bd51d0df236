/**
 * A store's platform call budget, shared by every server process through the database: the
 * platform keeps one bucket of points per app and store (Shopify's calculated query cost), so
 * the job runners of all processes must pace their calls to it together. Each call spends its
 * points before it is sent; while the bucket is spent, the call waits the time the bucket needs to
 * hold it again, behind the calls that spent before it (the available points go below zero: that
 * is the queue). Each answer settles its call with what the platform says its bucket holds: when
 * its call was the last to spend and no other is out, that figure is the whole truth and the budget
 * takes it as it is; otherwise (a call spent here may not be counted there yet, or may have reached
 * the platform after it) it can only lower the budget. Calls are
 * never sent into an empty bucket, so the platform never has to refuse one, and no job needs to
 * retry on its own clock.
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

/** Which spend a call made (the budget's count of spends then), for its settling. */
export type Spent = string;

export interface CallBudget {
  /** Spends `cost` points, first waiting its turn; a turn further off than MAX_WAIT_MS gives the points back and throws PlatformThrottled. */
  spend(cost: number): Promise<Spent>;
  /** The call spent for has its answer: what the platform said its bucket holds, when it said. Once for every spend that did not throw. */
  settle(spent: Spent, status: BucketStatus | null): Promise<void>;
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
/** Calls still out: a process that died with calls out leaves them counted until the budget has been still a minute. */
const stillOut = sql<number>`case when b.at < statement_timestamp() - interval '1 minute' then 0 else b.in_flight end`;

export function callBudget(db: Db, storeId: number, wait: (ms: number) => Promise<void> = sleep): CallBudget {
  return {
    async spend(cost) {
      const { rows } = await sql<{ available: number; restore_rate: number; spends: string }>`
        insert into platform_call_budgets as b (store_id, available, maximum, restore_rate, at, in_flight, spends)
        values (${storeId}, ${-cost}, ${UNKNOWN_BUCKET.maximum}, ${UNKNOWN_BUCKET.restoreRate}, statement_timestamp(), 1, 1)
        on conflict (store_id) do update set available = ${refilled} - ${cost}, at = ${later}, in_flight = ${stillOut} + 1, spends = b.spends + 1
        returning available, restore_rate, spends::text as spends`.execute(db);
      const { available, restore_rate: rate, spends } = rows[0]!;
      if (available >= 0) return spends;
      const waitMs = Math.ceil((-available / rate) * 1000);
      if (waitMs <= MAX_WAIT_MS) {
        await wait(waitMs);
        return spends;
      }
      await sql`update platform_call_budgets set available = available + ${cost}, in_flight = greatest(0, in_flight - 1) where store_id = ${storeId}`.execute(
        db,
      );
      throw new PlatformThrottled(waitMs);
    },
    async settle(spent, status) {
      if (!status) {
        await sql`update platform_call_budgets set in_flight = greatest(0, in_flight - 1) where store_id = ${storeId}`.execute(db);
        return;
      }
      await sql`
        update platform_call_budgets as b set
          available = case when b.in_flight <= 1 and b.spends = ${spent}::bigint then ${status.available} else least(${refilled}, ${status.available}) end,
          maximum = ${status.maximum}, restore_rate = ${status.restoreRate}, at = ${later}, in_flight = greatest(0, b.in_flight - 1)
        where store_id = ${storeId}`.execute(db);
    },
  };
}

/** No pacing: each call is sent at once and the platform's own refusals are all there is (a hand-made connection in tests). */
export const UNPACED: CallBudget = { spend: async () => '0', settle: async () => {} };
