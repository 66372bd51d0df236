import { sql, type Kysely } from 'kysely';

/**
 * The dashboard lists each store's newest ledger entries and analytics recompute a store's day of
 * entries (`ledger_entries_store_time_idx`): both would otherwise scan the store's whole history.
 * Members by join date have theirs already (`customers_store_joined_idx`).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create index ledger_entries_store_time_idx on ledger_entries (store_id, created_at, id)`.execute(db);
}
