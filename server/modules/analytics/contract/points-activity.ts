import { z } from 'zod';
import { idField } from '../../../domain/schemas/fields.ts';
import { ENTRY_TYPES } from '../../../domain/schemas/ledger-entry-types.ts';

export { ENTRY_TYPES, type EntryType } from '../../../domain/schemas/ledger-entry-types.ts';

const day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'Use a date like 2026-01-31.');

/** GET /points/activity: every ledger entry of the store, newest first (the Activity list). */
export const activityQuery = z
  .strictObject({
    limit: z.coerce.number().int().min(1).max(100).default(25),
    page: z.coerce.number().int().min(1).max(100_000).default(1),
    /** one type or several, comma separated */
    type: z
      .string()
      .max(300)
      .transform((text) => text.split(',').filter(Boolean))
      .pipe(z.array(z.enum(ENTRY_TYPES, { message: 'Unknown entry type.' })))
      .optional(),
    customer_id: idField.optional(),
    /** part of the customer's e-mail or name */
    customer: z.string().trim().max(120).optional(),
    /** first day (UTC), inclusive */
    from: day.optional(),
    /** last day (UTC), inclusive */
    to: day.optional(),
  })
  .refine((query) => !query.from || !query.to || query.from <= query.to, { message: 'The first day comes before the last.', path: ['from'] });
export type ActivityQuery = z.input<typeof activityQuery>;

/** One row of the Activity list. */
export interface ActivityEntry {
  id: number;
  customer: { id: number; email: string; name: string };
  type: (typeof ENTRY_TYPES)[number];
  points: number;
  pending_points: number;
  source_type: string;
  source_id: string;
  /** why: the computation the ledger recorded, e.g. "order #1001: $54.20 × 1 point per $1 = 54" */
  computation: string;
  reason: string | null;
  created_at: string;
}
