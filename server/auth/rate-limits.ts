import type { Db } from '../db/connection.ts';
import { countInWindow, purgeWindows, type WindowCounter } from './window-counter.ts';

/**
 * Per-minute limits of public routes (`/oauth/token`, the storefront's referral calls, receipt
 * uploads), counted in the database (`rate_limit_hits`): with several server processes behind a
 * load balancer an address gets the route's limit once, not once per process.
 */
const RATE_LIMIT_HITS: WindowCounter = { table: 'rate_limit_hits', column: 'hits' };

/** Keys are bounded: a stray long one (an odd forwarded address) is cut. */
const keyOf = (route: string, client: string) => `${route} ${client}`.slice(0, 400);

/** Counts one request of `client` to `route`: the requests in its window so far and the milliseconds until the window ends. */
export async function countRequest(db: Db, route: string, client: string, now: Date, windowMs: number): Promise<{ count: number; resetsInMs: number }> {
  const [row] = await countInWindow(db, RATE_LIMIT_HITS, [keyOf(route, client)], now, windowMs);
  return { count: row!.count, resetsInMs: Math.max(0, row!.windowStartedAt.getTime() + windowMs - now.getTime()) };
}

/** Forgets windows that started a day ago (run at start-up with the session purge). */
export async function purgeRateLimitHits(db: Db, now: Date): Promise<void> {
  await purgeWindows(db, RATE_LIMIT_HITS, new Date(now.getTime() - 86_400_000));
}
