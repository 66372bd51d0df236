import { z } from 'zod';
import { idField } from '../../../domain/schemas/fields.ts';

/** The multipart field a receipt's photo comes in. */
export const RECEIPT_FIELD = 'receipt';
export const RECEIPT_STATUSES = ['pending', 'approved', 'rejected'] as const;

const day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'Use a date like 2026-01-31.');
const signature = {
  customer_id: z.string().trim().min(1).max(100),
  digest: z
    .string()
    .trim()
    .regex(/^[0-9a-f]{64}$/i, 'The digest is 64 hex characters.'),
};

/**
 * POST /storefront/v1/{store key}/receipts?customer_id&digest&amount&purchased_on: the signed-in
 * shopper's receipt photo as multipart field "receipt"; `amount` in the store's currency (e.g. 42.50).
 */
export const shopperReceiptQuery = z.strictObject({
  ...signature,
  amount: z
    .string()
    .trim()
    .regex(/^\d{1,7}(\.\d{1,2})?$/, 'Enter the amount paid, e.g. 42.50.')
    .transform((text) => Math.round(Number(text) * 100))
    .pipe(z.number().int().min(1, 'Enter the amount paid, e.g. 42.50.')),
  purchased_on: day.optional(),
  note: z.string().trim().max(200).optional(),
});

/** GET /storefront/v1/{store key}/receipts?customer_id&digest: the shopper's latest receipts and their outcome. */
export const shopperReceiptsQuery = z.strictObject(signature);

/** Data host POST receipt/list?page (body: which state, page size). */
export const receiptListQuery = z.strictObject({ page: z.coerce.number().int().min(1).max(100_000).default(1) });
export const receiptListBody = z
  .strictObject({
    status: z.enum([...RECEIPT_STATUSES, 'all']).default('pending'),
    limit: z.number().int().min(1).max(100).default(20),
  })
  .default({ status: 'pending', limit: 20 });

/** Data host POST receipt/review: approve (points by the order rule, once) or reject with a reason. */
export const receiptReviewBody = z.discriminatedUnion('action', [
  z.strictObject({ receipt_id: idField, action: z.literal('approve') }),
  z.strictObject({ receipt_id: idField, action: z.literal('reject'), reason: z.string().trim().min(1, 'Say why the receipt is rejected.').max(300) }),
]);

/** A receipt as the console reads it (the image at `image_url`, staff only). */
export interface ReceiptRecord {
  id: number;
  customer: { id: number; email: string; name: string } | null;
  amount_minor: number;
  currency: string;
  purchased_on: string | null;
  note: string;
  image_url: string;
  mime_type: string;
  size_bytes: number;
  status: (typeof RECEIPT_STATUSES)[number];
  reason: string | null;
  points: number | null;
  reviewed_by: string | null;
  reviewed_at: string | null;
  created_at: string;
}

/** A receipt as the shopper sees it in the widget. */
export interface ShopperReceipt {
  id: number;
  amount_minor: number;
  currency: string;
  status: (typeof RECEIPT_STATUSES)[number];
  reason: string | null;
  points: number | null;
  created_at: string;
}
