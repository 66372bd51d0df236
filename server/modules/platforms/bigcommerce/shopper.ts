/**
 * The storefront's shopper identified by BigCommerce's current customer JWT (beside the customer
 * id and digest a theme can print): the JWT is verified with the client secret, must be of the
 * store's own BigCommerce store, and names the customer by their BigCommerce id. A customer the
 * program has not met yet becomes one (BigCommerce vouches for them).
 */
import type { PlatformsConfig } from '../../../config.ts';
import type { Db } from '../../../db/connection.ts';
import { platformHook } from '../hooks.ts';
import { customerDigest } from '../../../auth/shopper-digest.ts';
import { storeOfShop } from '../connections.ts';
import { InvalidBigCommerceJwt, verifyCurrentCustomer } from './oauth.ts';

export interface IdentifiedShopper {
  /** our customer id */
  id: number;
  /** the signature the embed uses on its next calls: the platform's customer id and its digest */
  customerId: string;
  digest: string;
}

/** The shopper of a current customer JWT at this store; InvalidBigCommerceJwt when it is not one. */
export async function shopperOfCustomerJwt(
  db: Db,
  platforms: PlatformsConfig,
  store: { id: number; hmac_secret: string | null },
  jwt: string,
): Promise<IdentifiedShopper> {
  if (!platforms.bigcommerce || !store.hmac_secret) throw new InvalidBigCommerceJwt();
  const claims = await verifyCurrentCustomer(platforms.bigcommerce, jwt);
  const installed = await storeOfShop(db, 'bigcommerce', claims.storeHash);
  if (!installed || installed.storeId !== store.id || installed.status === 'uninstalled') throw new InvalidBigCommerceJwt();
  const customer = { externalId: claims.customerId, email: claims.email || null, firstName: '', lastName: '' };
  const ids = await platformHook('resolveCustomers')(db, store.id, 'bigcommerce', [customer]);
  const id = [...ids.values()][0];
  if (id === undefined) throw new InvalidBigCommerceJwt();
  // a customer met by e-mail first (an order, an import) is known by their BigCommerce id from now on
  await db.updateTable('customers').set({ external_id: claims.customerId }).where('id', '=', id).where('external_id', 'is', null).execute();
  const external = await db.selectFrom('customers').select('external_id').where('id', '=', id).executeTakeFirstOrThrow();
  const customerId = external.external_id ?? claims.customerId;
  return { id, customerId, digest: customerDigest(store.hmac_secret, customerId) };
}
