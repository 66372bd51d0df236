import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { bigcommerceWebhook, neutralOrderWebhook } from '../../contract/webhooks.ts';
import { parseJsonKeepingIds } from '../../domain/orders/platform-json.ts';
import { SHOPIFY_TOPICS } from '../../domain/orders/shopify.ts';
import { isBigCommerceProductScope, isShopifyProductTopic } from '../../domain/products/webhooks.ts';
import { findStoresBy } from '../../domain/stores/index.ts';
import { TickBatch } from '../../db/tick-batch.ts';
import { scheduleLedgerMaintenance } from '../../jobs/ledger-maintenance.ts';
import { PgBossWebhookQueue } from '../../jobs/queue.ts';
import { WebhookInbox } from '../../jobs/webhook-inbox.ts';
import { WebhookRunner } from '../../jobs/webhook-runner.ts';
import type { Store } from '../../db/schema.ts';
import type { RouteModule } from '../context.ts';
import { ApiError } from '../errors.ts';

const runners = new WeakMap<object, WebhookRunner>();

/** The app's webhook runner (tests wait on `drain()`), one per database handle. */
export function webhookRunnerOf(app: FastifyInstance): WebhookRunner {
  const runner = runners.get(app.db);
  if (!runner) throw new Error('The webhook routes are not registered on this app.');
  return runner;
}

const invalidSignature = () => new ApiError(401, 'Invalid webhook signature.', 'invalid_signature');

/** The static header value BigCommerce webhooks are registered with (`X-Webhook-Secret`). */
export function bigcommerceWebhookSecret(hmacSecret: string): string {
  return createHmac('sha256', hmacSecret).update('bigcommerce-webhook').digest('hex');
}

/** Constant-time comparison of two signatures (different lengths never match). */
function signaturesMatch(expected: Buffer, given: Buffer): boolean {
  return expected.length === given.length && timingSafeEqual(expected, given);
}

const headerOf = (request: FastifyRequest, name: string) => {
  const value = request.headers[name];
  return typeof value === 'string' ? value : undefined;
};

function parseJson(raw: Buffer): unknown {
  try {
    return parseJsonKeepingIds(raw.toString('utf8'));
  } catch {
    throw new ApiError(400, 'The request body is not valid JSON.', 'malformed_json');
  }
}

function rawBody(request: FastifyRequest): Buffer {
  if (!Buffer.isBuffer(request.body)) throw new ApiError(400, 'Send the webhook body as application/json.', 'empty_body');
  return request.body;
}

/**
 * Order webhooks (issue 7 §4), and Shopify's product webhooks for the catalogue: each verifies the signature of the RAW body, persists the event
 * and answers 200 at once; the runner processes it after, exactly once.
 */
