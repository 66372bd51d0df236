import { z } from 'zod';

/** GET /api/v1/dashboard/status: setup progress and the headline figures of the last 30 days against the 30 before. */
const setupStep = z.object({
  key: z.enum(['program', 'widget', 'landing', 'member']),
  title: z.string(),
  href: z.string(),
  done: z.boolean(),
});
const figures = z.object({
  members: z.number().int(),
  points_issued: z.number().int(),
  points_redeemed: z.number().int(),
  rewards_used: z.number().int(),
  /** in minor units of `currency` */
  member_revenue_minor: z.number().int(),
});
export const dashboardStatus = z.object({
  setup: z.object({ steps: z.array(setupStep), dismissed: z.boolean() }),
  figures: z.object({
    period: z.object({ from: z.string(), to: z.string() }),
    current: figures,
    previous: figures,
    currency: z.string(),
    /** days of the store's history still being rolled up */
    preparing_days: z.number().int(),
  }),
});
export type DashboardStatus = z.infer<typeof dashboardStatus>;
export type DashboardFigures = z.infer<typeof figures>;

/** Data host GET dashboard/activities?limit= (1–50, default 20) */
export const activitiesQuery = z.strictObject({ limit: z.coerce.number().int().min(1).max(50).default(20) });
const activityItem = z.object({
  id: z.string(),
  /** `joined`, or the ledger entry's type (order_earn, redemption, adjustment, …) */
  kind: z.string(),
  at: z.string(),
  customer: z.object({ id: z.number().int(), name: z.string(), email: z.string() }),
  points: z.number().int(),
  detail: z.string(),
});
export const activities = z.array(activityItem);
export type ActivityItem = z.infer<typeof activityItem>;
