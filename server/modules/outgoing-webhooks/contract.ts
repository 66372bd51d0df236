import { z } from 'zod';
import { idField, pageOf, pageParams } from '../../domain/schemas/fields.ts';

/** The program's own events a merchant endpoint can receive. */
export const OUTGOING_TOPICS = [
  'member.joined',
  'points.earned',
  'points.redeemed',
  'points.deducted',
  'points.expired',
  'reward.issued',
  'tier.changed',
  'referral.created',
  'referral.completed',
] as const;
export type OutgoingTopic = (typeof OUTGOING_TOPICS)[number];

export const TOPIC_DESCRIPTIONS: Record<OutgoingTopic, string> = {
  'member.joined': 'A customer joined the program',
  'points.earned': 'Points were credited (orders, actions, awards, referrals, tiers, adjustments)',
  'points.redeemed': 'Points were spent on a reward',
  'points.deducted': 'Points were taken back (refunds, adjustments)',
  'points.expired': 'Points expired',
  'reward.issued': 'A reward (coupon code) was issued',
  'tier.changed': 'A member moved up or down a VIP tier (by their figures, the period end, settings or by hand)',
  'referral.created': 'A member referred a friend (the friend came through their link or code)',
  'referral.completed': "A referred friend's order completed the referral and the referrer was rewarded",
};

/** Endpoints a store may have at once. */
export const MAX_ENDPOINTS = 10;

/** POST /outgoing-webhooks: where to post and which events; the address is checked again on the server (SSRF). */
export const endpointBody = z.strictObject({
  url: z
    .string()
    .trim()
    .max(2048, 'At most 2,048 characters.')
    .refine((value) => URL.canParse(value), 'Enter a full URL, for example https://example.com/loyalty-events.')
    // https only: the server says so (tests allow http to a loopback receiver through config)
    .refine((value) => !URL.canParse(value) || ['https:', 'http:'].includes(new URL(value).protocol), 'Only https:// URLs are accepted.'),
  topics: z
    .array(z.enum(OUTGOING_TOPICS))
    .min(1, 'Choose at least one event.')
    .refine((topics) => new Set(topics).size === topics.length, 'Each event once.'),
});
export type EndpointBody = z.infer<typeof endpointBody>;

/** GET /outgoing-webhooks: an endpoint, its events and how its deliveries went. */
export const endpointRecord = z.object({
  id: z.number().int(),
  url: z.string(),
  topics: z.array(z.enum(OUTGOING_TOPICS)),
  created_at: z.string(),
  deliveries: z.object({ delivered: z.number().int(), pending: z.number().int(), failed: z.number().int() }),
  last_delivered_at: z.string().nullable(),
});
export type EndpointRecord = z.infer<typeof endpointRecord>;

export const DELIVERY_STATUSES = ['pending', 'delivered', 'failed'] as const;

/** GET /outgoing-webhooks/deliveries?endpoint_id&status&page&per_page */
export const deliveryListQuery = z.strictObject({
  endpoint_id: idField.optional(),
  status: z.enum(DELIVERY_STATUSES).optional(),
  ...pageParams,
});
export const deliveryRecord = z.object({
  id: z.number().int(),
  endpoint_id: z.number().int(),
  topic: z.string(),
  event_key: z.string(),
  status: z.enum(DELIVERY_STATUSES),
  attempts: z.number().int(),
  next_attempt_at: z.string().nullable(),
  last_status_code: z.number().int().nullable(),
  last_error: z.string().nullable(),
  created_at: z.string(),
  delivered_at: z.string().nullable(),
});
export type DeliveryRecord = z.infer<typeof deliveryRecord>;
export const deliveryPage = pageOf(deliveryRecord);
export type DeliveryPage = z.infer<typeof deliveryPage>;
