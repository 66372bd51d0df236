import { customersOf } from '../../db/customer-lookups.ts';
import type { Executor } from '../../domain/ledger/index.ts';
import type { OrderCustomer } from '../../domain/schemas/normalized-order.ts';

const placeholderEmail = (platform: string, externalId: string) => `${platform}-${externalId}@customers.invalid`.toLowerCase();

/**
 * Customer ids for the customers of many orders: found by e-mail (or the platform's customer id),
 * created when unknown. Multi-row; safe against a concurrent creator (unique store + e-mail).
 */
export async function resolveCustomers(db: Executor, storeId: number, platform: string, customers: OrderCustomer[]): Promise<Map<string, number>> {
  const byEmail = new Map<string, OrderCustomer>();
  for (const customer of customers) {
    const email = customerEmail(platform, customer);
    if (email && !byEmail.has(email)) byEmail.set(email, customer);
  }
  const ids = new Map<string, number>();
  if (byEmail.size === 0) return ids;
  const emails = [...byEmail.keys()].sort();
  const find = async (list: string[]) => {
    const { rows } = await customersOf<{ id: number; email: string }>(storeId, 'email', list, ['id', 'email']).execute(db);
    for (const row of rows) ids.set(row.email, row.id);
  };
  await find(emails);
  const missing = emails.filter((email) => !ids.has(email));
  for (let start = 0; start < missing.length; start += 500) {
    const rows = missing.slice(start, start + 500).map((email) => {
      const customer = byEmail.get(email)!;
      return { store_id: storeId, email, external_id: customer.externalId, first_name: customer.firstName || '', last_name: customer.lastName || '' };
    });
    await db
      .insertInto('customers')
      .values(rows)
      .onConflict((oc) => oc.columns(['store_id', 'email']).doNothing())
      .execute();
  }
  if (missing.length > 0) await find(missing);
  return ids;
}

/** The e-mail that identifies an order's customer: theirs, or a stable placeholder from the platform id. */
export function customerEmail(platform: string, customer: OrderCustomer | null): string | null {
  if (!customer) return null;
  if (customer.email && customer.email.includes('@')) return customer.email.trim().toLowerCase();
  return customer.externalId ? placeholderEmail(platform, customer.externalId) : null;
}
