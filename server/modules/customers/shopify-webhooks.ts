/**
 * Shopify's customer webhooks (customers/create, customers/update, customers/delete; the payload
 * is the REST customer: id, email, first_name, last_name, tags as one comma-separated string)
 * applied to the store's customers: create is a sign-up, update keeps names, e-mail and tags in
 * step, delete erases the customer's personal data.
 */
import type { Executor } from '../../domain/ledger/index.ts';
import type { PlatformCustomer } from '../platforms/index.ts';
import { platformCustomerCreated, platformCustomerDeleted, upsertPlatformCustomer } from './platform-sync.ts';

interface ShopifyCustomer {
  id?: number | string;
  email?: string | null;
  first_name?: string | null;
  last_name?: string | null;
  tags?: string | string[] | null;
}

/** A customer as Shopify describes it (a webhook's REST payload), or null when it names none. */
export function shopifyCustomer(payload: unknown): PlatformCustomer | null {
  const customer = (payload ?? {}) as ShopifyCustomer;
  if (customer.id === undefined || customer.id === null || String(customer.id) === '') return null;
  const tags = Array.isArray(customer.tags) ? customer.tags : (customer.tags ?? '').split(',');
  return {
    externalId: String(customer.id).replace(/^gid:\/\/shopify\/Customer\//, ''),
    email: customer.email?.trim().toLowerCase() || null,
    firstName: customer.first_name ?? '',
    lastName: customer.last_name ?? '',
    tags,
  };
}

/** Applies one customer webhook of a Shopify store; answers what it did. */
export async function applyShopifyCustomerWebhook(db: Executor, storeId: number, topic: string, payload: unknown, now: Date): Promise<string> {
  const customer = shopifyCustomer(payload);
  if (!customer) return 'no customer';
  if (topic === 'customers/delete') return (await platformCustomerDeleted(db, storeId, customer.externalId, now)) ? 'deleted' : 'unknown';
  if (topic === 'customers/create') {
    const { signupPoints } = await platformCustomerCreated(db, storeId, 'shopify', customer, now);
    return `created (${signupPoints} sign-up points)`;
  }
  await upsertPlatformCustomer(db, storeId, 'shopify', customer);
  return 'updated';
}
