import { z } from 'zod';
import { POINTS_LIMITS } from '../../../domain/schemas/points-limits.ts';
import { idField } from '../../../domain/schemas/fields.ts';

/** The points limits of the ledger, stated in the OpenAPI through the schemas below. */
export { POINTS_LIMITS };

/** Data host POST customer/adjust/points: add or remove points with a reason shown in the history. */
export const adjustPointsBody = z.strictObject({
  customer_id: idField,
  points: z
    .number()
    .int()
    .min(-POINTS_LIMITS.adjustment, `At most ${POINTS_LIMITS.adjustment} points removed in one adjustment.`)
    .max(POINTS_LIMITS.adjustment, `At most ${POINTS_LIMITS.adjustment} points added in one adjustment.`)
    .refine((value) => value !== 0, 'Enter a number of points other than 0.')
    .describe(
      `Points to add (positive) or remove (negative), at most ${POINTS_LIMITS.adjustment} either way (adjustment limit); ` +
        `the balance stays within ${POINTS_LIMITS.balance} (balance limit) and the lifetime total within ${POINTS_LIMITS.lifetime} (lifetime limit), else 422 points_limit.`,
    ),
  reason: z.string().trim().min(1, 'Enter a reason.').max(500),
});

/** Data host POST customer/points/update: set the balance to a value (the difference is one adjustment). */
export const setPointsBody = z.strictObject({
  customer_id: idField,
  balance: z
    .number()
    .int()
    .min(0)
    .max(POINTS_LIMITS.balance, `At most ${POINTS_LIMITS.balance} points in a balance.`)
    .describe(`The new balance, at most ${POINTS_LIMITS.balance} (balance limit).`),
  reason: z.string().trim().min(1, 'Enter a reason.').max(500),
});

/** Data host POST customer/points/approve: release an entry held for the merchant (an order in another currency). */
export const approveEntryBody = z.strictObject({ entry_id: idField });

/** Data host POST /customer/points/refund: roll back an unused reward. */
export const refundRewardBody = z.strictObject({ reward_id: idField, reason: z.string().trim().max(500).optional() });

/** Data host POST reward/use: a checkout uses a reward's coupon code (refused when used, refunded or expired). */
export const useRewardBody = z.strictObject({ code: z.string().trim().min(1, 'Enter the coupon code.').max(40) });

export const customerHistoryBody = z.strictObject({
  customer_id: idField.optional(),
  limit: z.number().int().min(1).max(100).default(20),
  page: z.number().int().min(1).max(100_000).default(1),
});

export const pageQuery = z.strictObject({
  limit: z.coerce.number().int().min(1).max(100).default(20),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
});
