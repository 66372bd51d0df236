/** What analytics can filter members by: the customer tags, VIP tiers and sources the store uses (most used first). */
import { sql } from 'kysely';
import { toNumber } from '../../db/normalize.ts';
import type { Executor } from '../ledger/index.ts';
import type { MemberFilter } from './sql.ts';

export interface FilterOption {
  value: string;
  customers: number;
}

export interface FilterOptions {
  tags: FilterOption[];
  tiers: FilterOption[];
  sources: FilterOption[];
}

const options = (rows: { value: string | null; customers: unknown }[]): FilterOption[] =>
  rows.filter((row) => row.value !== null).map((row) => ({ value: row.value!, customers: toNumber(row.customers) }));

export async function filterOptions(db: Executor, storeId: number): Promise<FilterOptions> {
  const [tags, tiers, sources] = await Promise.all([
    db
      .selectFrom(sql<{ value: string }>`(select jsonb_array_elements_text(tags) as value from customers where store_id = ${storeId})`.as('t'))
      .select(['value', sql<string>`count(*)`.as('customers')])
      .groupBy('value')
      .orderBy(sql`count(*)`, 'desc')
      .orderBy('value')
      .limit(200)
      .execute(),
    ...(['vip_tier', 'source'] as const).map((column) =>
      db
        .selectFrom('customers')
        .select([sql<string | null>`${sql.ref(column)}`.as('value'), sql<string>`count(*)`.as('customers')])
        .where('store_id', '=', storeId)
        .where(column, 'is not', null)
        .groupBy(column)
        .orderBy(sql`count(*)`, 'desc')
        .limit(200)
        .execute(),
    ),
  ]);
  return { tags: options(tags), tiers: options(tiers!), sources: options(sources!) };
}

/** The first filter field whose value no customer of the store has, or null when all are known. */
export async function unknownFilterField(db: Executor, storeId: number, filter: MemberFilter): Promise<'tag' | 'tier' | 'source' | null> {
  const checks = [
    ['tag', filter.tag, sql<boolean>`tags @> ${JSON.stringify([filter.tag])}::jsonb`],
    ['tier', filter.tier, sql<boolean>`vip_tier = ${filter.tier ?? null}`],
    ['source', filter.source, sql<boolean>`source = ${filter.source ?? null}`],
  ] as const;
  for (const [field, value, condition] of checks) {
    if (!value) continue;
    const row = await db.selectFrom('customers').select('id').where('store_id', '=', storeId).where(condition).limit(1).executeTakeFirst();
    if (!row) return field;
  }
  return null;
}
