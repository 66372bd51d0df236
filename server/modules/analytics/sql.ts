/** SQL pieces shared by the analytics queries: a period as a condition, filtered aggregates, the tag filter. */
import { sql, type RawBuilder } from 'kysely';
import type { Period } from './period.ts';

export const inPeriod = (column: string, period: Period) => sql<boolean>`${sql.ref(column)} >= ${period.start} and ${sql.ref(column)} < ${period.end}`;
export const countWhere = (condition: RawBuilder<unknown>) => sql<string>`count(*) filter (where ${condition})`;
export const sumWhere = (value: RawBuilder<unknown>, condition: RawBuilder<unknown>) => sql<string>`coalesce(sum(${value}) filter (where ${condition}), 0)`;

/**
 * Who analytics counts: members carrying a tag, in a VIP tier, from a source, who ordered through
 * a sales channel (each optional, all must hold). A channel also narrows the orders counted, the
 * guests' included, to that channel's.
 */
export interface MemberFilter {
  tag?: string | null;
  tier?: string | null;
  source?: string | null;
  channel?: string | null;
}

/** The filter, or null when it narrows nothing (the rollups answer then). */
export const memberFilterOf = (filter: MemberFilter): MemberFilter | null => (filter.tag || filter.tier || filter.source || filter.channel ? filter : null);

/** The ids of the store's customers with an order through a sales channel (orders_store_channel_idx). */
export const channelCustomers = (storeId: number, channel: string) =>
  sql`select o.customer_id from orders o where o.store_id = ${storeId} and o.channel = ${channel} and o.customer_id is not null`;

/** The ids of the store's customers carrying a tag, read from `customer_tags`' primary key alone. */
export const taggedCustomers = (storeId: number, tag: string) =>
  sql`select ct.customer_id from customer_tags ct where ct.store_id = ${storeId} and ct.tag = ${tag}`;

/** Customers of the store in the filter (a tag through the tag rows); always true without one. */
export const memberFilter = (storeId: number, customerColumn: string, filter: MemberFilter | null) => {
  if (filter === null) return sql<boolean>`true`;
  const column = sql.ref(customerColumn);
  if (filter.tag && !filter.tier && !filter.source && !filter.channel) return sql<boolean>`${column} in (${taggedCustomers(storeId, filter.tag)})`;
  if (filter.channel && !filter.tag && !filter.tier && !filter.source) return sql<boolean>`${column} in (${channelCustomers(storeId, filter.channel)})`;
  const conditions = [
    ...(filter.tag ? [sql`t.id in (${taggedCustomers(storeId, filter.tag)})`] : []),
    ...(filter.channel ? [sql`t.id in (${channelCustomers(storeId, filter.channel)})`] : []),
    ...(filter.tier ? [sql`t.vip_tier = ${filter.tier}`] : []),
    ...(filter.source ? [sql`t.source = ${filter.source}`] : []),
  ];
  return sql<boolean>`${column} in (select t.id from customers t where t.store_id = ${storeId} and ${sql.join(conditions, sql` and `)})`;
};

/** Orders that brought money in (a partly refunded order still did). */
export const REVENUE_STATUSES = ['paid', 'partially_refunded'];
