/**
 * The analytics charts of a period: one point per bucket (day, week or month), every bucket
 * present (empty ones as 0), from the same sums as the figures.
 */
import type { Executor } from '../ledger/index.ts';
import { periodBuckets } from './metrics.ts';
import { buckets, type Period } from './period.ts';
import type { Sums } from './rollups.ts';
import type { MemberFilter } from './sql.ts';

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

const perOrder = (revenueMinor: number, orders: number) => (orders === 0 ? 0 : Math.round(revenueMinor / orders) / 100);

export async function periodCharts(db: Executor, storeId: number, period: Period, currency: string, filter: MemberFilter | null): Promise<Chart[]> {
  const x = buckets(period);
  const byBucket = new Map((await periodBuckets(db, storeId, period, currency, filter)).map((row) => [row.bucket, row]));
  const along = (value: (sums: Sums) => number) =>
    x.map((bucket) => {
      const sums = byBucket.get(bucket);
      return sums ? value(sums) : 0;
    });
  return [
    { key: 'members', title: 'New members', unit: 'count', x, series: [{ label: 'New members', values: along((s) => s.members_joined) }] },
    {
      key: 'points',
      title: 'Points issued and redeemed',
      unit: 'points',
      x,
      series: [
        { label: 'Issued', values: along((s) => s.points_issued) },
        { label: 'Redeemed', values: along((s) => s.points_redeemed) },
      ],
    },
    {
      key: 'revenue',
      title: `Revenue, members and guests (${currency})`,
      unit: 'money',
      x,
      series: [
        { label: 'Members', values: along((s) => s.member_revenue_minor / 100) },
        { label: 'Guests', values: along((s) => s.guest_revenue_minor / 100) },
      ],
    },
    {
      key: 'aov',
      title: `Average order value, members and guests (${currency})`,
      unit: 'money',
      x,
      series: [
        { label: 'Members', values: along((s) => perOrder(s.member_revenue_minor, s.member_orders)) },
        { label: 'Guests', values: along((s) => perOrder(s.guest_revenue_minor, s.guest_orders)) },
      ],
    },
  ];
}
