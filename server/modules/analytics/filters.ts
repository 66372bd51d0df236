/** What analytics can filter members by: the customer tags, VIP tiers and sources the store uses (most used first). */
import { sql } from 'kysely';
import { toNumber } from '../../db/normalize.ts';
import type { Executor } from '../../domain/ledger/index.ts';
import { taggedCustomers, type MemberFilter } from './sql.ts';

export interface FilterOption {
  value: string;
  customers: number;
}

export interface FilterOptions {
  tags: FilterOption[];
  tiers: FilterOption[];
  sources: FilterOption[];
  /** sales channels with their counts of revenue orders in the store's currency (not customers) */
  channels: FilterOption[];
}

const options = (rows: { value: string; customers: unknown }[]): FilterOption[] =>
  rows.map((row) => ({ value: row.value, customers: toNumber(row.customers) }));

/**
 * The values of one segment column the store's rolled-up days hold (most counted first, at most
 * 200), each with its customers (every customer joined on a rolled-up day) or, for channels, its
 * revenue orders. Call `freshenRollups` first.
 */
const segmentValues = (db: Executor, storeId: number, column: 'tag' | 'channel' | 'tier' | 'source') => {
  const count = column === 'channel' ? sql<string>`sum(member_orders + guest_orders)` : sql<string>`sum(members_joined)`;
  return db
    .selectFrom('analytics_segments')
    .select([sql<string>`${sql.ref(column)}`.as('value'), count.as('customers')])
    .where('store_id', '=', storeId)
    .where('tag', column === 'tag' ? '<>' : '=', '')
    .where('channel', column === 'channel' ? '<>' : '=', '')
    .$if(column === 'tier' || column === 'source', (query) => query.where(column, '<>', ''))
    .groupBy(column)
    .having(count, '>', '0')
    .orderBy(count, 'desc')
    .orderBy(column)
    .limit(200)
    .execute();
};

export async function filterOptions(db: Executor, storeId: number): Promise<FilterOptions> {
  const [tags, channels, tiers, sources] = await Promise.all(
    (['tag', 'channel', 'tier', 'source'] as const).map((column) => segmentValues(db, storeId, column)),
  );
  return { tags: options(tags!), tiers: options(tiers!), sources: options(sources!), channels: options(channels!) };
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
