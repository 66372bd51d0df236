import type { Executor } from '../ledger/index.ts';
import { deleteProduct, upsertProducts } from './catalogue.ts';
import { normalizeProduct } from './normalize.ts';

/** Shopify's product webhooks: they keep the store's catalogue (the rule pickers' lists) current. */
export const SHOPIFY_PRODUCT_TOPICS = ['products/create', 'products/update', 'products/delete'] as const;

export const isShopifyProductTopic = (topic: string) => (SHOPIFY_PRODUCT_TOPICS as readonly string[]).includes(topic);

/**
 * Applies one Shopify product webhook to the catalogue: create and update upsert the product and
 * replace its variants (the payload is the whole product); its collections are kept, since
 * Shopify's product payload does not list them. Delete removes the product and its variants
 * (rules that name it keep the id). Deliveries are deduplicated before this, like order webhooks.
 * Throws (ZodError) on a product payload that cannot be read, so the event records the error.
 */
export async function applyShopifyProductWebhook(db: Executor, storeId: number, topic: string, payload: unknown, now: Date): Promise<void> {
  if (topic === 'products/delete') {
    const id = (payload as { id?: unknown } | null)?.id;
    if (typeof id !== 'string' && typeof id !== 'number') throw new Error('products/delete: the payload has no product id.');
    await deleteProduct(db, storeId, String(id));
    return;
  }
  const product = normalizeProduct(payload, 'shopify');
  await upsertProducts(db, storeId, [product], 'webhook', now, true, true);
}
