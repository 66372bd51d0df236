/** What analytics can filter members by: the customer tags, VIP tiers and sources the store uses (most used first). */
import { sql } from 'kysely';
import { toNumber } from '../../db/normalize.ts';
import type { Executor } from '../ledger/index.ts';
import { taggedCustomers, type MemberFilter } from './sql.ts';

export interface FilterOption {
  value: string;
  customers: number;
}

export interface FilterOptions {
  tags: FilterOption[];
  tiers: FilterOption[];
  sources: FilterOption[];
  /** sales channels with their counts of orders (not customers) */
  channels: FilterOption[];
}

const options = (rows: { value: string | null; customers: unknown }[]): FilterOption[] =>
  rows.filter((row) => row.value !== null).map((row) => ({ value: row.value!, customers: toNumber(row.customers) }));

export async function filterOptions(db: Executor, storeId: number): Promise<FilterOptions> {
  const [tags, channels, tiers, sources] = await Promise.all([
    db
      .selectFrom('customer_tags')
      .select([sql<string>`tag`.as('value'), sql<string>`count(*)`.as('customers')])
      .where('store_id', '=', storeId)
      .groupBy('tag')
      .orderBy(sql`count(*)`, 'desc')
      .orderBy('tag')
      .limit(200)
      .execute(),
    db
      .selectFrom('orders')
      .select([sql<string>`channel`.as('value'), sql<string>`count(*)`.as('customers')])
      .where('store_id', '=', storeId)
      .where('channel', 'is not', null)
      .groupBy('channel')
      .orderBy(sql`count(*)`, 'desc')
      .orderBy('channel')
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
  return { tags: options(tags), tiers: options(tiers!), sources: options(sources!), channels: options(channels) };
}

/** The first filter field whose value no customer of the store has, or null when all are known. */
export async function unknownFilterField(db: Executor, storeId: number, filter: MemberFilter): Promise<'tag' | 'tier' | 'source' | 'channel' | null> {
  if (filter.channel) {
    const order = await db.selectFrom('orders').select('id').where('store_id', '=', storeId).where('channel', '=', filter.channel).limit(1).executeTakeFirst();
    if (!order) return 'channel';
  }
  const checks = [
    ['tag', filter.tag, sql<boolean>`id in (${taggedCustomers(storeId, filter.tag ?? '')})`],
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
