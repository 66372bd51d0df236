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
import {
  bigcommerceEvent,
  connectionOf,
  connectionStatus,
  fetchBigCommerceOrder,
  PlatformUnauthorized,
  shopifyEvent,
  webhookRetry,
  type StoreAccess,
} from '../modules/platforms/index.ts';
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
  /** tries of an event before it waits for the merchant's re-sync (default 10: about 40 minutes, see webhookRetry) */
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
 * A BigCommerce webhook's resource id and the access to the store's API (its payloads carry ids
 * only): an installed store's token is its connection's, sealed; a store connected by hand keeps
 * its own in its settings. An installed store waiting for a reconnect (or a reinstall) has no
 * token: its events wait as for a refused one, without a call.
 */
async function bigcommerceTarget(db: Db, event: WebhookEvent, options: RunnerOptions): Promise<{ id: string; access: StoreAccess }> {
  const tokenKeys = options.tokenKeys ?? [];
  const body = payloadOf(event) as { producer?: string; data?: { id?: number | string } };
  const store = await db.selectFrom('stores').select('settings').where('id', '=', event.store_id).executeTakeFirstOrThrow();
  const connection = tokenKeys.length > 0 ? await connectionOf(db, tokenKeys, event.store_id) : null;
  if (!connection && tokenKeys.length > 0 && (await connectionStatus(db, event.store_id))?.platform === 'bigcommerce') throw new PlatformUnauthorized();
  return {
    id: String(body.data?.id ?? ''),
    access: {
      apiUrl: options.bigcommerceApiUrl,
      storeHash: body.producer?.replace(/^stores\//, '') ?? '',
      token:
        connection?.platform === 'bigcommerce'
          ? connection.token
          : String((store.settings.bigcommerce as { access_token?: string } | undefined)?.access_token ?? ''),
    },
  };
}

async function toOrderEvent(db: Db, event: WebhookEvent, options: RunnerOptions): Promise<OrderEvent | null> {
  if (event.platform === 'shopify') return shopifyEvent(event.topic, payloadOf(event));
  if (event.platform === 'custom') return neutralEvent(neutralOrderWebhook.parse(payloadOf(event)));
  if (event.platform === 'bigcommerce') {
    const { id, access } = await bigcommerceTarget(db, event, options);
    return bigcommerceEvent(await fetchBigCommerceOrder(access, id));
  }
  return null;
}

/** Tries of an event unless told (maxAttempts). */
const MAX_ATTEMPTS = 10;
/** The runner looks for due events at most this often (one held by another process stays due until it is done). */
const MIN_WAKE_MS = 1_000;

/**
 * Processes persisted webhooks after they were acknowledged. Each round claims a batch with
 * `FOR UPDATE SKIP LOCKED`, so several server processes on one PostgreSQL share the work and each
 * event is processed once; the ledger's idempotency keys make a retry after a crash harmless.
 * A failing batch falls back to one event per transaction and records the error on the event,
 * which then waits before its next try (webhookRetry: the platform it is read from down or asking
 * to slow down, a shop to reconnect); the runner wakes up when the first waiting event comes due.
 */
export class WebhookRunner {
  readonly #flight = new SingleFlight(async (closed) => {
    for (;;) {
      await this.#waitForQuiet();
      if (closed()) return;
      if ((await this.#round()) === 0) return this.#wakeForRetries();
    }
  });
  /** when the last round ended (performance.now()) */
  #roundAt = -Infinity;
  #timer: NodeJS.Timeout | null = null;
  /** when the first event waiting for its next try comes due */
  #retryTimer: NodeJS.Timeout | null = null;
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
    if (this.#retryTimer) clearTimeout(this.#retryTimer);
    this.#timer = this.#retryTimer = null;
    return this.#flight.close();
  }

  /**
   * Processes these events (a queue's jobs), ones already done skipped: in rounds like the
   * runner's own, each a transaction of what fits the round budget and each waiting for a quiet
   * moment, so a queue's batch taken during a burst does not stall the acknowledgements (one
   * transaction of 500 events held them 300 ms). A failing event is recorded and waits for its
   * next try like the runner's own (those rounds take it when it is due); throws, to let the queue
   * retry, only when a failure cannot be recorded (the rounds committed before stay done).
   */
  async processIds(ids: number[]): Promise<void> {
    for (let next = 0; next < ids.length;) {
      await this.#waitForQuiet();
      const round = ids.slice(next, next + this.#limit());
      next += round.length;
      try {
        await this.#measured(() =>
          this.db.transaction().execute(async (trx) => {
            const events = await this.#claim(trx, round.length, round);
            if (events.length > 0) await this.#apply(trx, events);
            return events.length;
          }),
        );
      } catch {
        await this.#oneByOne(round);
        await this.#wakeForRetries();
      }
    }
  }

  /** Due events not processed yet: the oldest of them, or of `ids` (a queue's, tried whatever their attempts). */
  async #claim(trx: Db, limit: number, ids?: number[]): Promise<WebhookEvent[]> {
    const open = trx
      .selectFrom('webhook_events')
      .selectAll()
      .where('processed_at', 'is', null)
      .where((eb) => eb.or([eb('retry_at', 'is', null), eb('retry_at', '<=', this.clock.now())]));
    return (ids ? open.where('id', 'in', ids) : open.where('attempts', '<', this.options.maxAttempts ?? MAX_ATTEMPTS))
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
        const { id, access } = await bigcommerceTarget(trx, event, this.options);
        const fetchProduct = (productId: string) => fetchBigCommerceProduct(access.apiUrl, access.storeHash, productId, access.token);
        await applyBigCommerceProductWebhook(trx, event.store_id, event.topic, id, fetchProduct, now);
        continue;
      }
      // customer accounts: before the batch's orders, so an order of a new account finds its customer
      if (event.platform === 'bigcommerce' && isBigCommerceCustomerScope(event.topic)) {
        const { id, access } = await bigcommerceTarget(trx, event, this.options);
        const fetchCustomer = (customerId: string) => fetchBigCommerceCustomer(access, customerId);
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
      return this.#oneByOne();
    }
  }

  /** One bad event must not hold back the others: they are tried one by one (of `ids` only, if given), failures recorded; answers how many were tried. */
  async #oneByOne(ids?: number[]): Promise<number> {
    let done = 0;
    for (;;) {
      let claimed: WebhookEvent | undefined;
      try {
        const found = await this.db.transaction().execute(async (trx) => {
          [claimed] = await this.#claim(trx, 1, ids);
          if (!claimed) return false;
          await this.#apply(trx, [claimed]);
          return true;
        });
        if (!found) return done;
      } catch (error) {
        if (!claimed) return done;
        await this.#failed(claimed, error);
      }
      done += 1;
    }
  }

  /** Records a failed try (outside its rolled-back transaction): the event is due again when webhookRetry says. */
  async #failed(event: WebhookEvent, error: unknown): Promise<void> {
    const retry = await webhookRetry(this.db, event.store_id, error, event.attempts + 1);
    await this.db
      .updateTable('webhook_events')
      .set({
        attempts: retry.counted ? sql`attempts + 1` : sql`attempts`,
        last_error: retry.message.slice(0, 1000),
        retry_at: new Date(this.clock.now().getTime() + retry.delayMs),
      })
      .where('id', '=', event.id)
      .execute();
  }

  /** Kicks again when the first event waiting for its next try comes due (with nothing waiting, no timer). */
  async #wakeForRetries(): Promise<void> {
    const next = await this.db
      .selectFrom('webhook_events')
      .select((eb) => eb.fn.min('retry_at').as('at'))
      .where('processed_at', 'is', null)
      .where('attempts', '<', this.options.maxAttempts ?? MAX_ATTEMPTS)
      .executeTakeFirst();
    if (this.#retryTimer) clearTimeout(this.#retryTimer);
    this.#retryTimer = null;
    if (!next?.at || this.#flight.closed) return;
    const delay = Math.min(Math.max(new Date(next.at).getTime() - this.clock.now().getTime(), MIN_WAKE_MS), 2 ** 31 - 1);
    this.#retryTimer = setTimeout(() => {
      this.#retryTimer = null;
      void this.kick().catch(() => undefined);
    }, delay);
    this.#retryTimer.unref();
  }
}
