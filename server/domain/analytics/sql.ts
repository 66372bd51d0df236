/** SQL pieces shared by the analytics queries: a period as a condition, filtered aggregates, the tag filter. */
import { sql, type RawBuilder } from 'kysely';
import type { Period } from './period.ts';

export const inPeriod = (column: string, period: Period) => sql<boolean>`${sql.ref(column)} >= ${period.start} and ${sql.ref(column)} < ${period.end}`;
export const countWhere = (condition: RawBuilder<unknown>) => sql<string>`count(*) filter (where ${condition})`;
export const sumWhere = (value: RawBuilder<unknown>, condition: RawBuilder<unknown>) => sql<string>`coalesce(sum(${value}) filter (where ${condition}), 0)`;

/** Customers of the store carrying `tag` (the members filter, through the tags index); always true without one. */
export const taggedCustomer = (storeId: number, customerColumn: string, tag: string | null) =>
  tag === null
    ? sql<boolean>`true`
    : sql<boolean>`${sql.ref(customerColumn)} in (select t.id from customers t where t.store_id = ${storeId} and t.tags @> ${JSON.stringify([tag])}::jsonb)`;

/** Orders that brought money in (a partly refunded order still did). */
export const REVENUE_STATUSES = ['paid', 'partially_refunded'];
