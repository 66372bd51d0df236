import { z } from 'zod';

/** The longest period analytics answers: 5 years (server/modules/analytics/period.ts). */
export const ANALYTICS_MAX_DAYS = 1827;
const DAY_MS = 86_400_000;

const isoDay = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'Enter a date as YYYY-MM-DD.')
  .refine((value) => !Number.isNaN(Date.parse(`${value}T00:00:00Z`)) && new Date(`${value}T00:00:00Z`).toISOString().startsWith(value), 'Enter a real date.');

/** Data host POST analytics/metrics and analytics/charts: a period of whole days (UTC), the comparison, the member filter. */
export const analyticsBody = z
  .strictObject({
    from: isoDay,
    to: isoDay,
    /** also answer the period of the same length just before */
    compare: z.boolean().default(true),
    /** only members carrying this customer tag */
    tag: z.string().trim().min(1).max(100).nullish(),
    /** only members in this VIP tier */
    tier: z.string().trim().min(1).max(100).nullish(),
    /** only members from this source (manual, import, order, widget, …) */
    source: z.string().trim().min(1).max(100).nullish(),
    /** only orders through this sales channel (web, pos, …), and the members who placed them */
    channel: z.string().trim().min(1).max(100).nullish(),
  })
  .superRefine((body, issue) => {
    const days = (Date.parse(body.to) - Date.parse(body.from)) / DAY_MS + 1;
    if (days < 1) issue.addIssue({ code: 'custom', path: ['to'], message: 'The end date must be on or after the start date.' });
    else if (days > ANALYTICS_MAX_DAYS) issue.addIssue({ code: 'custom', path: ['to'], message: 'Choose a period of at most 5 years.' });
  });
export type AnalyticsBody = z.infer<typeof analyticsBody>;

const rate = z.number().nullable();
const periodMetrics = z.object({
  members_joined: z.number().int(),
  points_issued: z.number().int(),
  points_redeemed: z.number().int(),
  redemption_rate: rate,
  rewards_issued: z.number().int(),
  rewards_used: z.number().int(),
  member_orders: z.number().int(),
  member_revenue_minor: z.number().int(),
  member_aov_minor: z.number().int().nullable(),
  guest_orders: z.number().int(),
  guest_revenue_minor: z.number().int(),
  guest_aov_minor: z.number().int().nullable(),
  repeat_rate: rate,
});
export type AnalyticsMetrics = z.infer<typeof periodMetrics>;

const liability = z.object({
  outstanding_points: z.number().int(),
  pending_points: z.number().int(),
  expiring_points_90d: z.number().int(),
  point_value_minor: z.number().nullable(),
  point_value_rule: z.object({ title: z.string(), points_cost: z.number().int(), discount_minor: z.number().int() }).nullable(),
  liability_minor: z.number().int().nullable(),
  liability_after_expiry_minor: z.number().int().nullable(),
});

/** customers: everyone of the group who joined in the period; compared: those the figures were computed on (a random sample of a larger group) */
const groupFigures = z.object({
  customers: z.number().int(),
  compared: z.number().int(),
  repeat_rate: z.number().nullable(),
  spend_per_customer_minor: z.number().nullable(),
});
const difference = z.object({ lift: z.number(), low: z.number(), high: z.number() }).nullable();
/** Incremental lift: new members vs the holdout group, each difference with its 95 % interval. */
const lift = z.object({
  members: groupFigures,
  holdout: groupFigures,
  sufficient: z.boolean(),
  message: z.string(),
  repeat_rate: difference,
  spend_per_customer_minor: difference,
});
export type LiftAnswer = z.infer<typeof lift>;

const periodInfo = z.object({ from: z.string(), to: z.string(), granularity: z.enum(['day', 'week', 'month']) });

export const metricsAnswer = z.object({
  period: periodInfo,
  currency: z.string(),
  current: periodMetrics,
  /** the period of the same length just before; null without `compare` */
  previous: periodMetrics.nullable(),
  liability,
  lift,
  /** the store's holdout share of new customers (0–20 %) */
  holdout_percent: z.number().int(),
  /** days of the store's history still being rolled up (its figures are incomplete until 0) */
  preparing_days: z.number().int(),
});
export type MetricsAnswer = z.infer<typeof metricsAnswer>;

const chart = z.object({
  key: z.enum(['members', 'points', 'redemption_rate', 'revenue', 'aov', 'repeat_rate', 'tiers', 'referrals']),
  title: z.string(),
  unit: z.enum(['count', 'points', 'money', 'percent']),
  /** lines over the period's buckets, or bars over categories (VIP tiers, referral funnel steps) */
  kind: z.enum(['line', 'bar']),
  /** false for a picture of now (members by tier): no previous period beside it */
  comparable: z.boolean(),
  x: z.array(z.string()),
  /** `previous`: the same series over the previous period, bucket by bucket */
  series: z.array(z.object({ label: z.string(), values: z.array(z.number()), previous: z.boolean().optional() })),
});
export const chartsAnswer = z.object({ period: periodInfo, currency: z.string(), charts: z.array(chart), preparing_days: z.number().int() });
export type ChartsAnswer = z.infer<typeof chartsAnswer>;
export type AnalyticsChart = z.infer<typeof chart>;

export const filterOptionsAnswer = z.object({
  tags: z.array(z.object({ value: z.string(), customers: z.number().int() })),
  tiers: z.array(z.object({ value: z.string(), customers: z.number().int() })),
  sources: z.array(z.object({ value: z.string(), customers: z.number().int() })),
  /** `customers` counts the channel's orders here */
  channels: z.array(z.object({ value: z.string(), customers: z.number().int() })),
  max_days: z.number().int(),
});
export type FilterOptionsAnswer = z.infer<typeof filterOptionsAnswer>;
