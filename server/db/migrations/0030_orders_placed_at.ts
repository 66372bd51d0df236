import { sql, type Kysely } from 'kysely';

/** The impact preview reads a store's orders of the last 90 days: an index on (store, placed_at) serves it. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create index orders_store_placed_idx on orders (store_id, placed_at) include (customer_id, total_minor, status)`.execute(db);
}
