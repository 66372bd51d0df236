import { sql, type Kysely } from 'kysely';

/**
 * VIP simulation at scale: the store's soft-deleted customers, found without reading
 * its live ones. The simulation aggregates the members' stored figures alone (no join with a
 * million customers) when this index says the store has no deleted customer to leave out.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create index customers_deleted_idx on customers (store_id) where deleted_at is not null`.execute(db);
}
