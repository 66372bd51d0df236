import { z } from 'zod';
import { idField } from './common.ts';

/** The redeem rule schemas live in the domain; the contract re-exports them. */
export * from '../domain/schemas/redeem-rules.ts';

/** Data host POST redeem/point: redeem for a customer. */
export const redeemPointBody = z.strictObject({
  customer_id: idField,
  redeem_id: idField,
  /** variable rewards: the points to spend */
  points: z.number().int().min(1).max(10_000_000).optional(),
});

/** Reward (coupon) as the console and the shopper read it. */
const rewardRecord = z.object({
  id: z.number(),
  title: z.string(),
  code: z.string(),
  discount_type: z.string(),
  discount_value: z.number(),
  points_spent: z.number(),
  status: z.string(),
  expires_at: z.string().nullable(),
  created_at: z.string(),
});
