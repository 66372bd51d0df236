import { sql } from 'kysely';
import type { Clock } from '../clock.ts';
import type { Db } from '../db/connection.ts';
import { neutralOrderWebhook } from '../contract/webhooks.ts';
import { bigcommerceEvent, fetchBigCommerceOrder } from '../domain/orders/bigcommerce.ts';
import { neutralEvent } from '../domain/orders/neutral.ts';
import type { OrderEvent } from '../domain/orders/normalized.ts';
import { applyOrderEvents } from '../domain/orders/process.ts';
import { shopifyEvent } from '../domain/orders/shopify.ts';
import {
  applyBigCommerceProductWebhook,
  applyShopifyProductWebhook,
  fetchBigCommerceProduct,
  isBigCommerceProductScope,
  isShopifyProductTopic,
} from '../domain/products/webhooks.ts';
import type { WebhookEvent } from '../domain/orders/tables.ts';
import { json } from '../db/normalize.ts';
import { parseJsonKeepingIds } from '../domain/orders/platform-json.ts';
import { letRequestsThrough } from '../domain/cooperate.ts';
import { SingleFlight } from './single-flight.ts';

export interface RunnerOptions {
  /** BigCommerce API base URL (tests point it at a local stand-in) */
  bigcommerceApiUrl: string;
  /** events claimed per transaction */
  batchSize?: number;
  maxAttempts?: number;
  /** how long a new webhook waits for others to join its batch */
  delayMs?: number;
  /**
   * Acknowledgements first (issue 19 item 9): while webhooks keep arriving at this process, a
   * round (or a queue's batch) waits for a quiet moment (`quietMs` without a new one), at most
   * `maxDeferMs` since the last round, so a burst is acknowledged fast and processed right after.
   * PGlite (one connection, in this thread) also bounds each round to about `roundBudgetMs` of
   * holding the database (the batch shrinks or grows to fit).
   */
  roundBudgetMs?: number;
  quietMs?: number;
  maxDeferMs?: number;
}

/** A delivery as received: its raw body (parsed when processed), or for an event not received over HTTP its payload. */
export type ReceivedWebhook = {
  storeId: number;
  platform: string;
  topic: string;
  eventKey: string;
} & ({ rawBody: string; payload?: undefined } | { payload: unknown; rawBody?: undefined });

/** What makes a webhook the same delivery (the unique key of webhook_events): store, source, topic and event id. */
const eventIdentity = (storeId: number, platform: string, topic: string, eventKey: string) => `${storeId}\n${platform}\n${topic}\n${eventKey}`;

/**
 * Persists received webhooks in one insert; for each, its id, or null when the same event was
 * already received (before, or earlier in `events`). One array parameter per column (`unnest`),
 * whatever the batch's size: binding every value on its own costs PGlite more than the insert.
 */
export async function persistWebhooks(db: Db, events: readonly ReceivedWebhook[], now: Date): Promise<(number | null)[]> {
  if (events.length === 0) return [];
  const { rows } = await sql<{ id: number; store_id: number; platform: string; topic: string; event_key: string }>`
    insert into webhook_events (store_id, platform, topic, event_key, payload, raw_body, received_at)
    select store_id, platform, topic, event_key, payload::jsonb, raw_body, ${now}::timestamptz
    from unnest(
      ${events.map((event) => event.storeId)}::bigint[], ${events.map((event) => event.platform)}::text[], ${events.map((event) => event.topic)}::text[],
      ${events.map((event) => event.eventKey)}::text[], ${events.map((event) => (event.rawBody === undefined ? json(event.payload) : null))}::text[],
      ${events.map((event) => event.rawBody ?? null)}::text[]
    ) as received(store_id, platform, topic, event_key, payload, raw_body)
    on conflict (store_id, platform, topic, event_key) do nothing
    returning id, store_id, platform, topic, event_key`.execute(db);
  const ids = new Map(rows.map((row) => [eventIdentity(Number(row.store_id), row.platform, row.topic, row.event_key), Number(row.id)]));
  return events.map((event) => {
    const identity = eventIdentity(event.storeId, event.platform, event.topic, event.eventKey);
    const id = ids.get(identity) ?? null;
    ids.delete(identity); // a second copy in the same burst is a duplicate
    return id;
  });
}

/** Persists a received webhook; its id, or null when the same event was already received. */
export async function persistWebhook(db: Db, event: ReceivedWebhook, now: Date): Promise<number | null> {
  return (await persistWebhooks(db, [event], now))[0]!;
}

/** The event's body: parsed from the raw body it was stored as (issue 19 item 9), or its stored payload. */
const payloadOf = (event: WebhookEvent): unknown => event.payload ?? parseJsonKeepingIds(event.raw_body ?? 'null');