export const webhookRoutes: RouteModule = {
  prefix: '/webhooks',
  register(app) {
    const runner = new WebhookRunner(app.db, app.clock, {
      bigcommerceApiUrl: process.env.BIGCOMMERCE_API_URL ?? 'https://api.bigcommerce.com',
      batchSize: app.config.databaseUrl ? 500 : 50,
      // PGlite has one connection in this thread: rounds short enough that an acknowledgement (its
      // insert) waits briefly, and during a dense burst one every 5 s at most (each stalls every
      // acknowledgement under way: with 1 s, the p99 of a 2,000-webhook burst doubled)
      ...(app.config.databaseUrl ? {} : { roundBudgetMs: 20, maxDeferMs: 5_000 }),
    });
    runners.set(app.db, runner);
    const inbox = new WebhookInbox(app.db, () => app.clock.now());
    let queue: PgBossWebhookQueue | null = null;
    const logFailure = (error: unknown) => app.log.error({ err: error }, 'webhook processing failed');
    let stopMaintenance: (() => void) | null = null;
    // WEBHOOK_PROCESSING=0: this process stores, acknowledges and queues; others process
    const processing = app.config.processWebhooks;
    app.addHook('onReady', async () => {
      stopMaintenance = scheduleLedgerMaintenance(app.db, app.clock, 10 * 60_000, logFailure);
      // PostgreSQL server: pg-boss shares the events between processes; PGlite: the in-process runner
      if (app.config.databaseUrl) queue = await PgBossWebhookQueue.start(app.config.databaseUrl, processing ? runner : null, logFailure);
      // events persisted before a restart (or never enqueued) are processed on start
      if (processing) void runner.kick().catch(logFailure);
    });
    app.addHook('onClose', async () => {
      stopMaintenance?.();
      await queue?.stop();
      await runner.close();
    });
    // signatures cover the exact bytes: keep the body raw in this scope only
    app.removeContentTypeParser('application/json');
    app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));
    // processing waits while webhooks are being answered (acknowledgements first)
    app.addHook('onRequest', async (_request, reply) => {
      reply.raw.once('close', runner.acknowledging());
    });
    // stored as the raw body only, parsed again when processed: the insert is all the acknowledgement waits for
    const accept = async (store: Store, platform: string, topic: string, eventKey: string, raw: Buffer) => {
      const id = await inbox.persist({ storeId: store.id, platform, topic, eventKey, rawBody: raw.toString('utf8') });
      if (id !== null && queue) queue.enqueueSoon(id);
      else if (processing) runner.schedule();
      return { data: { received: true as const, duplicate: id === null } };
    };
    // every webhook reads its store afresh (a secret rotated through one process holds at once in
    // the others, issue 19 item 10), but the webhooks of one turn of the event loop in one query
    const lookups = {
      domain: new TickBatch((values: string[]) => findStoresBy(app.db, 'domain', values)),
      store_name: new TickBatch((values: string[]) => findStoresBy(app.db, 'store_name', values)),
    };
    const storeBy = async (column: 'domain' | 'store_name', value: string | undefined) => (value ? lookups[column].call(value) : undefined);

    // the platforms read only the status: the answers skip the browser headers (`helmet: false`;
    // @fastify/helmet builds them anew per request)
    app.post(
      '/shopify',
      { helmet: false, schema: { tags: ['webhooks'], summary: 'Shopify order, refund and product webhooks (X-Shopify-Hmac-Sha256)' } },
      async (request) => {
        const raw = rawBody(request);
        const store = await storeBy('domain', headerOf(request, 'x-shopify-shop-domain'));
        const given = headerOf(request, 'x-shopify-hmac-sha256') ?? '';
        if (!store?.hmac_secret) throw invalidSignature();
        const expected = createHmac('sha256', store.hmac_secret).update(raw).digest();
        if (!signaturesMatch(expected, Buffer.from(given, 'base64'))) throw invalidSignature();
        const topic = headerOf(request, 'x-shopify-topic') ?? '';
        parseJson(raw); // a body that is not JSON is refused now, not failed later
        if (!(SHOPIFY_TOPICS as readonly string[]).includes(topic) && !isShopifyProductTopic(topic))
          return { data: { received: true as const, duplicate: false } };
        const eventKey =
          headerOf(request, 'x-shopify-event-id') ?? headerOf(request, 'x-shopify-webhook-id') ?? `sha256:${createHash('sha256').update(raw).digest('hex')}`;
        return accept(store, 'shopify', topic, eventKey, raw);
      },
    );

    app.post(
      '/orders/:storeKey',
      { helmet: false, schema: { tags: ['webhooks'], summary: 'Platform-neutral order webhook (X-Signature: sha256=<hex>)' } },
      async (request) => {
        const raw = rawBody(request);
        const store = await storeBy('store_name', (request.params as { storeKey: string }).storeKey);
        const given = /^sha256=([0-9a-f]{64})$/i.exec(headerOf(request, 'x-signature') ?? '')?.[1] ?? '';
        if (!store?.hmac_secret) throw invalidSignature();
        const expected = createHmac('sha256', store.hmac_secret).update(raw).digest();
        if (!signaturesMatch(expected, Buffer.from(given, 'hex'))) throw invalidSignature();
        const parsed = neutralOrderWebhook.safeParse(parseJson(raw));
        if (!parsed.success) {
          const issue = parsed.error.issues[0];
          const field = issue?.path.join('.') || 'body';
          throw new ApiError(422, `${field}: ${issue?.message ?? 'Invalid value.'}`, 'validation_failed', { [field]: issue?.message ?? 'Invalid value.' });
        }
        return accept(store, 'custom', parsed.data.type, parsed.data.event_id, raw);
      },
    );

    app.post(
      '/bigcommerce',
      { helmet: false, schema: { tags: ['webhooks'], summary: 'BigCommerce order and product webhooks (ids only; the order or product is fetched)' } },
      async (request) => {
        const raw = rawBody(request);
        const store = await storeBy('store_name', (request.query as { store?: string }).store);
        // BigCommerce cannot sign bodies: the webhook is registered with a static secret header
        if (!store?.hmac_secret) throw invalidSignature();
        const expected = Buffer.from(bigcommerceWebhookSecret(store.hmac_secret));
        if (!signaturesMatch(expected, Buffer.from(headerOf(request, 'x-webhook-secret') ?? ''))) throw invalidSignature();
        const parsed = bigcommerceWebhook.safeParse(parseJson(raw));
        if (!parsed.success || !(parsed.data.scope.startsWith('store/order/') || isBigCommerceProductScope(parsed.data.scope)))
          return { data: { received: true as const, duplicate: false } };
        const body = parsed.data;
        const eventKey = `${body.scope}:${String(body.data.id)}:${body.created_at ?? createHash('sha256').update(raw).digest('hex')}`;
        return accept(store, 'bigcommerce', body.scope, eventKey, raw);
      },
    );
  },
};
