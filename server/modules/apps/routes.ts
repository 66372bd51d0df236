/**
 * Apps (spec §7 "Apps and integrations"): the store-platform webhooks the product really
 * verifies and processes — `GET /apps` (connection state, last event received), `POST
 * /apps/integrate`, `POST /apps/info` (webhook URL and signature), `DELETE /apps/{id}`, `GET
 * /apps/version`, `GET /apps/event-list`, `POST /apps/mediaurl`; on the data host the webhook
 * re-sync `POST /account/webhooks-sync`.
 */
import { z } from 'zod';
import {
  appIdParams,
  appInfo,
  appInfoBody,
  appIntegrateBody,
  appRecord,
  eventListQuery,
  eventPage,
  mediaUrlAnswer,
  mediaUrlBody,
  type AppId,
} from './contract.ts';
import { dataEnvelope, emptyBody } from '../../contract/common.ts';
import { neutralOrderWebhook } from '../../contract/webhooks.ts';
import { AppSetupError, disconnectApp, integrateApp, listApps, listWebhookEvents, retryFailedWebhooks, type AppStatus } from './service.ts';
import { SHOPIFY_CUSTOMER_TOPICS } from '../customers/index.ts';
import { SHOPIFY_PRODUCT_TOPICS } from '../products/index.ts';
import type { Store } from '../../db/schema.ts';
import { findImage, mediaUrl } from '../media/index.ts';
import type { RouteModule } from '../../http/context.ts';
import { ApiError, notFound } from '../../http/errors.ts';
import { bigcommerceWebhookSecret, checkPlatformSetup, SHOPIFY_TOPICS } from '../platforms/index.ts';

const iso = (date: Date | null) => date?.toISOString() ?? null;
const presentApp = (app: AppStatus) => ({
  ...app,
  last_event: app.last_event && { ...app.last_event, received_at: app.last_event.received_at.toISOString(), processed_at: iso(app.last_event.processed_at) },
});

const setupFailed = (error: unknown): never => {
  if (error instanceof AppSetupError) throw new ApiError(422, error.message, 'validation_failed', { [error.field]: error.message });
  throw error;
};

/** Where each platform posts (this server's configured public address) and how it proves the post is genuine. */
function webhookSetup(origin: string, store: Store, app: AppId): { webhook_url: string; signature: string; topics: string[] } {
  if (app === 'shopify') {
    return {
      webhook_url: `${origin}/webhooks/shopify`,
      signature: 'X-Shopify-Hmac-Sha256: the base64 HMAC-SHA256 of the body with your HMAC secret',
      topics: [...SHOPIFY_TOPICS, ...SHOPIFY_PRODUCT_TOPICS, ...SHOPIFY_CUSTOMER_TOPICS],
    };
  }
  if (app === 'bigcommerce') {
    const header = store.hmac_secret ? bigcommerceWebhookSecret(store.hmac_secret) : '(generate the HMAC secret first)';
    return { webhook_url: `${origin}/webhooks/bigcommerce?store=${store.store_name}`, signature: `X-Webhook-Secret: ${header}`, topics: ['store/order/*'] };
  }
  return {
    webhook_url: `${origin}/webhooks/orders/${store.store_name}`,
    signature: 'X-Signature: sha256=<hex HMAC-SHA256 of the body with your HMAC secret>',
    topics: [...neutralOrderWebhook.shape.type.options],
  };
}

