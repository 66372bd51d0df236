import { sql } from 'kysely';
import type { Db } from '../db/connection.ts';

/**
 * Counters in fixed windows, kept in a table (one row per key: its count and when its window
 * started) so they hold across restarts and across server processes: the sign-in failures
 * (throttle.ts) and the rate-limited routes (rate-limits.ts).
 */
export type WindowCounter = { table: 'sign_in_failures'; column: 'failures' } | { table: 'rate_limit_hits'; column: 'hits' };

export interface WindowCount {
  key: string;
  count: number;
  windowStartedAt: Date;
}

/**
 * Counts one more for each key in one atomic upsert (a window that ended starts over at 1), so
 * concurrent requests from any process cannot slip past a bound; the counts after it. Callers
 * give keys in one order everywhere: two concurrent upserts of the same keys never deadlock.
 */
export async function countInWindow(db: Db, counter: WindowCounter, keys: readonly string[], now: Date, windowMs: number): Promise<WindowCount[]> {
  const { rows } = await addInWindow(
    counter,
    keys.map((key) => ({ key, hits: 1 })),
    now,
    windowMs,
  ).execute(db);
  return rows.map((row) => ({ key: row.key, count: Number(row.count), windowStartedAt: new Date(row.window_started_at) }));
}

/**
 * The upsert that adds `hits` to each key's count (a window that ended starts over at them),
 * returning `key`, `count` and `window_started_at` after it: run alone, or as a data-modifying
 * CTE of a statement that decides more with the counts in the same round trip. Keys are distinct
 * and in one order everywhere (they are written in that order).
 */
export function addInWindow(counter: WindowCounter, counts: readonly { key: string; hits: number }[], now: Date, windowMs: number) {
  const table = sql.table(counter.table);
  const column = sql.ref(counter.column);
  const expired = sql<boolean>`${table}.window_started_at <= ${new Date(now.getTime() - windowMs)}::timestamptz`;
  return sql<{ key: string; count: number | string; window_started_at: Date | string }>`
    insert into ${table} (key, ${column}, window_started_at)
    select key, hits, ${now}::timestamptz
      from unnest(${counts.map((count) => count.key)}::text[], ${counts.map((count) => count.hits)}::int[]) with ordinality as counted(key, hits, position)
     order by position
    on conflict (key) do update set
      ${column} = case when ${expired} then excluded.${column} else ${sql.ref(`${counter.table}.${counter.column}`)} + excluded.${column} end,
      window_started_at = case when ${expired} then excluded.window_started_at else ${table}.window_started_at end
    returning key, ${column} as count, window_started_at`;
}

/** Forgets windows that started before `before`. */
export async function purgeWindows(db: Db, counter: WindowCounter, before: Date): Promise<void> {
  await sql`delete from ${sql.table(counter.table)} where window_started_at < ${before}::timestamptz`.execute(db);
}
