import type { Db } from '../../db/connection.ts';
import { customerDigest } from '../../auth/shopper-digest.ts';

/** The id a store page knows its shopper by: the platform's customer id, else ours. */
function storefrontCustomerId(customer: { id: number; external_id: string | null }): string {
  return customer.external_id ?? String(customer.id);
}

/**
 * The signed-in shopper of the demo page: always the same seeded customer of the demo store — the
 * first one who has earned points (a redemption lowers the balance, never the lifetime total, so a
 * reload after redeeming shows the same person) — and the digest the store would compute for them.
 */
export async function demoMember(db: Db, storeKey: string): Promise<{ customerId: string; digest: string } | undefined> {
  const store = await db.selectFrom('stores').select(['id', 'hmac_secret']).where('store_name', '=', storeKey).executeTakeFirst();
  if (!store?.hmac_secret) return undefined;
  const customer = await db
    .selectFrom('customers')
    .innerJoin('points_accounts', (on) =>
      on.onRef('points_accounts.customer_id', '=', 'customers.id').onRef('points_accounts.store_id', '=', 'customers.store_id'),
    )
    .select(['customers.id', 'customers.external_id'])
    .where('customers.store_id', '=', store.id)
    .where('points_accounts.lifetime', '>', 0)
    .orderBy('customers.id')
    .executeTakeFirst();
  if (!customer) return undefined;
  const customerId = storefrontCustomerId(customer);
  return { customerId, digest: customerDigest(store.hmac_secret, customerId) };
}
