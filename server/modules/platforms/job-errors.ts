/**
 * A platform's errors as the job engine and the webhook runner read them, for all the work that
 * calls a platform: a throttle waits as long as the platform asked, a revoked token asks the store
 * to reconnect, a refusal fails a job; anything else is retried on the schedule below.
 */
import type { Db } from '../../db/connection.ts';
import { PermanentFailure, RetryLater, type RunningJob } from '../../domain/jobs/index.ts';
import { PlatformRefused, PlatformThrottled, PlatformUnauthorized } from './adapter.ts';
import { connectionStatus, markNeedsReconnect } from './connections.ts';

/** A store waiting for its merchant to reconnect (or reinstall) is looked at again this often. */
export const RECONNECT_WAIT_MS = 60_000;

/** The wait before retry `attempt`: 5 s, 10 s, 20 s … at most 30 minutes (8 attempts span about 10 minutes, 10 about 40). */
export const platformRetryDelay = (attempt: number) => Math.min(5_000 * 2 ** Math.max(0, attempt - 1), 30 * 60_000);

export async function asJobError<T>(db: RunningJob<never>['db'], storeId: number, call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    if (error instanceof PlatformThrottled) throw new RetryLater(error.message, error.delayMs);
    if (error instanceof PlatformUnauthorized) {
      await markNeedsReconnect(db, storeId);
      throw new PermanentFailure(error.message);
    }
    if (error instanceof PlatformRefused) throw new PermanentFailure(error.message);
    throw error;
  }
}

export const WEBHOOK_RECONNECT_MESSAGE = 'Reconnect your shop: it refused our access, so its webhooks wait until you do.';

/** When a webhook whose processing failed is tried again, and whether the failure uses up one of its attempts. */
export interface WebhookRetry {
  delayMs: number;
  counted: boolean;
  message: string;
}

/**
 * A failed webhook (one that carries ids only is read from the platform while it is processed):
 * throttled, it waits as long as the platform asked; refused our token, the store is asked to
 * reconnect and its webhooks wait for it (both without using up an attempt, so nothing is lost);
 * anything else (the platform down, a payload we cannot read) is retried on the schedule above.
 */
export async function webhookRetry(db: Db, storeId: number, error: unknown, attempt: number): Promise<WebhookRetry> {
  const message = error instanceof Error ? error.message : String(error);
  if (error instanceof PlatformThrottled) return { delayMs: error.delayMs, counted: false, message };
  if (error instanceof PlatformUnauthorized) {
    await markNeedsReconnect(db, storeId);
    // an uninstalled store's webhooks are not kept waiting: a reinstall's backfill reads its orders again
    const waiting = (await connectionStatus(db, storeId))?.status === 'reconnect';
    if (waiting) return { delayMs: RECONNECT_WAIT_MS, counted: false, message: WEBHOOK_RECONNECT_MESSAGE };
  }
  return { delayMs: platformRetryDelay(attempt), counted: true, message };
}
