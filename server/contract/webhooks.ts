import { z } from 'zod';

/** The neutral order webhook and the order import: the orders module's contract. */
export * from '../modules/orders/contract.ts';

/** BigCommerce webhook body: ids only (the order is fetched from the store's API). */
export const bigcommerceWebhook = z.object({
  scope: z.string().max(100),
  store_id: z.union([z.string(), z.number()]).optional(),
  producer: z.string().max(200).optional(),
  hash: z.string().max(200).optional(),
  created_at: z.number().optional(),
  data: z.object({ type: z.string().max(40), id: z.union([z.number(), z.string()]) }).passthrough(),
});
