import type { Db } from '../../db/connection.ts';
import { fetchPage } from '../../domain/paging.ts';
import type { AppId } from '../../domain/schemas/apps.ts';

export type EventStatus = 'processed' | 'pending' | 'failed';

export interface EventListQuery {
  platform?: AppId;
  status?: EventStatus;
  page: number;
  perPage: number;
}

/** The store's webhook events as received, newest first (payloads stay on the server). */
export async function listWebhookEvents(db: Db, storeId: number, query: EventListQuery) {
  let base = db.selectFrom('webhook_events').where('store_id', '=', storeId);
  if (query.platform) base = base.where('platform', '=', query.platform);
  if (query.status === 'processed') base = base.where('processed_at', 'is not', null);
  if (query.status === 'pending') base = base.where('processed_at', 'is', null).where('last_error', 'is', null);
  if (query.status === 'failed') base = base.where('processed_at', 'is', null).where('last_error', 'is not', null);
  return fetchPage(
    base,
    (q) => q.select(['id', 'platform', 'topic', 'event_key', 'received_at', 'processed_at', 'attempts', 'last_error']).orderBy('id', 'desc'),
    query,
  );
}

/** Webhook re-sync: the store's events that failed get their attempts back and are due now, so the runner tries them again; how many. */
export async function retryFailedWebhooks(db: Db, storeId: number): Promise<number> {
  const rows = await db
    .updateTable('webhook_events')
    .set({ attempts: 0, retry_at: null })
    .where('store_id', '=', storeId)
    .where('processed_at', 'is', null)
    .where('last_error', 'is not', null)
    .returning('id')
    .execute();
  return rows.length;
}
