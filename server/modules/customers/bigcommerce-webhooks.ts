/**
 * BigCommerce's customer webhooks (store/customer/created, store/customer/updated,
 * store/customer/deleted) applied to the store's customers. They carry the customer's id only
 * (`data: { type: 'customer', id }`): created and updated fetch the customer from the store's v3
 * API ("Get All Customers" filtered by `id:in`, https://developer.bigcommerce.com/docs/rest-management/customers);
 * created is a sign-up (its points once, however often it arrives), updated keeps the name and
 * e-mail in step, deleted erases the customer's personal data. BigCommerce customers have no
 * tags: the customer's tags in the program are left as they are.
 */
import type { Executor } from '../../domain/ledger/index.ts';
import { bigcommerceRequest, type StoreAccess } from '../platforms/index.ts';
import { platformCustomerCreated, platformCustomerDeleted, upsertPlatformCustomer, type PlatformCustomer } from './platform-sync.ts';

export const BIGCOMMERCE_CUSTOMER_SCOPES = ['store/customer/created', 'store/customer/updated', 'store/customer/deleted'] as const;

export const isBigCommerceCustomerScope = (scope: string) => (BIGCOMMERCE_CUSTOMER_SCOPES as readonly string[]).includes(scope);

/** A v3 customer, as far as the program keeps it. */
export interface BigCommerceCustomer {
  id: number;
  email?: string | null;
  first_name?: string | null;
  last_name?: string | null;
}

/** Fetches one customer from the store's v3 API; null when the store no longer has it. The API's errors are the platforms'. */
export async function fetchBigCommerceCustomer(access: StoreAccess, customerId: string): Promise<BigCommerceCustomer | null> {
  const page = await bigcommerceRequest<{ data?: BigCommerceCustomer[] }>(access, 'GET', `/v3/customers?id:in=${encodeURIComponent(customerId)}`);
  return page?.data?.find((customer) => String(customer.id) === customerId) ?? null;
}

const platformCustomer = (customer: BigCommerceCustomer): PlatformCustomer => ({
  externalId: String(customer.id),
  email: customer.email?.trim().toLowerCase() || null,
  firstName: customer.first_name ?? '',
  lastName: customer.last_name ?? '',
  tags: null,
});

/** Applies one customer webhook of a BigCommerce store (`fetchCustomer` reads the customer by id); answers what it did. */
export async function applyBigCommerceCustomerWebhook(
  db: Executor,
  storeId: number,
  scope: string,
  customerId: string,
  fetchCustomer: (id: string) => Promise<BigCommerceCustomer | null>,
  now: Date,
): Promise<string> {
  if (!customerId) return 'no customer';
  if (scope === 'store/customer/deleted') return (await platformCustomerDeleted(db, storeId, customerId, now)) ? 'deleted' : 'unknown';
  const customer = await fetchCustomer(customerId);
  // deleted on the store since: its own webhook erases it
  if (!customer) return 'gone';
  if (scope === 'store/customer/created') {
    const { signupPoints } = await platformCustomerCreated(db, storeId, 'bigcommerce', platformCustomer(customer), now);
    return `created (${signupPoints} sign-up points)`;
  }
  await upsertPlatformCustomer(db, storeId, 'bigcommerce', platformCustomer(customer));
  return 'updated';
}
