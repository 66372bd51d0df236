/**
 * The analytics figures of one period, derived from its sums: members, points issued and
 * redeemed with the redemption rate, rewards, members' and guests' orders, revenue and average
 * order value, and the share of members' orders from returning members. The sums come from the
 * daily rollups, or from their member segments when a filter (tag, VIP tier, source, channel)
 * narrows the members.
 */
import type { Executor } from '../../domain/ledger/index.ts';
import type { Period } from './period.ts';
import type { MemberFilter } from './sql.ts';
import { refreshRollups, rolledBuckets, rolledSums, type Sums } from './rollups.ts';
import { segmentBuckets, segmentSums } from './segments.ts';

export interface PeriodMetrics {
  members_joined: number;
  points_issued: number;
  points_redeemed: number;
  /** redeemed ÷ issued in the period; null when nothing was issued */
  redemption_rate: number | null;
  rewards_issued: number;
  rewards_used: number;
  member_orders: number;
  member_revenue_minor: number;
  member_aov_minor: number | null;
  guest_orders: number;
  guest_revenue_minor: number;
  guest_aov_minor: number | null;
  /** of the members' orders, the share placed by members who had ordered before; null without orders */
  repeat_rate: number | null;
}

const ratio = (part: number, whole: number) => (whole === 0 ? null : part / whole);
const aov = (revenue: number, count: number) => (count === 0 ? null : Math.round(revenue / count));

export function metricsOf(sums: Sums): PeriodMetrics {
  return {
    members_joined: sums.members_joined,
    points_issued: sums.points_issued,
    points_redeemed: sums.points_redeemed,
    redemption_rate: ratio(sums.points_redeemed, sums.points_issued),
    rewards_issued: sums.rewards_issued,
    rewards_used: sums.rewards_used,
    member_orders: sums.member_orders,
    member_revenue_minor: sums.member_revenue_minor,
    member_aov_minor: aov(sums.member_revenue_minor, sums.member_orders),
    guest_orders: sums.guest_orders,
    guest_revenue_minor: sums.guest_revenue_minor,
    guest_aov_minor: aov(sums.guest_revenue_minor, sums.guest_orders),
    repeat_rate: ratio(sums.member_repeat_orders, sums.member_orders),
  };
}

/** The most days a reader waits to be rolled up; a longer backlog is the maintenance job's. */
export const READER_MAX_DAYS = 31;

/**
 * Rolls up the store's recent changes before it is read; answers how many days of its history
 * still wait (a store whose history just arrived), which the screens say.
 */
export async function freshenRollups(db: Executor, storeId: number): Promise<number> {
  return (await refreshRollups(db, { storeId, maxDays: READER_MAX_DAYS })).backlog;
}

/** The period's sums per bucket (day, week or month), the filter's members' with one (call `freshenRollups` first). */
export async function periodBuckets(db: Executor, storeId: number, period: Period, filter: MemberFilter | null) {
  return filter === null ? rolledBuckets(db, storeId, period) : segmentBuckets(db, storeId, period, filter);
}

/** The period's figures, the filter's members' with one (call `freshenRollups` first). */
export async function periodMetrics(db: Executor, storeId: number, period: Period, filter: MemberFilter | null): Promise<PeriodMetrics> {
  return metricsOf(filter === null ? await rolledSums(db, storeId, period) : await segmentSums(db, storeId, period, filter));
}
