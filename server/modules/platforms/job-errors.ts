/**
 * A platform's errors as the job engine reads them, for every job that calls a platform: a
 * throttle waits as long as the platform asked, a revoked token asks the store to reconnect and
 * fails the job, a refusal fails it; anything else is retried.
 */
import { PermanentFailure, RetryLater, type RunningJob } from '../../domain/jobs/index.ts';
import { PlatformRefused, PlatformThrottled, PlatformUnauthorized } from './adapter.ts';
import { markNeedsReconnect } from './connections.ts';

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
