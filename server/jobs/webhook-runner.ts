import { createHash } from 'node:crypto';
import { sql } from 'kysely';
import type { Clock } from '../clock.ts';
import type { Db } from '../db/connection.ts';
import { neutralOrderWebhook } from '../contract/webhooks.ts';
import {
  applyOrderEvents,
  bigcommerceEvent,
  fetchBigCommerceOrder,
  neutralEvent,
  parseJsonKeepingIds,
  shopifyEvent,
  type WebhookEvent,
} from '../modules/orders/index.ts';
import type { OrderEvent } from '../domain/schemas/normalized-order.ts';
import {
  applyBigCommerceProductWebhook,
  applyShopifyProductWebhook,
  fetchBigCommerceProduct,
  isBigCommerceProductScope,
  isShopifyProductTopic,
} from '../modules/products/index.ts';
import { json } from '../db/normalize.ts';
import { letRequestsThrough } from '../domain/cooperate.ts';
import { connectionOf } from '../modules/platforms/index.ts';
import {
  applyBigCommerceCustomerWebhook,
  applyShopifyCustomerWebhook,
  fetchBigCommerceCustomer,
  isBigCommerceCustomerScope,
  isShopifyCustomerTopic,
} from '../modules/customers/index.ts';
import { SingleFlight } from './single-flight.ts';
import { WebhookTraffic } from './signals.ts';

export interface RunnerOptions {
  /** BigCommerce API base URL (tests point it at a local stand-in) */
  bigcommerceApiUrl: string;
  /** opens the tokens of installed stores (PLATFORM_TOKEN_KEY); stores connected by hand keep theirs in their settings */
  tokenKeys?: readonly Buffer[];
  /** events claimed per transaction */
  batchSize?: number;
  maxAttempts?: number;
  /** how long a new webhook waits for others to join its batch */
  delayMs?: number;
  /**
   * Acknowledgements first: while webhooks keep arriving at this process, a
   * round (or a queue's batch) waits for a quiet moment (`quietMs` without a new one), at most
   * `maxDeferMs` since the last round, so a burst is acknowledged fast and processed right after.
   * `roundBudgetMs` bounds each round meanwhile (the batch shrinks or grows to fit): on PGlite
   * (one connection, in this thread) a round holds every insert; on PostgreSQL its work shares
   * this thread and the 2 cores with the acknowledgements.
   */
  roundBudgetMs?: number;
  quietMs?: number;
  maxDeferMs?: number;
  /**
   * With a round budget: rounds keep to it until no webhook has arrived for this long (default
   * 1 s). A pause of `quietMs` can be a busy machine not scheduling the senders or this process
   * rather than the end of a burst, and a full batch then would stall every acknowledgement.
   */
  idleMs?: number;
}

/** A delivery as received: its raw body (parsed when processed), or for an event not received over HTTP its payload. */
export type ReceivedWebhook = {
  storeId: number;
  platform: string;
  topic: string;
  eventKey: string;
  /**
   * The store as the delivery's signature was checked against it (a webhook route may have read
   * it from its cache): the delivery is stored only if the store still has this key and secret.
   */
  signedWith?: SigningStore;
} & ({ rawBody: string; payload?: undefined } | { payload: unknown; rawBody?: undefined });

/** A store's key (its `domain` or `store_name`, lower case) and the SHA-256 (hex) of the webhook secret a signature was checked with. */
export interface SigningStore {
  column: 'domain' | 'store_name';
  key: string;
  secretDigest: string;
}

/** The SHA-256 (hex) of a webhook secret, as persistWebhooks compares it (the secret itself never goes into a query). */
export const secretDigest = (secret: string) => createHash('sha256').update(secret, 'utf8').digest('hex');

/** A signed delivery not stored because its store's key or secret changed since the signature was checked. */
export const STORE_CHANGED = 'store-changed';

