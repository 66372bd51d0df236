import { z } from 'zod';
import { idField } from '../../../domain/schemas/fields.ts';

/** Ways to redeem. */
const REDEEM_TYPES = ['fixed_amount', 'percentage', 'free_shipping', 'free_product', 'variable'] as const;
export type RedeemType = (typeof REDEEM_TYPES)[number];

export const redeemConfig = z.strictObject({
  /** smallest order (minor units) the coupon applies to */
  min_order_minor: z.number('Enter an amount in cents.').int('Use whole cents.').min(0, 'The minimum order cannot be below zero.').max(100_000_000).default(0),
  product_ids: z.array(z.string().trim().min(1).max(64)).max(500).default([]),
  collection_ids: z.array(z.string().trim().min(1).max(64)).max(500).default([]),
  /** the issued coupon expires this many days after the redemption; null = never */
  reward_expiry_days: z.number().int().min(1).max(3650).nullable().default(null),
  /** variable: points per step and the amount (minor units) each step is worth */
  points_per_step: z.number().int().min(1).max(1_000_000).optional(),
  step_value_minor: z.number().int().min(1).max(100_000_000).optional(),
  min_points: z.number().int().min(1).max(10_000_000).optional(),
  max_points: z.number().int().min(1).max(10_000_000).optional(),
  /** free product: the product given */
  free_product_id: z.string().trim().min(1).max(64).optional(),
  code_prefix: z
    .string()
    .trim()
    .regex(/^[A-Z0-9]{0,10}$/, 'Use up to 10 capital letters or digits.')
    .optional(),
});

const redeemFields = {
  type: z.enum(REDEEM_TYPES),
  title: z.string().trim().min(1, 'Enter a title.').max(120),
  status: z.enum(['active', 'inactive']).default('active'),
  points_cost: z.number('Enter a number of points.').int('Use a whole number of points.').min(0, 'Points cannot be negative.').max(10_000_000),
  /** fixed amount in minor units, or a percentage 1–100 */
  discount_value: z.number('Enter a value.').int('Use a whole number.').min(0, 'The value cannot be negative.').max(100_000_000).default(0),
  config: redeemConfig.default(redeemConfig.parse({})),
};

const refineRedeem = (rule: { type: RedeemType; points_cost: number; discount_value: number; config: z.infer<typeof redeemConfig> }, ctx: z.RefinementCtx) => {
  if (rule.type === 'percentage' && (rule.discount_value < 1 || rule.discount_value > 100))
    ctx.addIssue({ code: 'custom', path: ['discount_value'], message: 'A percentage discount is between 1 and 100.' });
  if (rule.type === 'fixed_amount' && rule.discount_value < 1) ctx.addIssue({ code: 'custom', path: ['discount_value'], message: 'Enter the amount off.' });
  if (rule.type !== 'variable' && rule.points_cost < 1) ctx.addIssue({ code: 'custom', path: ['points_cost'], message: 'Enter the points it costs.' });
  if (rule.type === 'variable' && (!rule.config.points_per_step || !rule.config.step_value_minor))
    ctx.addIssue({ code: 'custom', path: ['config', 'points_per_step'], message: 'Enter the points per step and what a step is worth.' });
  if (rule.type === 'free_product' && !rule.config.free_product_id)
    ctx.addIssue({ code: 'custom', path: ['config', 'free_product_id'], message: 'Choose the free product.' });
};

/** POST /redeem/store */
export const redeemRuleBody = z.strictObject(redeemFields).superRefine(refineRedeem);
export type RedeemRuleBody = z.infer<typeof redeemRuleBody>;
/** POST /redeem/update */
export const redeemRuleUpdateBody = z.strictObject({ id: idField, ...redeemFields }).superRefine(refineRedeem);

/** Data host POST redeem/point: redeem for a customer. */
export const redeemPointBody = z.strictObject({
  customer_id: idField,
  redeem_id: idField,
  /** variable rewards: the points to spend */
  points: z.number().int().min(1).max(10_000_000).optional(),
});

/** POST /coupon/onboarding/store: the first reward chosen during onboarding. */
export const onboardingCouponBody = z
  .strictObject({
    title: z.string().trim().min(1, 'Enter a reward title.').max(120),
    discount_type: z.enum(['percentage', 'fixed_amount', 'free_shipping']),
    /** percent (1–100) or an amount in minor units; 0 for free shipping */
    discount_value: z.number().int().min(0).max(100_000_00),
    points_cost: z.number().int().min(1).max(1_000_000),
  })
  .refine((body) => body.discount_type !== 'percentage' || (body.discount_value >= 1 && body.discount_value <= 100), {
    message: 'A percentage discount is between 1 and 100.',
    path: ['discount_value'],
  });
