import type { ColumnType } from 'kysely';

type Day = ColumnType<string, string, string>;

/** One store's figures of one UTC day, recomputed from the sources when marked dirty. */
export interface AnalyticsDailyTable {
  store_id: number;
  day: Day;
  /** the store currency the revenue columns were counted in */
  currency: string;
  members_joined: number;
  /** every entry's points added up (the change of all balances that day) */
  points_net: number;
  /** every entry's pending points added up */
  pending_net: number;
  /** the unspent points of the batches that expire that day (the sum of its segments) */
  points_expiring: number;
  points_issued: number;
  points_redeemed: number;
  rewards_issued: number;
  rewards_used: number;
  member_orders: number;
  /** members' orders placed by members who had ordered before */
  member_repeat_orders: number;
  member_revenue_minor: number;
  guest_orders: number;
  guest_revenue_minor: number;
  /** the referral funnel's steps that day: invitations sent, visits through a link (a returning visitor at their latest), coupons claimed, referrals completed */
  referral_invites: number;
  referral_visits: number;
  referral_claims: number;
  referrals_completed: number;
}

/**
 * One store's figures of one UTC day for the members of one segment: their VIP
 * tier and source ('' for none), a tag they carry and a channel (the customer's, or the order's,
 * '' for any); the guests' orders on the rows of no tag, tier or source; the unspent points of the
 * members' batches expiring that day. Recomputed with the day.
 */
export interface AnalyticsSegmentsTable extends Omit<AnalyticsDailyTable, 'currency'> {
  tag: string;
  channel: string;
  tier: string;
  source: string;
}

/** Days whose figures changed (or whose expiring points did) since they were last rolled up: appended by triggers, taken out by a recompute. */
export interface AnalyticsDirtyTable {
  store_id: number;
  day: Day;
}

/** One row per customer and tag, kept in step with `customers.tags` by triggers: what tag filters read. */
export interface CustomerTagsTable {
  store_id: number;
  tag: string;
  customer_id: number;
  /** the customer's join date (`customers.created_at`, kept in step by the customers' statement-level triggers) */
  joined_at: Date;
}

declare module '../../db/schema.ts' {
  interface Database {
    customer_tags: CustomerTagsTable;
    analytics_daily: AnalyticsDailyTable;
    analytics_segments: AnalyticsSegmentsTable;
    analytics_dirty: AnalyticsDirtyTable;
  }
}
