import { sql } from 'kysely';
import type { Db } from '../../db/connection.ts';
import type { Store } from '../../db/schema.ts';
import { fetchPage } from '../../domain/paging.ts';
import { MAX_ENDPOINTS, type EndpointBody } from './contract.ts';
import { checkUrlShape, resolveSafeAddress, UnsafeUrlError, type AddressPolicy } from './address.ts';
import { currentCursors } from './events.ts';
import type { DeliveryStatus } from './tables.ts';

/** Why an endpoint could not be saved (a 422 naming the field). */
export class EndpointError extends Error {
  constructor(
    readonly field: string,
    message: string,
  ) {
    super(message);
  }
}

/** Saves a new endpoint once its URL is https and every address it resolves to is public; it receives only events from now on. */
export async function createEndpoint(db: Db, store: Store, body: EndpointBody, policy: AddressPolicy, now: Date) {
  if (!store.hmac_secret) throw new EndpointError('url', 'Generate the HMAC secret first: every delivery is signed with it.');
  try {
    await resolveSafeAddress(checkUrlShape(body.url, policy), policy);
  } catch (error) {
    if (error instanceof UnsafeUrlError) throw new EndpointError('url', error.message);
    throw error;
  }
  const live = await db
    .selectFrom('webhook_endpoints')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('store_id', '=', store.id)
    .where('disabled_at', 'is', null)
    .executeTakeFirstOrThrow();
  if (Number(live.n) >= MAX_ENDPOINTS) throw new EndpointError('url', `A store can have at most ${MAX_ENDPOINTS} endpoints: remove one first.`);
  const cursors = await currentCursors(db, store.id);
  return db
    .insertInto('webhook_endpoints')
    .values({ store_id: store.id, url: body.url, topics: JSON.stringify(body.topics), ...cursors, created_at: now })
    .returning(['id', 'url', 'topics', 'created_at'])
    .executeTakeFirstOrThrow();
}

/** The store's endpoints with their delivery counts and last delivery. */
export async function listEndpoints(db: Db, storeId: number) {
  const endpoints = await db
    .selectFrom('webhook_endpoints')
    .select(['id', 'url', 'topics', 'created_at'])
    .where('store_id', '=', storeId)
    .where('disabled_at', 'is', null)
    .orderBy('id')
    .execute();
  if (endpoints.length === 0) return [];
  const counts = await db
    .selectFrom('webhook_deliveries')
    .select([
      'endpoint_id',
      sql<string>`count(*) filter (where status = 'delivered')`.as('delivered'),
      sql<string>`count(*) filter (where status = 'pending')`.as('pending'),
      sql<string>`count(*) filter (where status = 'failed')`.as('failed'),
      sql<Date | null>`max(delivered_at)`.as('last_delivered_at'),
    ])
    .where('store_id', '=', storeId)
    .where(
      'endpoint_id',
      'in',
      endpoints.map((row) => row.id),
    )
    .groupBy('endpoint_id')
    .execute();
  return endpoints.map((endpoint) => {
    const count = counts.find((row) => row.endpoint_id === endpoint.id);
    return {
      ...endpoint,
      deliveries: { delivered: Number(count?.delivered ?? 0), pending: Number(count?.pending ?? 0), failed: Number(count?.failed ?? 0) },
      last_delivered_at: count?.last_delivered_at ? new Date(count.last_delivered_at) : null,
    };
  });
}

/** Removes the store's endpoint: nothing more is sent to it (its queued deliveries fail); false when not found. */
export async function removeEndpoint(db: Db, storeId: number, id: number, now: Date): Promise<boolean> {
  const removed = await db
    .updateTable('webhook_endpoints')
    .set({ disabled_at: now })
    .where('store_id', '=', storeId)
    .where('id', '=', id)
    .where('disabled_at', 'is', null)
    .returning('id')
    .executeTakeFirst();
  if (!removed) return false;
  await db
    .updateTable('webhook_deliveries')
    .set({ status: 'failed', last_error: 'The endpoint was removed.' })
    .where('endpoint_id', '=', id)
    .where('status', '=', 'pending')
    .execute();
  return true;
}

export interface DeliveryListQuery {
  endpointId?: number;
  status?: DeliveryStatus;
  page: number;
  perPage: number;
}

/** The delivery log, newest first (payloads included: they are the store's own events). */
export async function listDeliveries(db: Db, storeId: number, query: DeliveryListQuery) {
  let base = db.selectFrom('webhook_deliveries').where('store_id', '=', storeId);
  if (query.endpointId) base = base.where('endpoint_id', '=', query.endpointId);
  if (query.status) base = base.where('status', '=', query.status);
  return fetchPage(
    base,
    (q) =>
      q
        .select([
          'id',
          'endpoint_id',
          'topic',
          'event_key',
          'status',
          'attempts',
          'next_attempt_at',
          'last_status_code',
          'last_error',
          'created_at',
          'delivered_at',
        ])
        .orderBy('id', 'desc'),
    query,
  );
}
