import type { ProgramStatus } from './contract/vocabulary.ts';
import type { Executor } from '../../domain/ledger/index.ts';
import { readAccount } from '../../domain/ledger/index.ts';
import { customerRows } from './list.ts';

/** One customer of the store (deleted ones too, shown anonymised), or undefined. */
export async function findCustomer(db: Executor, storeId: number, customerId: number) {
  return customerRows(db, storeId, { status: 'all' }).where('c.id', '=', customerId).executeTakeFirst();
}

/** The customer with fresh totals (pending points that are due released first). */
export async function showCustomer(db: Executor, storeId: number, customerId: number, now: Date) {
  await readAccount(db, storeId, customerId, now);
  return findCustomer(db, storeId, customerId);
}

/** Excludes a customer from the program or includes them again (a deleted customer stays as is). */
export async function changeProgramStatus(db: Executor, storeId: number, customerIds: number[], status: ProgramStatus): Promise<number> {
  const result = await db
    .updateTable('customers')
    .set({ program_status: status })
    .where('store_id', '=', storeId)
    .where('id', 'in', customerIds)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/**
 * Deletes a customer: the personal data is erased (name, e-mail, birthday, tags, platform id) and
 * the row stays as an anonymous holder of the ledger, so the ledger's totals and analytics stay true.
 */
export async function deleteCustomer(db: Executor, storeId: number, customerId: number, now: Date): Promise<void> {
  await db
    .updateTable('customers')
    .set({
      first_name: 'Deleted',
      last_name: 'customer',
      email: `deleted-${customerId}@deleted.invalid`,
      birthday: null,
      tags: '[]',
      external_id: null,
      program_status: 'excluded',
      deleted_at: now,
    })
    .where('store_id', '=', storeId)
    .where('id', '=', customerId)
    .execute();
}
