import { sql, type Kysely } from 'kysely';

/**
 * Sign-in defences: failed sign-ins counted in the database, so every route
 * (API login, the /auth/login form, a password change) and every server process shares one
 * counter, and a restart forgets nothing. One row per counter key — `email:<address>`,
 * `ip:<address>` or `code-ip:<address>` — holding the failures of its current fixed window.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const statements = [
    // the primary key is the only lookup of a sign-in: one upsert per key
    sql`create table sign_in_failures (
      key text primary key,
      failures integer not null,
      window_started_at timestamptz not null
    )`,
    // the purge deletes windows that ended long ago: a range scan instead of reading every row
    sql`create index sign_in_failures_window_idx on sign_in_failures (window_started_at)`,
  ];
  for (const statement of statements) await statement.execute(db);
}
