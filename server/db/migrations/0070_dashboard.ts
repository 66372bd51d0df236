import { sql, type Kysely } from 'kysely';

/**
 * The dashboard reads each store's newest ledger entries and sums them over the last 60 days
 * (`ledger_entries_store_time_idx`), and counts the members who joined in that window and lists
 * the newest ones (`customers_store_time_idx`): both would otherwise scan the store's whole history.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of [
    sql`create index ledger_entries_store_time_idx on ledger_entries (store_id, created_at, id)`,
    sql`create index customers_store_time_idx on customers (store_id, created_at, id)`,
  ]) {
    await statement.execute(db);
  }
}
