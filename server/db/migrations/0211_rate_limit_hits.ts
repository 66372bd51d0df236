import { sql, type Kysely } from 'kysely';

/**
 * The per-minute limits of `/oauth/token`, the storefront's referral calls and receipt uploads are
 * counted in the database, so every server process shares one count per route and address (counted
 * in each process's memory, every process would allow the whole limit). One row per counter key
 * (`<METHOD> <route> <address>`) holding the hits of its current fixed window.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const statements = [
    // the primary key is the only lookup of a limited request: one upsert per request
    sql`create table rate_limit_hits (
      key text primary key,
      hits integer not null,
      window_started_at timestamptz not null
    )`,
    // the purge deletes windows that ended long ago: a range scan instead of reading every row
    sql`create index rate_limit_hits_window_idx on rate_limit_hits (window_started_at)`,
  ];
  for (const statement of statements) await statement.execute(db);
}
