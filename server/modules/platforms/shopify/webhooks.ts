/**
 * Webhooks from shops installed through OAuth, signed with the app's secret: order, refund, customer and
 * product topics join the webhook inbox as the hand-connected stores' do; app/uninstalled erases
 * the token at once and cancels the store's platform work (the program stays for a reinstall);
 * the privacy topics Shopify requires of every app erase what they name.
 */
import { createHash } from 'node:crypto';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { SHOPIFY_TOPICS } from './orders.ts';
import { isShopifyProductTopic } from '../../products/index.ts';
import { ApiError } from '../../../http/errors.ts';
import { WebhookInbox } from '../../../jobs/webhook-inbox.ts';
import { markUninstalled, storeOfShop } from '../connections.ts';
import { recordDataRequest } from '../data-requests.ts';
import { platformHook } from '../hooks.ts';
import { cancelPlatformWork } from '../jobs.ts';
import { isShopifyCustomerTopic } from './customer-topics.ts';
import { webhookHmacValid } from './signatures.ts';

const header = (request: FastifyRequest, name: string) => {
  const value = request.headers[name];
  return typeof value === 'string' ? value : undefined;
};

function parse(raw: Buffer): Record<string, unknown> {
  try {
    const body = JSON.parse(raw.toString('utf8')) as unknown;
    if (body && typeof body === 'object') return body as Record<string, unknown>;
  } catch {
    // answered below
  }
  throw new ApiError(400, 'The request body is not valid JSON.', 'malformed_json');
}

export const appWebhookRoutes: FastifyPluginAsync = async (app) => {
  const inbox = new WebhookInbox(app.db, () => app.clock.now());
  // the signature covers the exact bytes: the body stays raw in this scope
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));

  /** Erases the personal data of the store's customers named (all of them when `externalIds` is null). */
  const eraseCustomers = (storeId: number, externalIds: string[] | null, now: Date) =>
    app.db.transaction().execute((trx) => platformHook('eraseCustomers')(trx, storeId, externalIds, now));

  app.route({
    method: 'POST',
    url: '/webhooks',
    helmet: false,
    schema: { tags: ['webhooks'], summary: 'Shopify webhooks of shops installed through OAuth (signed with the app secret)' },
    handler: async (request) => {
      const secret = app.config.platforms.shopify?.apiSecret;
      const raw = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
      if (!secret || !webhookHmacValid(secret, raw, header(request, 'x-shopify-hmac-sha256'))) {
        throw new ApiError(401, 'Invalid webhook signature.', 'invalid_signature');
      }
      const topic = header(request, 'x-shopify-topic') ?? '';
      const body = parse(raw);
      const shop = (header(request, 'x-shopify-shop-domain') ?? '').toLowerCase();
      const store = await storeOfShop(app.db, 'shopify', shop);
      const now = app.clock.now();
      // a shop never installed, or its data already erased: nothing to do, and Shopify stops retrying
      if (!store) return { data: { received: true } };
      if (topic === 'app/uninstalled') {
        await markUninstalled(app.db, store.storeId, now);
        await cancelPlatformWork(app.db, store.storeId, now);
        return { data: { received: true } };
      }
      if (topic === 'customers/redact') {
        const customer = body.customer as { id?: unknown } | undefined;
        const erased = customer?.id === undefined ? 0 : await eraseCustomers(store.storeId, [String(customer.id)], now);
        return { data: { received: true, erased } };
      }
      if (topic === 'customers/data_request') {
        const customer = body.customer as { id?: unknown } | undefined;
        const asked = body.data_request as { id?: unknown } | undefined;
        const ref = String(asked?.id ?? header(request, 'x-shopify-webhook-id') ?? '');
        const recorded =
          customer?.id !== undefined && ref
            ? await recordDataRequest(app.db, { storeId: store.storeId, platform: 'shopify', externalId: String(customer.id), ref }, now)
            : false;
        return { data: { received: true, recorded } };
      }
      if (topic === 'shop/redact') return { data: { received: true, erased: await eraseCustomers(store.storeId, null, now) } };
      if (
        store.status === 'uninstalled' ||
        !((SHOPIFY_TOPICS as readonly string[]).includes(topic) || isShopifyProductTopic(topic) || isShopifyCustomerTopic(topic))
      ) {
        return { data: { received: true } };
      }
      const eventKey = header(request, 'x-shopify-webhook-id') ?? `sha256:${createHash('sha256').update(raw).digest('hex')}`;
      const id = await inbox.persist({ platform: 'shopify', topic, eventKey, storeId: store.storeId, rawBody: raw.toString('utf8') });
      if (typeof id === 'number') app.work.webhookStored.raise(id);
      return { data: { received: true, duplicate: id === null } };
    },
  });
};
