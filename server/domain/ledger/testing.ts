import { randomBytes } from 'node:crypto';
import type { Executor } from './ledger.ts';

/** A fresh customer of the store, for tests that need an untouched account. */
export async function newCustomer(db: Executor, storeId: number, prefix = 'ledger'): Promise<number> {
  const tag = randomBytes(5).toString('hex');
  const row = await db
    .insertInto('customers')
    .values({ store_id: storeId, first_name: 'Test', last_name: tag, email: `${prefix}.${tag}@example.test` })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** Balance, pending and lifetime as stored. */
export async function totals(db: Executor, storeId: number, customerId: number) {
  return (
    (await db
      .selectFrom('points_accounts')
      .select(['balance', 'pending', 'lifetime'])
      .where('store_id', '=', storeId)
      .where('customer_id', '=', customerId)
      .executeTakeFirst()) ?? { balance: 0, pending: 0, lifetime: 0 }
  );
}
