import { z } from 'zod';
import { orderRuleConfig } from './earning-rules.ts';

/** The statuses each platform sends (lower case), offered when choosing which award and which cancel. */
export const PLATFORM_STATUSES = {
  shopify: ['pending', 'authorized', 'partially_paid', 'paid', 'partially_refunded', 'refunded', 'voided', 'fulfilled', 'partial', 'restocked'],
  bigcommerce: [
    'pending',
    'awaiting payment',
    'awaiting fulfillment',
    'awaiting shipment',
    'awaiting pickup',
    'partially shipped',
    'shipped',
    'completed',
    'cancelled',
    'declined',
    'refunded',
    'partially refunded',
  ],
  custom: ['pending', 'paid', 'fulfilled', 'cancelled', 'refunded'],
} as const;

/** POST /order/store: which platform statuses award an order's points and which take them back (every order earning rule). */
export const orderStatusSettingsBody = z
  .strictObject({
    award_statuses: orderRuleConfig.shape.award_statuses.unwrap(),
    cancel_statuses: orderRuleConfig.shape.cancel_statuses.unwrap(),
  })
  .refine((body) => !body.award_statuses.some((status) => body.cancel_statuses.includes(status)), {
    message: 'A status cannot both award and cancel.',
    path: ['cancel_statuses'],
  });
export type OrderStatusSettings = z.infer<typeof orderStatusSettingsBody>;

/** GET /order/list: the statuses each platform sends and which award and cancel. */
export const orderStatusSettings = z.object({
  statuses: z.record(z.string(), z.array(z.string())),
  award_statuses: z.array(z.string()),
  cancel_statuses: z.array(z.string()),
  order_rules: z.number().int(),
});
export type OrderStatusSettingsRecord = z.infer<typeof orderStatusSettings>;
