import type { Db } from '../../db/connection.ts';
import { json } from '../../db/normalize.ts';

/** A shopper request's key (Idempotency-Key) and who sent it: a retry gets the first answer again. */
export interface ReplyKey {
  storeId: number;
  customerId: number;
  key: string;
}

export async function earlierReply(db: Db, { storeId, customerId, key }: ReplyKey) {
  return db
    .selectFrom('storefront_requests')
    .select(['status_code', 'response'])
    .where('store_id', '=', storeId)
    .where('customer_id', '=', customerId)
    .where('idempotency_key', '=', key)
    .executeTakeFirst();
}

/** Keeps the answer; the first one stored wins when two retries race. */
export async function keepReply(db: Db, { storeId, customerId, key }: ReplyKey, statusCode: number, body: unknown, now: Date): Promise<void> {
  await db
    .insertInto('storefront_requests')
    .values({ store_id: storeId, customer_id: customerId, idempotency_key: key, status_code: statusCode, response: json(body), created_at: now })
    .onConflict((oc) => oc.columns(['store_id', 'customer_id', 'idempotency_key']).doNothing())
    .execute();
}
