import { z } from 'zod';
import { idField, pageOf, pageParams } from '../../domain/schemas/fields.ts';
import { APP_IDS, appId, appIntegrateBody, type AppId, type AppIntegrateBody } from '../../domain/schemas/apps.ts';

export { APP_IDS, appIntegrateBody, type AppId, type AppIntegrateBody };

const lastEvent = z.object({ topic: z.string(), received_at: z.string(), processed_at: z.string().nullable(), last_error: z.string().nullable() });
/** GET /apps: one supported app with its connection state and its last event received. */
export const appRecord = z.object({
  id: z.enum(APP_IDS),
  name: z.string(),
  description: z.string(),
  state: z.enum(['connected', 'not_connected', 'needs_hmac_secret']),
  connected_to: z.string().nullable(),
  last_event: lastEvent.nullable(),
  events: z.object({ total: z.number().int(), pending: z.number().int(), failed: z.number().int() }),
});
export type AppRecord = z.infer<typeof appRecord>;

/** POST /apps/info: where to point the platform's webhooks and how they are signed. */
export const appInfoBody = z.strictObject({ app: appId });
export const appInfo = appRecord.extend({
  webhook_url: z.string(),
  signature: z.string(),
  topics: z.array(z.string()),
});
export type AppInfo = z.infer<typeof appInfo>;

/** POST /apps/mediaurl: the absolute public URL of one of the store's gallery images, for a platform app (emails, theme blocks). */
export const mediaUrlBody = z.strictObject({ media_id: idField });
export const mediaUrlAnswer = z.object({ media_id: z.number().int(), url: z.string(), mime_type: z.string(), file_name: z.string() });
export type MediaUrlAnswer = z.infer<typeof mediaUrlAnswer>;

export const appIdParams = z.strictObject({ id: appId });

/** GET /apps/event-list?platform&status&page&per_page */
export const eventListQuery = z.strictObject({
  platform: appId.optional(),
  status: z.enum(['processed', 'pending', 'failed']).optional(),
  ...pageParams,
});
export const webhookEventRecord = z.object({
  id: z.number().int(),
  platform: z.string(),
  topic: z.string(),
  event_key: z.string(),
  received_at: z.string(),
  processed_at: z.string().nullable(),
  attempts: z.number().int(),
  last_error: z.string().nullable(),
});
export type WebhookEventRecord = z.infer<typeof webhookEventRecord>;
export const eventPage = pageOf(webhookEventRecord);
export type EventPage = z.infer<typeof eventPage>;
