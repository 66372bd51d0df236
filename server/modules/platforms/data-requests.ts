/**
 * A platform's request for a customer's data (Shopify's customers/data_request, which every app
 * must answer): recorded on the customer, and answered by a file the merchant downloads from the
 * customer's page: the profile, the points ledger, the rewards and the referrals, as they are then.
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

/** The file answering a request of the store: everything the program holds about the customer; null when unknown. */
export async function customerDataFile(db: Db, storeId: number, requestId: number) {
  const request = await db.selectFrom('customer_data_requests').selectAll().where('store_id', '=', storeId).where('id', '=', requestId).executeTakeFirst();
  if (!request) return null;
  const ofCustomer = { store_id: storeId, customer_id: request.customer_id };
  const [profile, ledger, rewards, referrals] = await Promise.all([
    db
      .selectFrom('customers')
      .select(['id', 'external_id', 'first_name', 'last_name', 'email', 'birthday', 'tags', 'program_status', 'source', 'created_at'])
      .where('store_id', '=', storeId)
      .where('id', '=', request.customer_id)
      .executeTakeFirst(),
    db
      .selectFrom('ledger_entries')
      .select(['id', 'type', 'points', 'pending_points', 'computation', 'reason', 'created_at', 'expires_at'])
      .where((eb) => eb.and(ofCustomer))
      .orderBy('id')
      .execute(),
    db
      .selectFrom('rewards')
      .select(['id', 'code', 'title', 'discount_type', 'discount_value', 'points_spent', 'status', 'expires_at', 'used_at', 'created_at'])
      .where((eb) => eb.and(ofCustomer))
      .orderBy('id')
      .execute(),
    db
      .selectFrom('referrals')
      .select(['id', 'friend_email', 'state', 'order_number', 'completed_at', 'created_at'])
      .where('store_id', '=', storeId)
      .where('referrer_id', '=', request.customer_id)
      .orderBy('id')
      .execute(),
  ]);
  return {
    request: { platform: request.platform, reference: request.request_ref, requested_at: request.requested_at },
    customer: profile ?? null,
    ledger,
    rewards,
    referrals,
  };
}
