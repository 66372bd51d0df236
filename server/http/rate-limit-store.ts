import type { FastifyRateLimitOptions, FastifyRateLimitStore, FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import { countRequest } from '../auth/rate-limits.ts';
import type { Clock } from '../clock.ts';
import type { Db } from '../db/connection.ts';

/**
 * @fastify/rate-limit's store over the database (server/auth/rate-limits.ts) instead of each
 * process's memory: one count per route and client key, shared by every server process.
 */
export function databaseRateLimitStore(db: Db, clock: Clock): FastifyRateLimitStoreCtor {
  class DatabaseRateLimitStore implements FastifyRateLimitStore {
    constructor(
      _options: FastifyRateLimitOptions,
      private readonly route = '',
    ) {}

    incr(key: string, callback: (error: Error | null, result?: { current: number; ttl: number }) => void, timeWindow: number): void {
      countRequest(db, this.route, key, clock.now(), timeWindow).then(
        ({ count, resetsInMs }) => callback(null, { current: count, ttl: resetsInMs }),
        (error: unknown) => callback(error instanceof Error ? error : new Error(String(error))),
      );
    }

    /** The store of one route: the plugin hands the route's limit options with the route itself as `routeInfo` (its typings say otherwise). */
    child(options: object): FastifyRateLimitStore {
      const route = (options as { routeInfo?: { method?: string | string[]; url?: string } }).routeInfo;
      return new DatabaseRateLimitStore({}, `${[route?.method ?? ''].flat().join(',')} ${route?.url ?? ''}`);
    }
  }
  return DatabaseRateLimitStore;
}