/** What makes a webhook the same delivery (the unique key of webhook_events): store, source, topic and event id. */
const eventIdentity = (storeId: number, platform: string, topic: string, eventKey: string) => `${storeId}\n${platform}\n${topic}\n${eventKey}`;

/**
 * Persists received webhooks in one statement; for each, its id, null when the same event was
 * already received (before, or earlier in `events`), or STORE_CHANGED when it was `signedWith` a
 * key or secret its store no longer has (checked in the same statement, so a store cached by one
 * server process never stores a delivery another process's rotation made invalid). One array
 * parameter per column (`unnest`), whatever the batch's size: binding every value on its own costs
 * PGlite more than the insert.
 */
export async function persistWebhooks(db: Db, events: readonly ReceivedWebhook[], now: Date): Promise<(number | null | typeof STORE_CHANGED)[]> {
  if (events.length === 0) return [];
  const column = <T>(value: (event: ReceivedWebhook) => T) => events.map(value);
  const { rows } = await sql<{ id: number; store_id: number; platform: string; topic: string; event_key: string }>`
    insert into webhook_events (store_id, platform, topic, event_key, payload, raw_body, received_at)
    select store_id, platform, topic, event_key, payload::jsonb, raw_body, ${now}::timestamptz
    from unnest(
      ${column((event) => event.storeId)}::bigint[], ${column((event) => event.platform)}::text[], ${column((event) => event.topic)}::text[],
      ${column((event) => event.eventKey)}::text[], ${column((event) => (event.rawBody === undefined ? json(event.payload) : null))}::text[],
      ${column((event) => event.rawBody ?? null)}::text[], ${column((event) => event.signedWith?.column ?? null)}::text[],
      ${column((event) => event.signedWith?.key ?? null)}::text[], ${column((event) => event.signedWith?.secretDigest ?? null)}::text[]
    ) as received(store_id, platform, topic, event_key, payload, raw_body, key_column, key, secret_digest)
    where secret_digest is null or exists (
      select from stores s
      where s.id = received.store_id and encode(sha256(convert_to(s.hmac_secret, 'UTF8')), 'hex') = received.secret_digest
        and case key_column when 'domain' then s.domain = received.key when 'store_name' then s.store_name = received.key end
    )
    on conflict (store_id, platform, topic, event_key) do nothing
    returning id, store_id, platform, topic, event_key`.execute(db);
  const ids = new Map(rows.map((row) => [eventIdentity(Number(row.store_id), row.platform, row.topic, row.event_key), Number(row.id)]));
  const stored = new Set(ids.keys());
  const results = events.map((event) => {
    const identity = eventIdentity(event.storeId, event.platform, event.topic, event.eventKey);
    const id = ids.get(identity) ?? null;
    ids.delete(identity); // a second copy in the same burst is a duplicate
    return id;
  });
  // a signed delivery not stored now was either received before (a duplicate) or refused for its store
  const unexplained = events.filter(
    (event, index) => results[index] === null && event.signedWith && !stored.has(eventIdentity(event.storeId, event.platform, event.topic, event.eventKey)),
  );
  if (unexplained.length === 0) return results;
  const received = await db
    .selectFrom('webhook_events')
    .select(['store_id', 'platform', 'topic', 'event_key'])
    .where((eb) =>
      eb.or(
        unexplained.map((event) =>
          eb.and([
            eb('store_id', '=', event.storeId),
            eb('platform', '=', event.platform),
            eb('topic', '=', event.topic),
            eb('event_key', '=', event.eventKey),
          ]),
        ),
      ),
    )
    .execute();
  const before = new Set(received.map((row) => eventIdentity(Number(row.store_id), row.platform, row.topic, row.event_key)));
  return results.map((result, index) => {
    const event = events[index]!;
    const identity = eventIdentity(event.storeId, event.platform, event.topic, event.eventKey);
    return result === null && event.signedWith && !stored.has(identity) && !before.has(identity) ? STORE_CHANGED : result;
  });
}