/** A BigCommerce webhook's store hash, resource id and the store's API token (its payloads carry ids only). */
async function bigcommerceTarget(db: Db, event: WebhookEvent) {
  const body = payloadOf(event) as { producer?: string; data?: { id?: number | string } };
  const store = await db.selectFrom('stores').select('settings').where('id', '=', event.store_id).executeTakeFirstOrThrow();
  return {
    storeHash: body.producer?.replace(/^stores\//, '') ?? '',
    id: String(body.data?.id ?? ''),
    token: String((store.settings.bigcommerce as { access_token?: string } | undefined)?.access_token ?? ''),
  };
}

async function toOrderEvent(db: Db, event: WebhookEvent, options: RunnerOptions): Promise<OrderEvent | null> {
  if (event.platform === 'shopify') return shopifyEvent(event.topic, payloadOf(event));
  if (event.platform === 'custom') return neutralEvent(neutralOrderWebhook.parse(payloadOf(event)));
  if (event.platform === 'bigcommerce') {
    const { storeHash, id, token } = await bigcommerceTarget(db, event);
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
  /** webhooks received and not answered yet; when the last one arrived or was answered, and the last round ended (performance.now()) */
  #acknowledging = 0;
  #receivedAt = -Infinity;
  #roundAt = -Infinity;
  #timer: NodeJS.Timeout | null = null;
  /**
   * Measured milliseconds per event of a round (roundBudgetMs only). It starts at the whole budget
   * (the first rounds of a burst, cold, take one event each) and follows a slower round at once, a
   * faster one gradually: a round that overruns stalls every acknowledgement waiting behind it.
   */
  #msPerEvent: number;

  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly options: RunnerOptions,
  ) {
    this.#msPerEvent = options.roundBudgetMs ?? 5;
  }

  /** Starts draining (single-flight); resolves when nothing is left. */
  kick(): Promise<void> {
    return this.#flight.kick();
  }

  /**
   * A webhook request arrived; the function returned is called once it is answered. Processing
   * waits while any is unanswered: a server too busy to read new requests must not look quiet.
   */
  acknowledging(): () => void {
    this.#acknowledging += 1;
    this.#receivedAt = performance.now();
    let answered = false;
    return () => {
      if (answered) return;
      answered = true;
      this.#acknowledging -= 1;
      this.#receivedAt = performance.now();
    };
  }

  /** Webhooks are being received: one unanswered, or the last answered less than `quietMs` ago. */
  #arriving(now: number): boolean {
    return this.#acknowledging > 0 || now - this.#receivedAt < (this.options.quietMs ?? 50);
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

  /** Processes these events (a queue's jobs) in one transaction; ones already done are skipped. Throws to let the queue retry. */
  async processIds(ids: number[]): Promise<void> {
    if (ids.length === 0) return;
    await this.#waitForQuiet();
    await this.db.transaction().execute(async (trx) => {
      const events = await trx
        .selectFrom('webhook_events')
        .selectAll()
        .where('id', 'in', ids)
        .where('processed_at', 'is', null)
        .orderBy('id')
        .forUpdate()
        .skipLocked()
        .execute();
      if (events.length > 0) await this.#apply(trx, events);
    });
    this.#roundAt = performance.now();
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
      if (event.platform === 'bigcommerce' && isBigCommerceProductScope(event.topic)) {
        const { storeHash, id, token } = await bigcommerceTarget(trx, event);
        const fetchProduct = (productId: string) => fetchBigCommerceProduct(this.options.bigcommerceApiUrl, storeHash, productId, token);
        await applyBigCommerceProductWebhook(trx, event.store_id, event.topic, id, fetchProduct, now);
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

  /** Acknowledgements first: wait while webhooks keep arriving (bounded), then let waiting requests through. */
  async #waitForQuiet(): Promise<void> {
    const quietMs = this.options.quietMs ?? 50;
    const maxDeferMs = this.options.maxDeferMs ?? 1_000;
    for (;;) {
      const now = performance.now();
      const deferred = maxDeferMs - (now - this.#roundAt);
      if (!this.#arriving(now) || deferred <= 0 || this.#flight.closed) break;
      const quietIn = this.#acknowledging > 0 ? quietMs : quietMs - (now - this.#receivedAt);
      await new Promise((resolve) => setTimeout(resolve, Math.max(1, Math.min(quietIn, deferred))));
    }
    await letRequestsThrough();
  }

  /** The batch of the next round: the configured size, or while webhooks keep arriving, what fits the round budget. */
  #limit(): number {
    const size = this.options.batchSize ?? 200;
    const budget = this.options.roundBudgetMs;
    return budget === undefined || !this.#arriving(performance.now()) ? size : Math.max(1, Math.min(size, Math.floor(budget / this.#msPerEvent)));
  }

  async #round(): Promise<number> {
    const limit = this.#limit();
    try {
      const started = performance.now();
      const count = await this.db.transaction().execute(async (trx) => {
        const events = await this.#claim(trx, limit);
        if (events.length > 0) await this.#apply(trx, events);
        return events.length;
      });
      this.#roundAt = performance.now();
      if (count > 0) {
        const measured = (performance.now() - started) / count;
        this.#msPerEvent = Math.max(measured, 0.7 * this.#msPerEvent + 0.3 * measured);
      }
      return count;
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
