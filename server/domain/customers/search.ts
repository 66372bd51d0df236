import { sql } from 'kysely';
import type { Executor } from '../ledger/index.ts';

/** A case-insensitive "contains" pattern with the LIKE wildcards escaped. */
export const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** The store's customers (not deleted) whose e-mail or full name contains the text (case-insensitive), by name. */
export async function searchCustomers(db: Executor, storeId: number, text: string, limit: number) {
  const pattern = likePattern(text);
  return db
    .selectFrom('customers')
    .select(['id', 'first_name', 'last_name', 'email'])
    .where('store_id', '=', storeId)
    .where('deleted_at', 'is', null)
    .where((eb) => eb.or([eb('email', 'ilike', pattern), eb(sql<string>`first_name || ' ' || last_name`, 'ilike', pattern)]))
    .orderBy('first_name')
    .orderBy('last_name')
    .orderBy('id')
    .limit(limit)
    .execute();
}
