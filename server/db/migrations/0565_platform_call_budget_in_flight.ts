import { sql, type Kysely } from 'kysely';

/**
 * How many of a store's platform calls have spent from its budget and not yet had their answer:
 * when none is, the bucket's own figure in an answer is the whole truth and the budget takes it
 * as it is (raising it too); while others are out, it can only lower the budget.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table platform_call_budgets add column in_flight integer not null default 0`.execute(db);
}
