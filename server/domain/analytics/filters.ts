/** What analytics can be filtered by today: the customer tags the store uses (most used first). */
import { sql } from 'kysely';
import { toNumber } from '../../db/normalize.ts';
import type { Executor } from '../ledger/index.ts';

export interface FilterOptions {
  tags: { value: string; customers: number }[];
}

export async function filterOptions(db: Executor, storeId: number): Promise<FilterOptions> {
  const rows = await db
    .selectFrom(sql<{ tag: string }>`(select jsonb_array_elements_text(tags) as tag from customers where store_id = ${storeId})`.as('t'))
    .select(['tag', sql<string>`count(*)`.as('customers')])
    .groupBy('tag')
    .orderBy(sql`count(*)`, 'desc')
    .orderBy('tag')
    .limit(200)
    .execute();
  return { tags: rows.map((row) => ({ value: row.tag, customers: toNumber(row.customers) })) };
}

/** True when `tag` is one the store's customers carry. */
export async function isKnownTag(db: Executor, storeId: number, tag: string): Promise<boolean> {
  const row = await db
    .selectFrom('customers')
    .select('id')
    .where('store_id', '=', storeId)
    .where(sql<boolean>`tags @> ${JSON.stringify([tag])}::jsonb`)
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}
