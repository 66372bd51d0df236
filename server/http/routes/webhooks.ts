import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { storeKeyParams } from '../../contract/storefront.ts';
import { bigcommerceWebhook, neutralOrderWebhook } from '../../contract/webhooks.ts';
import { parseJsonKeepingIds } from '../../domain/orders/platform-json.ts';
import { SHOPIFY_TOPICS } from '../../domain/orders/shopify.ts';
import { isBigCommerceProductScope, isShopifyProductTopic } from '../../domain/products/webhooks.ts';
import { findStoresBy } from '../../domain/stores/index.ts';
import { TickBatch } from '../../db/tick-batch.ts';
import { scheduleLedgerMaintenance } from '../../jobs/ledger-maintenance.ts';
import { PgBossWebhookQueue } from '../../jobs/queue.ts';
import { WebhookInbox } from '../../jobs/webhook-inbox.ts';
import { secretDigest, STORE_CHANGED, WebhookRunner, type SigningStore } from '../../jobs/webhook-runner.ts';
import type { Db } from '../../db/connection.ts';
import type { Store } from '../../db/schema.ts';
import type { RouteModule } from '../context.ts';
import { ApiError } from '../errors.ts';
import { unstorableTextAt, unstorableTextError } from '../validation.ts';

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

/** A signature over the raw body: the HMAC-SHA256 of `raw` with the store's secret equals `given`. */
const bodySignedWith = (raw: Buffer, given: Buffer) => (secret: string) => signaturesMatch(createHmac('sha256', secret).update(raw).digest(), given);

/** Refuses a body that is not JSON (400); its value is read when the delivery is processed. */
function validJson(raw: Buffer): void {
  try {
    JSON.parse(raw.toString('utf8'));
  } catch {
    throw new ApiError(400, 'The request body is not valid JSON.', 'malformed_json');
  }
}

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

/** A delivery to store (its source, topic, event id and raw body), or null for one acknowledged without storing. */
type Received = () => { platform: string; topic: string; eventKey: string; raw: Buffer } | null;

/** A store as webhooks are checked against it: its id, secret, and key and secret digest for the insert's re-check. */
interface CachedStore {
  id: number;
  secret: string;
  signing: SigningStore;
}

/**
 * The stores webhooks name, by key, as last read from the database. A cached store only saves
 * the read: a signature it does not match is checked against a fresh read, and the insert stores
 * nothing a changed store would refuse (persistWebhooks), so no process answers for a secret or key
 * another process has changed. Reads of one turn of the event loop go to the database in one query.
 */
class SigningStores {
  static readonly MAX_CACHED = 1_000;
  readonly #cached = new Map<string, CachedStore>();
  readonly #reads: Record<SigningStore['column'], TickBatch<string, Store | undefined>>;

