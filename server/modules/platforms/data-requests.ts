/**
 * A platform's request for a customer's data (Shopify's customers/data_request, which every app
 * must answer): recorded on the customer; the customers module answers it with a file the merchant
 * downloads from the customer's page.
 */
import type { ColumnType, Generated } from 'kysely';
import type { Db } from '../../db/connection.ts';
import type { Platform } from './tables.ts';

interface CustomerDataRequestsTable {
  id: Generated<number>;
  store_id: number;
  customer_id: number;
  platform: Platform;
  request_ref: string;
  requested_at: ColumnType<Date, Date | string, Date | string>;
}

declare module '../../db/schema.ts' {
  interface Database {
    customer_data_requests: CustomerDataRequestsTable;
  }
}

/** Records the request for the store's customer of this platform id; false when no such customer. */
export async function recordDataRequest(
  db: Db,
  request: { storeId: number; platform: Platform; externalId: string; ref: string },
  now: Date,
): Promise<boolean> {
  const customer = await db
    .selectFrom('customers')
    .select('id')
    .where('store_id', '=', request.storeId)
    .where('external_id', '=', request.externalId)
    .executeTakeFirst();
  if (!customer) return false;
  await db
    .insertInto('customer_data_requests')
    .values({ store_id: request.storeId, customer_id: customer.id, platform: request.platform, request_ref: request.ref, requested_at: now })
    .onConflict((conflict) => conflict.columns(['store_id', 'platform', 'request_ref']).doNothing())
    .execute();
  return true;
}

/** The customer's data requests, newest first. */
export function dataRequestsOf(db: Db, storeId: number, customerId: number) {
  return db
    .selectFrom('customer_data_requests')
    .select(['id', 'platform', 'request_ref', 'requested_at'])
    .where('store_id', '=', storeId)
    .where('customer_id', '=', customerId)
    .orderBy('id', 'desc')
    .execute();
}

/** One of the store's data requests, or undefined when the store has no such request. */
export function dataRequestOf(db: Db, storeId: number, requestId: number) {
  return db.selectFrom('customer_data_requests').selectAll().where('store_id', '=', storeId).where('id', '=', requestId).executeTakeFirst();
}
