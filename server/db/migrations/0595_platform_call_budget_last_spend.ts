import { sql, type Kysely } from 'kysely';

/**
 * Which spend of a store's platform call budget was the last (a count of spends): an answer may
 * set the budget to the bucket's own figure only when its call was the last to spend and is the
 * only one out, for a call that spent after it and was answered first may have reached the
 * platform after it, unseen in its figure.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table platform_call_budgets add column spends bigint not null default 0`.execute(db);
}