  constructor(db: Db) {
    this.#reads = {
      domain: new TickBatch((keys: string[]) => findStoresBy(db, 'domain', keys)),
      store_name: new TickBatch((keys: string[]) => findStoresBy(db, 'store_name', keys)),
    };
  }

  /** The store under `key` whose secret `matches` the delivery's signature (cached unless `fresh`), or undefined. */
  async verified(
    column: SigningStore['column'],
    key: string | undefined,
    matches: (secret: string) => boolean,
    fresh: boolean,
  ): Promise<CachedStore | undefined> {
    if (!key) return undefined;
    const lowerKey = key.toLowerCase();
    const cacheKey = `${column}\n${lowerKey}`;
    const cached = fresh ? undefined : this.#cached.get(cacheKey);
    if (cached && matches(cached.secret)) return cached;
    const store = await this.#reads[column].call(lowerKey);
    if (!store?.hmac_secret || !matches(store.hmac_secret)) {
      this.#cached.delete(cacheKey);
      return undefined;
    }
    const entry = { id: store.id, secret: store.hmac_secret, signing: { column, key: lowerKey, secretDigest: secretDigest(store.hmac_secret) } };
    if (this.#cached.size >= SigningStores.MAX_CACHED) this.#cached.clear();
    this.#cached.set(cacheKey, entry);
    return entry;
  }

  forget(signing: SigningStore): void {
    this.#cached.delete(`${signing.column}\n${signing.key}`);
  }
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
      // rounds short enough that an acknowledgement waits briefly behind one (PostgreSQL: a queue's
      // batch of 500 events in one transaction held them 300 ms). While webhooks never pause, one
      // round every maxDeferMs: on PostgreSQL 20 ms in every 250, ~130 events/s per process at
      // ~0.6 ms an event, so a steady stream below that does not pile up (with 1 s: ~30/s). PGlite
      // has one connection in this thread: one round every 5 s at most (each stalls every
      // acknowledgement under way: with 1 s, the p99 of a 2,000-webhook burst doubled), for the
      // small stores it serves
      roundBudgetMs: 20,
      maxDeferMs: app.config.databaseUrl ? 250 : 5_000,
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
    const stores = new SigningStores(app.db);
    /**
     * Stores a delivery whose signature `matches` the secret of the store under `key`, and answers
     * once it is committed. The store comes from this process's cache when it can; the insert
     * re-checks key and secret (a rotation through another process holds at once, issue 19 item
     * 10), and a delivery refused for a changed store is checked again against a fresh read.
     */
    const receive = async (column: SigningStore['column'], key: string | undefined, matches: (secret: string) => boolean, event: Received) => {
      for (let attempt = 0; ; attempt += 1) {
        const store = await stores.verified(column, key, matches, attempt > 0);
        if (!store) throw invalidSignature();
        const delivery = event();
        if (!delivery) return { data: { received: true as const, duplicate: false } };
        const { raw, ...identity } = delivery;
        // stored as the raw body only, parsed again when processed: the insert is all the acknowledgement waits for
        const id = await inbox.persist({ ...identity, storeId: store.id, rawBody: raw.toString('utf8'), signedWith: store.signing });
        if (id === STORE_CHANGED) {
          stores.forget(store.signing);
          if (attempt > 0) throw invalidSignature();
          continue;
        }
        if (id !== null && queue) queue.enqueueSoon(id);
        else if (processing) runner.schedule();
        return { data: { received: true as const, duplicate: id === null } };
      }
    };

    // the platforms read only the status: the answers skip the browser headers (`helmet: false`;
    // @fastify/helmet builds them anew per request)
    app.post(
      '/shopify',
      { helmet: false, schema: { tags: ['webhooks'], summary: 'Shopify order, refund and product webhooks (X-Shopify-Hmac-Sha256)' } },
      async (request) => {
        const raw = rawBody(request);
        const given = Buffer.from(headerOf(request, 'x-shopify-hmac-sha256') ?? '', 'base64');
        return receive('domain', headerOf(request, 'x-shopify-shop-domain'), bodySignedWith(raw, given), () => {
          const topic = headerOf(request, 'x-shopify-topic') ?? '';
          validJson(raw); // a body that is not JSON is refused now, not failed later
          if (!(SHOPIFY_TOPICS as readonly string[]).includes(topic) && !isShopifyProductTopic(topic)) return null;
          const eventKey =
            headerOf(request, 'x-shopify-event-id') ?? headerOf(request, 'x-shopify-webhook-id') ?? `sha256:${createHash('sha256').update(raw).digest('hex')}`;
          return { platform: 'shopify', topic, eventKey, raw };
        });
      },
    );

    app.post(
      '/orders/:storeKey',
      { helmet: false, schema: { tags: ['webhooks'], summary: 'Platform-neutral order webhook (X-Signature: sha256=<hex>)', params: storeKeyParams } },
      async (request) => {
        const raw = rawBody(request);
        const given = Buffer.from(/^sha256=([0-9a-f]{64})$/i.exec(headerOf(request, 'x-signature') ?? '')?.[1] ?? '', 'hex');
        return receive('store_name', (request.params as { storeKey: string }).storeKey, bodySignedWith(raw, given), () => {
          const body = parseJson(raw);
          const unstorable = unstorableTextAt(body);
          if (unstorable) throw unstorableTextError(unstorable);
          const parsed = neutralOrderWebhook.safeParse(body);
          if (!parsed.success) {
            const issue = parsed.error.issues[0];
            const field = issue?.path.join('.') || 'body';
            throw new ApiError(422, `${field}: ${issue?.message ?? 'Invalid value.'}`, 'validation_failed', { [field]: issue?.message ?? 'Invalid value.' });
          }
          return { platform: 'custom', topic: parsed.data.type, eventKey: parsed.data.event_id, raw };
        });
      },
    );

    app.post(
      '/bigcommerce',
      { helmet: false, schema: { tags: ['webhooks'], summary: 'BigCommerce order and product webhooks (ids only; the order or product is fetched)' } },
      async (request) => {
        const raw = rawBody(request);
        const given = Buffer.from(headerOf(request, 'x-webhook-secret') ?? '');
        // BigCommerce cannot sign bodies: the webhook is registered with a static secret header
        const matches = (secret: string) => signaturesMatch(Buffer.from(bigcommerceWebhookSecret(secret)), given);
        return receive('store_name', (request.query as { store?: string }).store, matches, () => {
          const parsed = bigcommerceWebhook.safeParse(parseJson(raw));
          if (!parsed.success || !(parsed.data.scope.startsWith('store/order/') || isBigCommerceProductScope(parsed.data.scope))) return null;
          const body = parsed.data;
          const eventKey = `${body.scope}:${String(body.data.id)}:${body.created_at ?? createHash('sha256').update(raw).digest('hex')}`;
          return { platform: 'bigcommerce', topic: body.scope, eventKey, raw };
        });
      },
    );
  },
};
