/**
 * The analytics charts of a period: over time, one point per bucket (day, week or month), every
 * bucket present (empty ones as 0), from the same sums as the figures; and two bar charts, the
 * members per VIP tier (now) and the period's referral funnel (sent → clicked → claimed → completed).
 */
import type { Executor } from '../../domain/ledger/index.ts';
import { periodBuckets } from './metrics.ts';
import { buckets, type Period } from './period.ts';
import type { Sums } from './rollups.ts';
import { segmentTiers } from './segments.ts';
import type { MemberFilter } from './sql.ts';

export interface ChartSeries {
  label: string;
  values: number[];
}
export interface Chart {
  key: 'members' | 'points' | 'redemption_rate' | 'revenue' | 'aov' | 'repeat_rate' | 'tiers' | 'referrals';
  title: string;
  /** what the values count: a plain number, points, money in the store's currency (major units) or a percentage */
  unit: 'count' | 'points' | 'money' | 'percent';
  /** lines over the period's buckets, or bars over categories (tiers, funnel steps) */
  kind: 'line' | 'bar';
  /** false: a picture of now (the tiers), with no previous period to draw beside it */
  comparable: boolean;
  x: string[];
  series: ChartSeries[];
}

const perOrder = (revenueMinor: number, orders: number) => (orders === 0 ? 0 : Math.round(revenueMinor / orders) / 100);
/** part ÷ whole as a percentage with one decimal (0 when there is no whole). */
const percent = (part: number, whole: number) => (whole === 0 ? 0 : Math.round((part / whole) * 1000) / 10);

/** The name members without a tier are counted under. */
export const NO_TIER = 'No tier';

/**
 * Members per VIP tier now, the store's tiers in threshold order (empty ones too), then names no
 * longer on the ladder, then the members without a tier: the members of the store, or of the
 * filter, as their segments count them (every member joined on a rolled-up day; call
 * `freshenRollups` first).
 */
export async function tierDistribution(db: Executor, storeId: number, filter: MemberFilter | null): Promise<{ tier: string; members: number }[]> {
  const [ladder, counted] = await Promise.all([
    db.selectFrom('vip_tiers').select('name').where('store_id', '=', storeId).orderBy('threshold').orderBy('id').execute(),
    segmentTiers(db, storeId, filter ?? {}),
  ]);
  const byTier = new Map(counted.filter((row) => row.tier !== '').map((row) => [row.tier, row.members]));
  const untiered = counted.find((row) => row.tier === '')?.members ?? 0;
  const names = [...new Set([...ladder.map((tier) => tier.name), ...[...byTier.keys()].sort()])];
  return [...names.map((tier) => ({ tier, members: byTier.get(tier) ?? 0 })), { tier: NO_TIER, members: untiered }];
}

export const FUNNEL_STEPS = ['Invites sent', 'Links clicked', 'Friends claimed a coupon', 'Referrals completed'] as const;

/** The steps of the referral funnel among the rolled-up sums, in the order of `FUNNEL_STEPS`. */
const FUNNEL_KEYS = ['referral_invites', 'referral_visits', 'referral_claims', 'referrals_completed'] as const satisfies readonly (keyof Sums)[];

/**
 * The period's referral funnel from its buckets' sums (rolled up per day and, for a member filter,
 * per segment of the referrer), each step counted by when it happened in the
 * period: invitations members sent, visits through their links (a returning visitor counts once,
 * at their latest visit), friends who claimed their coupon, and referrals completed by the
 * friend's order.
 */
export const referralFunnel = (rows: Sums[]): number[] => FUNNEL_KEYS.map((key) => rows.reduce((total, row) => total + row[key], 0));

/**
 * The period's charts. `asComparison`: drawn beside another period, whose picture of now (members
 * by tier) is already there: its tiers are not counted again (the chart stays, empty, in its place).
 */
export async function periodCharts(
  db: Executor,
  storeId: number,
  period: Period,
  currency: string,
  filter: MemberFilter | null,
  asComparison = false,
): Promise<Chart[]> {
  const x = buckets(period);
  const [rows, tiers] = await Promise.all([periodBuckets(db, storeId, period, filter), asComparison ? [] : tierDistribution(db, storeId, filter)]);
  const byBucket = new Map(rows.map((row) => [row.bucket, row]));
  const along = (value: (sums: Sums) => number) =>
    x.map((bucket) => {
      const sums = byBucket.get(bucket);
      return sums ? value(sums) : 0;
    });
  const line = { kind: 'line', comparable: true, x } as const;
  return [
    { key: 'members', title: 'New members', unit: 'count', ...line, series: [{ label: 'New members', values: along((s) => s.members_joined) }] },
    {
      key: 'points',
      title: 'Points issued and redeemed',
      unit: 'points',
      ...line,
      series: [
        { label: 'Issued', values: along((s) => s.points_issued) },
        { label: 'Redeemed', values: along((s) => s.points_redeemed) },
      ],
    },
    {
      key: 'redemption_rate',
      title: 'Redemption rate (% of points issued)',
      unit: 'percent',
      ...line,
      series: [{ label: 'Redemption rate', values: along((s) => percent(s.points_redeemed, s.points_issued)) }],
    },
    {
      key: 'revenue',
      title: `Revenue, members and guests (${currency})`,
      unit: 'money',
      ...line,
      series: [
        { label: 'Members', values: along((s) => s.member_revenue_minor / 100) },
        { label: 'Guests', values: along((s) => s.guest_revenue_minor / 100) },
      ],
    },
    {
      key: 'aov',
      title: `Average order value, members and guests (${currency})`,
      unit: 'money',
      ...line,
      series: [
        { label: 'Members', values: along((s) => perOrder(s.member_revenue_minor, s.member_orders)) },
        { label: 'Guests', values: along((s) => perOrder(s.guest_revenue_minor, s.guest_orders)) },
      ],
    },
    {
      key: 'repeat_rate',
      title: "Repeat purchase rate (% of members' orders from returning members)",
      unit: 'percent',
      ...line,
      series: [{ label: 'Repeat purchase rate', values: along((s) => percent(s.member_repeat_orders, s.member_orders)) }],
    },
    {
      key: 'tiers',
      title: 'Members by VIP tier (now)',
      unit: 'count',
      kind: 'bar',
      comparable: false,
      x: tiers.map((row) => row.tier),
      series: [{ label: 'Members', values: tiers.map((row) => row.members) }],
    },
    {
      key: 'referrals',
      title: 'Referral funnel',
      unit: 'count',
      kind: 'bar',
      comparable: true,
      x: [...FUNNEL_STEPS],
      series: [{ label: 'Referrals', values: referralFunnel(rows) }],
    },
  ];
}
