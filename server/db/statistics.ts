import { sql, type Kysely } from 'kysely';
import type { Database } from './schema.ts';

/**
 * Analyzes the tables whose rows changed by more than 10 % (and 50 rows) since they were last
 * analyzed, or that never were — what autovacuum's auto-analyze does on PostgreSQL. PGlite runs
 * no autovacuum: without this its tables are never analyzed, the planner takes every table for
 * a tiny one and joins thousands of rows by nested loops (the demo seed's 2,000-row update-join
 * took 35 s instead of milliseconds). On PostgreSQL it usually finds nothing to do. `only`: the
 * tables to look at (all of them without it); `growth`: the share of a table's rows that must have
 * changed (0.1: a tenth).
 */
export async function refreshPlannerStatistics(db: Kysely<Database>, only?: Array<keyof Database>, growth = 0.1): Promise<string[]> {
  // this connection's own pending counts (PGlite's only connection: the writes just made) are
  // reported when it is next idle; unreported, they would land after the ANALYZE and ask for another
  await sql`select pg_stat_force_next_flush()`.execute(db);
  const { rows } = await sql<{ relname: string }>`
    select relname from pg_stat_user_tables
    where schemaname = 'public'
      and (coalesce(last_analyze, last_autoanalyze) is null or n_mod_since_analyze > 50 + n_live_tup * ${growth}::float8)
      and (${only ?? null}::text[] is null or relname = any(${only ?? null}::text[]))
    order by relname`.execute(db);
  for (const { relname } of rows) await sql`analyze ${sql.table(relname)}`.execute(db);
  return rows.map((row) => row.relname);
}

/**
 * Gives the tables that applying orders reads by store and customer (orders, ledger entries,
 * points batches) planner statistics, analyzed again each time they grew by a quarter. For a job
 * that applies many batches into tables that start empty (a new shop's backfill): without
 * statistics the planner takes them for tiny tables, and the analytics marks of an order batch
 * walked every ledger entry of the store once per customer of the batch (on PostgreSQL, a quarter
 * of a 100,000-customer backfill's time). A quarter, not autovacuum's tenth: a third of the
 * ANALYZEs (nine per table in that backfill), and the plans stay right (on doubling they did not).
 */
export async function refreshOrderStatistics(db: Kysely<Database>): Promise<void> {
  await refreshPlannerStatistics(db, ['orders', 'ledger_entries', 'points_batches'], 0.25);
}
