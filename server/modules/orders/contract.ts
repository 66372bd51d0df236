/** The orders module's zod schemas (zod only: server/contract/webhooks.ts re-exports them and the console may bundle them). */
import { z } from 'zod';

/**
 * The platform-neutral order webhook, `POST /webhooks/orders/{store key}`, signed with
 * `X-Signature: sha256=<hex HMAC-SHA256 of the raw body with the store's HMAC secret>`.
 * Amounts are integer minor units (cents). Send every change of an order; replays are harmless.
 */
const neutralOrder = z.object({
  id: z.string().min(1).max(100),
  number: z.string().max(100).optional(),
  currency: z.string().length(3).default('USD'),
  /** paid, pending, cancelled, refunded, … (the earning rules name which statuses award) */
  status: z.string().min(1).max(40),
  cancelled: z.boolean().default(false),
  amounts: z.object({
    items: z.number().int().min(0),
    discounts: z.number().int().min(0).default(0),
    shipping: z.number().int().min(0).default(0),
    tax: z.number().int().min(0).default(0),
    total: z.number().int().min(0),
  }),
  lines: z
    .array(
      z.object({
        product_id: z.string().max(100),
        variant_id: z.string().max(100).optional(),
        collection_ids: z.array(z.string().max(100)).default([]),
        amount: z.number().int().min(0),
      }),
    )
    .default([]),
  customer: z
    .object({
      id: z.string().max(100).optional(),
      email: z.string().max(254).optional(),
      first_name: z.string().max(100).default(''),
      last_name: z.string().max(100).default(''),
    })
    .optional(),
  placed_at: z.string().max(40),
  updated_at: z.string().max(40).optional(),
  /** coupon codes used at checkout (a loyalty reward's code marks it used) */
  discount_codes: z.array(z.string().max(100)).max(20).default([]),
  /** for referral fraud checks: the shipping address, a payment fingerprint and the shopper's IP */
  shipping_address: z.string().max(500).optional(),
  payment_fingerprint: z.string().max(200).optional(),
  browser_ip: z.string().max(64).optional(),
  /** the sales channel (web, pos, marketplace, …): analytics can filter by it */
  channel: z.string().trim().min(1).max(100).optional(),
});

export const neutralOrderWebhook = z
  .object({
    /** unique per delivery attempt's event: a repeated id is acknowledged and ignored */
    event_id: z.string().min(1).max(200),
    type: z.enum(['order.created', 'order.updated', 'order.paid', 'order.cancelled', 'order.refunded']),
    order: neutralOrder.optional(),
    /** for order.refunded: the refund and the order it belongs to */
    order_id: z.string().min(1).max(100).optional(),
    refund: z.object({ id: z.string().min(1).max(100), amount: z.number().int().min(0) }).optional(),
  })
  .refine((body) => body.order !== undefined || (body.order_id !== undefined && body.refund !== undefined), {
    message: 'Send the order, or order_id and refund.',
    path: ['order'],
  });
export type NeutralOrderWebhook = z.infer<typeof neutralOrderWebhook>;

/** Data host POST order/import: orders as CSV text or JSON rows (same path as the webhooks: idempotent). */
export const orderImportBody = z
  .strictObject({
    format: z.enum(['csv', 'json']),
    csv: z.string().max(900_000).optional(),
    orders: z.array(z.record(z.string(), z.unknown())).max(5_000).optional(),
  })
  .refine((body) => (body.format === 'csv' ? body.csv !== undefined : body.orders !== undefined), {
    message: 'Send csv text or an orders array.',
    path: ['csv'],
  });

/** POST product/import: CSV text (a product, or a variant of one, per row) or JSON products (neutral rows, Shopify or BigCommerce products). */
export const productImportBody = z
  .strictObject({
    format: z.enum(['csv', 'json']),
    csv: z.string().max(900_000).optional(),
    products: z.array(z.record(z.string(), z.unknown())).max(5_000).optional(),
  })
  .refine((body) => (body.format === 'csv' ? body.csv !== undefined : body.products !== undefined), {
    message: 'Send csv text or a products array.',
    path: ['csv'],
  });
export type ProductImportBody = z.infer<typeof productImportBody>;

/** An import's progress (orders and products alike). */
export const importRecord = z.object({
  id: z.number(),
  status: z.enum(['queued', 'running', 'done', 'failed']),
  rows: z.number(),
  total: z.number(),
  processed: z.number(),
  failed_rows: z.array(z.object({ row: z.number(), message: z.string() })),
  error: z.string().nullable(),
  created_at: z.string(),
  finished_at: z.string().nullable(),
});
export type ImportRecord = z.infer<typeof importRecord>;
