/** SQL pieces shared by the analytics queries: a period as a condition, filtered aggregates, the tag filter. */
import { sql, type RawBuilder } from 'kysely';
import type { Period } from './period.ts';

export const inPeriod = (column: string, period: Period) => sql<boolean>`${sql.ref(column)} >= ${period.start} and ${sql.ref(column)} < ${period.end}`;
export const countWhere = (condition: RawBuilder<unknown>) => sql<string>`count(*) filter (where ${condition})`;
export const sumWhere = (value: RawBuilder<unknown>, condition: RawBuilder<unknown>) => sql<string>`coalesce(sum(${value}) filter (where ${condition}), 0)`;

/** Customers carrying `tag` (the members filter); always true without one. */
export const taggedCustomer = (customerColumn: string, tag: string | null) =>
  tag === null
    ? sql<boolean>`true`
    : sql<boolean>`exists (select 1 from customers t where t.id = ${sql.ref(customerColumn)} and t.tags @> ${JSON.stringify([tag])}::jsonb)`;

/** Orders that brought money in (a partly refunded order still did). */
export const REVENUE_STATUSES = ['paid', 'partially_refunded'];
