import { sql, type RawBuilder } from 'kysely';
import { json } from '../../db/normalize.ts';
import type { Executor } from '../../domain/ledger/index.ts';
import { likePattern } from './search.ts';

/**
 * Tags `current` plus `added` (jsonb arrays), without `removed` (a list, or an SQL `text[]`), each
 * once and sorted: how every write of customer tags merges.
 */
export const mergeTags = (current: RawBuilder<unknown>, added: RawBuilder<unknown>, removed: string[] | RawBuilder<unknown> = []) =>
  sql<string>`(select coalesce(jsonb_agg(distinct tag order by tag), '[]'::jsonb)
    from jsonb_array_elements_text(${current} || ${added}) as tag where not (tag = any(${removed}::text[])))`;

/**
 * The tags on the store's customers with how many carry each, by name, paged (tag/customer, GET tag):
 * read from the tag rows (the store's prefix of their primary key), not by unpacking
 * every customer's JSON. A deleted customer's tags are erased with its personal data, so every row
 * counts a customer who is not deleted.
 */
export async function listCustomerTags(db: Executor, storeId: number, options: { search?: string | undefined; limit: number; offset: number }) {
  const text = options.search?.trim().toLowerCase();
  let grouped = db
    .selectFrom('customer_tags')
    .select(['tag', (eb) => eb.fn.countAll<number>().as('customers')])
    .where('store_id', '=', storeId)
    .groupBy('tag');
  if (text) grouped = grouped.where(sql<string>`lower(tag)`, 'like', likePattern(text));
  const rows = await db
    .selectFrom(grouped.as('g'))
    .select(['g.tag', 'g.customers', sql<number>`count(*) over ()`.as('total')])
    .orderBy('g.tag')
    .limit(options.limit)
    .offset(options.offset)
    .execute();
  return { rows: rows.map((row) => ({ tag: row.tag, customers: Number(row.customers) })), total: Number(rows[0]?.total ?? 0) };
}

/** Adds and removes tags on the chosen customers of the store; answers how many customers changed. */
export async function tagCustomers(db: Executor, storeId: number, customerIds: number[], add: string[], remove: string[]): Promise<number> {
  const result = await db
    .updateTable('customers')
    .set({ tags: mergeTags(sql.ref('tags'), sql`${json(add)}::jsonb`, remove) })
    .where('store_id', '=', storeId)
    .where('id', 'in', customerIds)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}
