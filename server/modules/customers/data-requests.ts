/**
 * The file answering a platform's request for a customer's data (the platforms record the request):
 * the profile, the points ledger, the rewards and the referrals, as they are when it is downloaded.
 */
import type { Db } from '../../db/connection.ts';
import { dataRequestOf } from '../platforms/index.ts';

/** The file answering a request of the store: everything the program holds about the customer; null when unknown. */
export async function customerDataFile(db: Db, storeId: number, requestId: number) {
  const request = await dataRequestOf(db, storeId, requestId);
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
