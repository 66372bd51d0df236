import { sql, type Kysely } from 'kysely';

/**
 * The last customer a VIP apply measures: the customers that existed when it was requested (its
 * total counts them). Customers who join during the run get their tier as members do, from their
 * own points; null for the applies requested before the bound was kept (they measure to the end).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table vip_jobs add column until_customer_id bigint`.execute(db);
}
