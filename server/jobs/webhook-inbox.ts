import { createHash } from 'node:crypto';
import { sql } from 'kysely';
import type { Db } from '../db/connection.ts';
import { json } from '../db/normalize.ts';
import { TickBatch } from '../db/tick-batch.ts';

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

/**
 * Where acknowledged webhooks are persisted: the ones received in the same turn of the event loop
 * go to the database in one insert and one commit, so a burst costs one round trip instead of
 * one per webhook. Each caller still waits for its own row to be committed before answering.
 */
export class WebhookInbox {
  readonly #batch: TickBatch<ReceivedWebhook, number | null | typeof STORE_CHANGED>;

  constructor(db: Db, now: () => Date) {
    this.#batch = new TickBatch((events) => persistWebhooks(db, events, now()));
  }

  /** The event's id once it is stored, null when the same event was already received, or STORE_CHANGED (see persistWebhooks). */
  persist(event: ReceivedWebhook): Promise<number | null | typeof STORE_CHANGED> {
    return this.#batch.call(event);
  }
}