/** Persists a received webhook (not signed: see persistWebhooks); its id, or null when the same event was already received. */
export async function persistWebhook(db: Db, event: ReceivedWebhook & { signedWith?: undefined }, now: Date): Promise<number | null> {
  const [id] = await persistWebhooks(db, [event], now);
  if (id === STORE_CHANGED || id === undefined) throw new Error('An unsigned webhook is never refused for its store.');
  return id;
}

/** The event's body: parsed from the raw body it was stored as, or its stored payload. */
const payloadOf = (event: WebhookEvent): unknown => event.payload ?? parseJsonKeepingIds(event.raw_body ?? 'null');

/**
 * A BigCommerce webhook's store hash, resource id and the store's API token (its payloads carry
 * ids only): an installed store's token is its connection's, sealed; a store connected by hand
 * keeps its own in its settings.
 */
async function bigcommerceTarget(db: Db, event: WebhookEvent, tokenKeys: readonly Buffer[] = []) {
  const body = payloadOf(event) as { producer?: string; data?: { id?: number | string } };
  const store = await db.selectFrom('stores').select('settings').where('id', '=', event.store_id).executeTakeFirstOrThrow();
  const connection = tokenKeys.length > 0 ? await connectionOf(db, tokenKeys, event.store_id) : null;
  return {
    storeHash: body.producer?.replace(/^stores\//, '') ?? '',
    id: String(body.data?.id ?? ''),
    token:
      connection?.platform === 'bigcommerce'
        ? connection.token
        : String((store.settings.bigcommerce as { access_token?: string } | undefined)?.access_token ?? ''),
  };
}

async function toOrderEvent(db: Db, event: WebhookEvent, options: RunnerOptions): Promise<OrderEvent | null> {
  if (event.platform === 'shopify') return shopifyEvent(event.topic, payloadOf(event));
  if (event.platform === 'custom') return neutralEvent(neutralOrderWebhook.parse(payloadOf(event)));
  if (event.platform === 'bigcommerce') {
    const { storeHash, id, token } = await bigcommerceTarget(db, event, options.tokenKeys);
    return bigcommerceEvent(await fetchBigCommerceOrder(options.bigcommerceApiUrl, storeHash, id, token));
  }
  return null;
}

/**
 * Processes persisted webhooks after they were acknowledged. Each round claims a batch with
 * `FOR UPDATE SKIP LOCKED`, so several server processes on one PostgreSQL share the work and each
 * event is processed once; the ledger's idempotency keys make a retry after a crash harmless.
 * A failing batch falls back to one event per transaction and records the error on the event.
 */
export class WebhookRunner {
  readonly #flight = new SingleFlight(async (closed) => {
    for (;;) {
      await this.#waitForQuiet();
      if (closed() || (await this.#round()) === 0) return;
    }
  });
  /** when the last round ended (performance.now()) */
  #roundAt = -Infinity;
  #timer: NodeJS.Timeout | null = null;
  /**
   * Measured milliseconds per event of a round (roundBudgetMs only). It starts at the whole budget
   * (the first rounds of a burst, cold, take one event each) and follows a slower round at once, a
   * faster one gradually: a round that overruns stalls every acknowledgement waiting behind it.
   */
  #msPerEvent: number;

  /** `traffic`: the webhooks this process is answering (processing gives way to them) */
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly options: RunnerOptions,
    private readonly traffic: WebhookTraffic = new WebhookTraffic(),
  ) {
    this.#msPerEvent = options.roundBudgetMs ?? 5;
  }

  /** Starts draining (single-flight); resolves when nothing is left. */
  kick(): Promise<void> {
    return this.#flight.kick();
  }

  /**
   * Webhooks are being received: one unanswered (a server too busy to read new requests must not
   * look quiet), or the last answered less than `quietMs` ago.
   */
  #arriving(now: number): boolean {
    return this.traffic.pending > 0 || now - this.traffic.lastAt < (this.options.quietMs ?? 50);
  }

  /** Processes soon: a burst of webhooks within `delayMs` is claimed in one batch. */
  schedule(): void {
    if (this.#timer || this.#flight.closed) return;
    this.#timer = setTimeout(() => {
      this.#timer = null;
      void this.kick().catch(() => undefined);
    }, this.options.delayMs ?? 20);
  }

  /** Waits until every pending event was tried. */
  async drain(): Promise<void> {
    if (this.#timer) clearTimeout(this.#timer);
    this.#timer = null;
    await this.kick();
  }

  close(): Promise<void> {
    if (this.#timer) clearTimeout(this.#timer);
    this.#timer = null;
    return this.#flight.close();
  }

  /**
   * Processes these events (a queue's jobs), ones already done skipped: in rounds like the
   * runner's own, each a transaction of what fits the round budget and each waiting for a quiet
   * moment, so a queue's batch taken during a burst does not stall the acknowledgements (one
   * transaction of 500 events held them 300 ms). Throws to let the queue retry; the rounds
   * committed before stay done.
   */
  async processIds(ids: number[]): Promise<void> {
    for (let next = 0; next < ids.length;) {
      await this.#waitForQuiet();
      const round = ids.slice(next, next + this.#limit());
      next += round.length;
      await this.#measured(() =>
        this.db.transaction().execute(async (trx) => {
          const events = await trx
            .selectFrom('webhook_events')
            .selectAll()
            .where('id', 'in', round)
            .where('processed_at', 'is', null)
            .orderBy('id')
            .forUpdate()
            .skipLocked()
            .execute();
          if (events.length > 0) await this.#apply(trx, events);
          return events.length;
        }),
      );
    }
  }

  async #claim(trx: Db, limit: number): Promise<WebhookEvent[]> {
    return trx
      .selectFrom('webhook_events')
      .selectAll()
      .where('processed_at', 'is', null)
      .where('attempts', '<', this.options.maxAttempts ?? 5)
      .orderBy('id')
      .limit(limit)
      .forUpdate()
      .skipLocked()
      .execute();
  }

  async #apply(trx: Db, events: WebhookEvent[]): Promise<void> {
    const now = this.clock.now();
    const byStore = new Map<number, OrderEvent[]>();
    for (const event of events) {
      // product webhooks keep the catalogue current, in the order received; orders are applied per store below
      if (event.platform === 'shopify' && isShopifyProductTopic(event.topic)) {
        await applyShopifyProductWebhook(trx, event.store_id, event.topic, payloadOf(event), now);
        continue;
      }
      // customer accounts: before the batch's orders, so an order of a new account finds its customer
      if (event.platform === 'shopify' && isShopifyCustomerTopic(event.topic)) {
        await applyShopifyCustomerWebhook(trx, event.store_id, event.topic, payloadOf(event), now);
        continue;
      }
      if (event.platform === 'bigcommerce' && isBigCommerceProductScope(event.topic)) {
        const { storeHash, id, token } = await bigcommerceTarget(trx, event, this.options.tokenKeys);
        const fetchProduct = (productId: string) => fetchBigCommerceProduct(this.options.bigcommerceApiUrl, storeHash, productId, token);
        await applyBigCommerceProductWebhook(trx, event.store_id, event.topic, id, fetchProduct, now);
        continue;
      }
      // customer accounts: before the batch's orders, so an order of a new account finds its customer
      if (event.platform === 'bigcommerce' && isBigCommerceCustomerScope(event.topic)) {
        const { storeHash, id, token } = await bigcommerceTarget(trx, event, this.options.tokenKeys);
        const fetchCustomer = (customerId: string) => fetchBigCommerceCustomer(this.options.bigcommerceApiUrl, storeHash, customerId, token);
        await applyBigCommerceCustomerWebhook(trx, event.store_id, event.topic, id, fetchCustomer, now);
        continue;
      }
      const orderEvent = await toOrderEvent(trx, event, this.options);
      if (orderEvent) byStore.set(event.store_id, [...(byStore.get(event.store_id) ?? []), orderEvent]);
    }
    for (const [storeId, orderEvents] of [...byStore.entries()].sort(([a], [b]) => a - b)) {
      const byPlatform = new Map<string, OrderEvent[]>();
      for (const orderEvent of orderEvents) byPlatform.set(orderEvent.platform, [...(byPlatform.get(orderEvent.platform) ?? []), orderEvent]);
      for (const group of byPlatform.values()) await applyOrderEvents(trx, storeId, group, now);
    }
    await trx
      .updateTable('webhook_events')
      .set({ processed_at: now, attempts: sql`attempts + 1`, last_error: null })
      .where(
        'id',
        'in',
        events.map((event) => event.id),
      )
      .execute();
  }

  /**
   * Acknowledgements first: wait while webhooks keep arriving, at most `maxDeferMs` since the last
   * round or since this wait began, whichever is later (the first round of a burst after a quiet
   * hour waits too). Requests that reached the process meanwhile are read before the round starts
   * (a turn of the event loop), and a round waits for them too.
   */
  async #waitForQuiet(): Promise<void> {
    const quietMs = this.options.quietMs ?? 50;
    const maxDeferMs = this.options.maxDeferMs ?? 1_000;
    const began = performance.now();
    for (;;) {
      const now = performance.now();
      const deferred = maxDeferMs - (now - Math.max(this.#roundAt, began));
      if (!this.#arriving(now) || deferred <= 0 || this.#flight.closed) {
        await letRequestsThrough();
        if (this.traffic.pending === 0 || deferred <= 0 || this.#flight.closed) return;
        continue;
      }
      const quietIn = this.traffic.pending > 0 ? quietMs : quietMs - (now - this.traffic.lastAt);
      await new Promise((resolve) => setTimeout(resolve, Math.max(1, Math.min(quietIn, deferred))));
    }
  }

  /** Runs a round (`round` answers how many events it processed): when it ended, and its measured time per event. */
  async #measured(round: () => Promise<number>): Promise<number> {
    const started = performance.now();
    const count = await round();
    this.#roundAt = performance.now();
    if (count > 0) {
      const measured = (this.#roundAt - started) / count;
      this.#msPerEvent = Math.max(measured, 0.7 * this.#msPerEvent + 0.3 * measured);
    }
    return count;
  }

  /** The batch of the next round: the configured size, or until webhooks stopped arriving `idleMs` ago, what fits the round budget. */
  #limit(): number {
    const size = this.options.batchSize ?? 200;
    const budget = this.options.roundBudgetMs;
    const idle = performance.now() - this.traffic.lastAt >= (this.options.idleMs ?? 1_000) && this.traffic.pending === 0;
    return budget === undefined || idle ? size : Math.max(1, Math.min(size, Math.floor(budget / this.#msPerEvent)));
  }

  async #round(): Promise<number> {
    const limit = this.#limit();
    try {
      return await this.#measured(() =>
        this.db.transaction().execute(async (trx) => {
          const events = await this.#claim(trx, limit);
          if (events.length > 0) await this.#apply(trx, events);
          return events.length;
        }),
      );
    } catch {
      // one bad event must not hold back the others: retry them one by one, recording failures
      let done = 0;
      for (;;) {
        let claimed = 0;
        try {
          const found = await this.db.transaction().execute(async (trx) => {
            const [event] = await this.#claim(trx, 1);
            if (!event) return false;
            claimed = event.id;
            await this.#apply(trx, [event]);
            return true;
          });
          if (!found) return done;
        } catch (error) {
          if (!claimed) return done;
          const message = error instanceof Error ? error.message : String(error);
          await this.db
            .updateTable('webhook_events')
            .set({ attempts: sql`attempts + 1`, last_error: message.slice(0, 1000) })
            .where('id', '=', claimed)
            .execute();
        }
        done += 1;
      }
    }
  }
}
