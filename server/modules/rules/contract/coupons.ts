import { z } from 'zod';
import { idField } from '../../../domain/schemas/fields.ts';

/** Coupon kinds a program can give (referral rewards, onboarding, tier perks reuse them). */
export const COUPON_TYPES = [
  { type: 'fixed_amount', label: 'Amount off', unit: 'minor' },
  { type: 'percentage', label: 'Percentage off', unit: 'percent' },
  { type: 'free_shipping', label: 'Free shipping', unit: 'none' },
  { type: 'free_product', label: 'Free product', unit: 'none' },
] as const;

const couponFields = {
  title: z.string().trim().min(1, 'Enter a title.').max(120),
  discount_type: z.enum(['fixed_amount', 'percentage', 'free_shipping', 'free_product']),
  /** minor units for an amount, 1–100 for a percentage, 0 otherwise */
  discount_value: z.number().int().min(0).max(100_000_000).default(0),
  status: z.enum(['active', 'inactive']).default('active'),
  config: z
    .strictObject({
      min_order_minor: z.number().int().min(0).max(100_000_000).default(0),
      expiry_days: z.number().int().min(1).max(3650).nullable().default(null),
      product_ids: z.array(z.string().trim().min(1).max(64)).max(500).default([]),
      collection_ids: z.array(z.string().trim().min(1).max(64)).max(500).default([]),
    })
    .default({ min_order_minor: 0, expiry_days: null, product_ids: [], collection_ids: [] }),
};

const valueFits = (coupon: { discount_type: string; discount_value: number }, ctx: z.RefinementCtx) => {
  if (coupon.discount_type === 'percentage' && (coupon.discount_value < 1 || coupon.discount_value > 100))
    ctx.addIssue({ code: 'custom', path: ['discount_value'], message: 'A percentage discount is between 1 and 100.' });
  if (coupon.discount_type === 'fixed_amount' && coupon.discount_value < 1)
    ctx.addIssue({ code: 'custom', path: ['discount_value'], message: 'Enter the amount off.' });
};

/** POST /coupon/store */
export const couponBody = z.strictObject(couponFields).superRefine(valueFits);
export type CouponBody = z.infer<typeof couponBody>;
/** POST /coupon/update */
export const couponUpdateBody = z.strictObject({ id: idField, ...couponFields }).superRefine(valueFits);
