import { sql, type Kysely } from 'kysely';

/**
 * The month and day a customer joined (UTC, as MMDD): the anniversary job finds the members
 * whose anniversary has come through this index instead of reading every customer.
 * The expression must match `JOIN_DAY` in server/modules/rules/anniversary.ts.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create index customers_join_day_idx on customers (store_id, ((extract(month from created_at at time zone 'UTC') * 100 + extract(day from created_at at time zone 'UTC'))::integer))`.execute(
    db,
  );
}