export const appRoutes: RouteModule = {
  prefix: '/api/v1',
  register(app) {
    const info = async (store: Store, id: AppId) => {
      const status = (await listApps(app.db, store)).find((row) => row.id === id)!;
      return { ...presentApp(status), ...webhookSetup(app.config.publicUrl, store, id) };
    };

    app.get(
      '/apps',
      {
        config: { permission: 'program:read' },
        schema: { tags: ['apps'], summary: 'The supported apps, their connection state and last event', response: { 200: dataEnvelope(z.array(appRecord)) } },
      },
      async (request) => ({
        data: (await listApps(app.db, request.store)).map(presentApp),
      }),
    );

    app.post(
      '/apps/integrate',
      {
        config: { permission: 'store:settings' },
        schema: {
          tags: ['apps'],
          summary: 'Connect an app (the shop domain, the BigCommerce access token)',
          body: appIntegrateBody,
          response: { 200: dataEnvelope(appInfo) },
        },
      },
      async (request) => {
        const store = await integrateApp(app.db, request.store, request.body).catch(setupFailed);
        return { data: await info(store, request.body.app) };
      },
    );

    app.post(
      '/apps/info',
      {
        config: { permission: 'store:settings' },
        schema: {
          tags: ['apps'],
          summary: 'Where to point the app’s webhooks and how they are signed',
          body: appInfoBody,
          response: { 200: dataEnvelope(appInfo) },
        },
      },
      async (request) => ({ data: await info(request.store, request.body.app) }),
    );

    app.delete(
      '/apps/:id',
      {
        config: { permission: 'store:settings' },
        schema: { tags: ['apps'], summary: 'Disconnect an app: its webhooks are refused from now on', params: appIdParams },
      },
      async (request, reply) => {
        await disconnectApp(app.db, request.store, request.params.id).catch(setupFailed);
        return reply.code(204).send();
      },
    );

    app.get(
      '/apps/version',
      {
        config: { permission: 'program:read' },
        schema: {
          tags: ['apps'],
          summary: 'The API and webhook format versions',
          response: { 200: dataEnvelope(z.object({ api: z.string(), webhooks: z.string() })) },
        },
      },
      async () => ({
        data: { api: 'v1', webhooks: '2026-01' },
      }),
    );

    app.get(
      '/apps/event-list',
      {
        config: { permission: 'program:read' },
        schema: { tags: ['apps'], summary: 'Webhook events received, newest first', querystring: eventListQuery, response: { 200: dataEnvelope(eventPage) } },
      },
      async (request) => {
        const { platform, status, page, per_page: perPage } = request.query;
        const { rows, total } = await listWebhookEvents(app.db, request.store.id, { platform, status, page, perPage });
        const data = rows.map((row) => ({ ...row, received_at: row.received_at.toISOString(), processed_at: iso(row.processed_at) }));
        return { data: { data, total, page, per_page: perPage } };
      },
    );

    app.post(
      '/apps/mediaurl',
      {
        config: { permission: 'program:read' },
        schema: {
          tags: ['apps'],
          summary: "The absolute public URL of one of the store's gallery images, for a platform app",
          body: mediaUrlBody,
          response: { 200: dataEnvelope(mediaUrlAnswer) },
        },
      },
      async (request) => {
        const image = await findImage(app.db, request.store.id, request.body.media_id);
        if (!image) throw notFound('Image');
        // the configured public address, never the request's Host header (anyone can send one)
        const url = `${app.config.publicUrl}${mediaUrl(image.key)}`;
        return { data: { media_id: image.id, url, mime_type: image.mime_type, file_name: image.file_name } };
      },
    );
  },
};

/** Data host (spec §7): the platform webhook re-sync. */
export const dataAppRoutes: RouteModule = {
  prefix: '/data/v1',
  register(app) {
    app.post(
      '/account/webhooks-sync',
      {
        config: { permission: 'store:settings' },
        schema: {
          tags: ['apps'],
          summary: "Webhook re-sync: failed events are tried again now; an installed store's platform webhooks and loader are checked (a job)",
          body: emptyBody,
          response: { 200: dataEnvelope(z.object({ retried: z.number().int(), platform_check_job_id: z.number().int().nullable() })) },
        },
      },
      async (request) => {
        const retried = await retryFailedWebhooks(app.db, request.store.id);
        if (retried > 0) app.work.webhooksRetried.raise();
        const check = await checkPlatformSetup(app.db, app.config, request.store.id, app.clock.now());
        if (check) app.work.jobsQueued.raise();
        return { data: { retried, platform_check_job_id: check?.jobId ?? null } };
      },
    );
  },
};
