import { z } from 'zod';
import { idField } from './common.ts';
import { eventName } from '../domain/schemas/earning-rules.ts';

/** The earning rule schemas live in the domain (it validates what it stores); the contract re-exports them. */
export * from '../domain/schemas/earning-rules.ts';

export const listQuery = z.strictObject({
  limit: z.coerce.number().int().min(1).max(100).default(20),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  status: z.enum(['active', 'inactive', 'all']).default('all'),
});

export const earningRuleRecord = z.object({
  id: z.number(),
  type: z.string(),
  title: z.string(),
  status: z.string(),
  points: z.number(),
  config: z.record(z.string(), z.unknown()),
  limit_type: z.string(),
  limit_days: z.number().nullable(),
  limit_total: z.number().nullable(),
  description: z.string(),
  created_at: z.string(),
  updated_at: z.string(),
});

/**
 * POST /points/event: a store's own system reports an event for a customer (ours by id, or by
 * e-mail); the active custom earning rule for the event awards its points once per event_id.
 */
export const customEventBody = z
  .strictObject({
    customer_id: idField.optional(),
    email: z.string().trim().toLowerCase().email('Enter a valid e-mail address.').max(254).optional(),
    event: eventName,
    event_id: z.string().trim().min(1, 'Send the id of this occurrence of the event.').max(200),
  })
  .refine((body) => (body.customer_id === undefined) !== (body.email === undefined), {
    message: 'Send customer_id or email (one of them).',
    path: ['customer_id'],
  });

export { impactPreviewBody, type ImpactPreview, type ImpactPreviewBody } from '../domain/schemas/impact-preview.ts';
