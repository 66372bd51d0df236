import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { storeKeyParams } from '../../contract/storefront.ts';
import { bigcommerceWebhook, neutralOrderWebhook } from '../../contract/webhooks.ts';
import { parseJsonKeepingIds } from '../../modules/orders/index.ts';
import { bigcommerceWebhookSecret, SHOPIFY_TOPICS } from '../../modules/platforms/index.ts';
import { isBigCommerceCustomerScope, isShopifyCustomerTopic } from '../../modules/customers/index.ts';
import { isBigCommerceProductScope, isShopifyProductTopic } from '../../modules/products/index.ts';
import { findStoresBy } from '../../modules/stores/index.ts';
import { TickBatch } from '../../db/tick-batch.ts';
import { secretDigest, STORE_CHANGED, WebhookInbox, type SigningStore } from '../../jobs/webhook-inbox.ts';
import type { Db } from '../../db/connection.ts';
import type { Store } from '../../db/schema.ts';
import type { RouteModule } from '../context.ts';
import { ApiError } from '../errors.ts';
import { unstorableTextAt, unstorableTextError } from '../validation.ts';

const invalidSignature = () => new ApiError(401, 'Invalid webhook signature.', 'invalid_signature');

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
 * Order webhooks, Shopify's product webhooks for the catalogue and its customer webhooks for the
 * customers (customers/create, customers/update, customers/delete): each verifies the signature of the RAW body, persists the event
 * and answers 200 at once; the runner processes it after, exactly once.
 */
export const webhookRoutes: RouteModule = {
  prefix: '/webhooks',
  register(app) {
    const inbox = new WebhookInbox(app.db, () => app.clock.now());
    // signatures cover the exact bytes: keep the body raw in this scope only
    app.removeContentTypeParser('application/json');
    app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));
    // processing waits while webhooks are being answered (acknowledgements first)
    app.addHook('onRequest', async (_request, reply) => {
      reply.raw.once('close', app.work.webhookTraffic.receiving());
    });
    const stores = new SigningStores(app.db);
    /**
     * Stores a delivery whose signature `matches` the secret of the store under `key`, and answers
     * once it is committed. The store comes from this process's cache when it can; the insert
     * re-checks key and secret (a rotation through another process holds at once), and a delivery refused for a changed store is checked again against a fresh read.
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
        if (id !== null) app.work.webhookStored.raise(id);
        return { data: { received: true as const, duplicate: id === null } };
      }
    };

    // the platforms read only the status: the answers skip the browser headers (`helmet: false`;
    // @fastify/helmet builds them anew per request)
    app.post(
      '/shopify',
      {
        helmet: false,
        schema: {
          tags: ['webhooks'],
          summary: 'Shopify order, refund, product and customer webhooks of a store connected by hand (X-Shopify-Hmac-Sha256, the store’s own secret)',
        },
      },
      async (request) => {
        const raw = rawBody(request);
        const given = Buffer.from(headerOf(request, 'x-shopify-hmac-sha256') ?? '', 'base64');
        return receive('domain', headerOf(request, 'x-shopify-shop-domain'), bodySignedWith(raw, given), () => {
          const topic = headerOf(request, 'x-shopify-topic') ?? '';
          validJson(raw); // a body that is not JSON is refused now, not failed later
          if (!(SHOPIFY_TOPICS as readonly string[]).includes(topic) && !isShopifyProductTopic(topic) && !isShopifyCustomerTopic(topic)) return null;
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
      {
        helmet: false,
        schema: { tags: ['webhooks'], summary: 'BigCommerce order, customer and product webhooks (ids only; the order, customer or product is fetched)' },
      },
      async (request) => {
        const raw = rawBody(request);
        const given = Buffer.from(headerOf(request, 'x-webhook-secret') ?? '');
        // BigCommerce cannot sign bodies: the webhook is registered with a static secret header
        const matches = (secret: string) => signaturesMatch(Buffer.from(bigcommerceWebhookSecret(secret)), given);
        return receive('store_name', (request.query as { store?: string }).store, matches, () => {
          const parsed = bigcommerceWebhook.safeParse(parseJson(raw));
          const scope = parsed.success ? parsed.data.scope : '';
          if (!parsed.success || !(scope.startsWith('store/order/') || isBigCommerceProductScope(scope) || isBigCommerceCustomerScope(scope))) return null;
          const body = parsed.data;
          const eventKey = `${body.scope}:${String(body.data.id)}:${body.created_at ?? createHash('sha256').update(raw).digest('hex')}`;
          return { platform: 'bigcommerce', topic: body.scope, eventKey, raw };
        });
      },
    );
  },
};
