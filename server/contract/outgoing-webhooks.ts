import { z } from 'zod';
import { idField, pageOf, pageParams } from './common.ts';
import { endpointBody, OUTGOING_TOPICS, TOPIC_DESCRIPTIONS, type EndpointBody, type OutgoingTopic } from '../domain/schemas/outgoing-webhooks.ts';

export { endpointBody, OUTGOING_TOPICS, TOPIC_DESCRIPTIONS, type EndpointBody, type OutgoingTopic };

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
