import { sql } from 'kysely';
import type { Clock } from '../clock.ts';
import type { Db } from '../db/connection.ts';
import { neutralOrderWebhook } from '../contract/webhooks.ts';
import { applyOrderEvents, neutralEvent, parseJsonKeepingIds, type WebhookEvent } from '../modules/orders/index.ts';
import type { OrderEvent } from '../domain/schemas/normalized-order.ts';
import {
  applyBigCommerceProductWebhook,
  applyShopifyProductWebhook,
  fetchBigCommerceProduct,
  isBigCommerceProductScope,
  isShopifyProductTopic,
} from '../modules/products/index.ts';
import { letRequestsThrough } from '../domain/cooperate.ts';
import { bigcommerceEvent, connectionOf, fetchBigCommerceOrder, shopifyEvent } from '../modules/platforms/index.ts';
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
