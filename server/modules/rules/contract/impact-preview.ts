import { z } from 'zod';
import { orderRuleConfig } from './earning-rules.ts';

const wholePoints = z.number('Enter a number of points.').int('Use a whole number of points.');

/**
 * POST /points/preview: a changed order rule, reward or expiry, replayed over the store's last
 * 90 days. What is left out is taken from the store as it is (its active order rule, its ways to
 * redeem, its expiry settings).
 */
export const impactPreviewBody = z.strictObject({
  earning: z
    .strictObject({
      mode: orderRuleConfig.shape.mode,
      points: wholePoints.min(0, 'Points cannot be negative.').max(1_000_000),
      per_amount_minor: orderRuleConfig.shape.per_amount_minor,
    })
    .optional(),
  /** a reward: what it costs and (when it is money off) what it is worth in minor units */
  redeem: z
    .strictObject({
      points_cost: wholePoints.min(1, 'A reward costs at least 1 point.').max(10_000_000),
      value_minor: z.number().int().min(0).max(100_000_000).nullable().default(null),
    })
    .optional(),
  /** points expire this many days after they are earned; null: never */
  expiry_days: z.number().int().min(1).max(3650).nullable().optional(),
});
export type ImpactPreviewBody = z.infer<typeof impactPreviewBody>;

export interface ImpactPreview {
  days: number;
  orders: number;
  customers: number;
  /** what the store's rules issued for these orders, from the ledger */
  points_issued_now: number;
  /** what the changed rule would have issued */
  points_issued: number;
  /** of those, expired by today under the expiry given */
  points_expired: number;
  /** rewards the customers could afford with the points left, one reward cost at a time */
  rewards_affordable: number | null;
  /** minor units one point is worth (the best money-off reward); null when no reward gives money */
  point_value_minor: number | null;
  /** points left × point value, in minor units of the store's currency */
  liability_minor: number | null;
  currency: string;
}
