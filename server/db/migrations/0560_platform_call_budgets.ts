import { sql, type Kysely } from 'kysely';

/**
 * What a store's platform lets the app spend on calls, as every server process last knew it: the
 * points available at `at` (negative while calls are waiting their turn), the bucket's size and
 * how many points come back a second. Shared in the database so that every job runner paces its
 * calls to the one bucket the platform keeps per app and store.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create table platform_call_budgets (
    store_id bigint primary key references stores (id) on delete cascade,
    available double precision not null,
    maximum double precision not null,
    restore_rate double precision not null,
    at timestamptz not null
  )`.execute(db);
}
