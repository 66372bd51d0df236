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
