import { sql, type Kysely } from 'kysely';

/**
 * The lift's sample: analytics compares the new members with the holdout group on a
 * simple random sample of each group's customers who joined in the period (at most a few
 * thousand, enough for a tight interval) instead of reading every one of them.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  // each group of the lift's customers in a fixed random order (the hash of the id, then the id):
  // the first N who joined in the period are a simple random sample of them, read in index order
  // and stopped after N
  await sql`create index customers_lift_sample_idx on customers (store_id, holdout, hashint8(id), id) include (created_at)
    where deleted_at is null and (holdout or program_status = 'member')`.execute(db);
}
