/**
 * The analytics charts of a period: one series per bucket (day, week or month), every bucket
 * present (empty ones as 0), each series an SQL aggregate grouped by `date_trunc`.
 */
import { sql } from 'kysely';
import { toNumber } from '../../db/normalize.ts';
import type { Executor } from '../ledger/index.ts';
import { buckets, type Period } from './period.ts';
import { inPeriod, REVENUE_STATUSES, sumWhere, countWhere, taggedCustomer } from './sql.ts';

export interface ChartSeries {
  label: string;
  values: number[];
}
export interface Chart {
  key: 'members' | 'points' | 'revenue' | 'aov';
  title: string;
  /** what the values count: a plain number, points, or money in the store's currency (major units) */
  unit: 'count' | 'points' | 'money';
  x: string[];
  series: ChartSeries[];
}

const bucketOf = (column: string, period: Period) =>
  sql<string>`to_char(date_trunc(${period.granularity}, ${sql.ref(column)} at time zone 'UTC'), 'YYYY-MM-DD')`;

type Row = Record<string, unknown> & { bucket: string };

/** Values of `rows[column]` laid out on the period's buckets. */
const along = (x: string[], rows: Row[], column: string, scale = 1) => {
  const byBucket = new Map(rows.map((row) => [row.bucket, toNumber(row[column]) / scale]));
  return x.map((bucket) => byBucket.get(bucket) ?? 0);
};
const perOrder = (revenue: number[], orders: number[]) => revenue.map((value, i) => (orders[i] ? Math.round((value / orders[i]!) * 100) / 100 : 0));

export async function periodCharts(db: Executor, storeId: number, period: Period, currency: string, tag: string | null): Promise<Chart[]> {
  const x = buckets(period);
  const [members, ledger, orders] = await Promise.all([
    db
      .selectFrom('customers')
      .select([bucketOf('created_at', period).as('bucket'), sql<string>`count(*)`.as('joined')])
      .where('store_id', '=', storeId)
      .where(inPeriod('created_at', period))
      .where(taggedCustomer('customers.id', tag))
      .groupBy('bucket')
      .execute(),
    db
      .selectFrom('ledger_entries')
      .select([
        bucketOf('created_at', period).as('bucket'),
        sumWhere(sql`lifetime_points`, sql`lifetime_points > 0`).as('issued'),
        sumWhere(sql`-points`, sql`type in ('redemption', 'redemption_rollback')`).as('redeemed'),
      ])
      .where('store_id', '=', storeId)
      .where(inPeriod('created_at', period))
      .where(taggedCustomer('ledger_entries.customer_id', tag))
      .groupBy('bucket')
      .execute(),
    db
      .selectFrom('orders')
      .select([
        bucketOf('placed_at', period).as('bucket'),
        countWhere(sql`customer_id is not null and ${taggedCustomer('orders.customer_id', tag)}`).as('member_orders'),
        sumWhere(sql`total_minor`, sql`customer_id is not null and ${taggedCustomer('orders.customer_id', tag)}`).as('member_revenue'),
        countWhere(sql`customer_id is null`).as('guest_orders'),
        sumWhere(sql`total_minor`, sql`customer_id is null`).as('guest_revenue'),
      ])
      .where('store_id', '=', storeId)
      .where('currency', '=', currency)
      .where('status', 'in', REVENUE_STATUSES)
      .where(inPeriod('placed_at', period))
      .groupBy('bucket')
      .execute(),
  ]);
  const memberRevenue = along(x, orders, 'member_revenue', 100);
  const guestRevenue = along(x, orders, 'guest_revenue', 100);
  return [
    { key: 'members', title: 'New members', unit: 'count', x, series: [{ label: 'New members', values: along(x, members, 'joined') }] },
    {
      key: 'points',
      title: 'Points issued and redeemed',
      unit: 'points',
      x,
      series: [
        { label: 'Issued', values: along(x, ledger, 'issued') },
        { label: 'Redeemed', values: along(x, ledger, 'redeemed') },
      ],
    },
    {
      key: 'revenue',
      title: `Revenue, members and guests (${currency})`,
      unit: 'money',
      x,
      series: [
        { label: 'Members', values: memberRevenue },
        { label: 'Guests', values: guestRevenue },
      ],
    },
    {
      key: 'aov',
      title: `Average order value, members and guests (${currency})`,
      unit: 'money',
      x,
      series: [
        { label: 'Members', values: perOrder(memberRevenue, along(x, orders, 'member_orders')) },
        { label: 'Guests', values: perOrder(guestRevenue, along(x, orders, 'guest_orders')) },
      ],
    },
  ];
}
