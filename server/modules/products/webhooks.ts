import type { Executor } from '../../domain/ledger/index.ts';
import { deleteProduct, upsertProducts } from './catalogue.ts';
import { normalizeProduct } from './normalize.ts';

/** Shopify's product webhooks: they keep the store's catalogue (the rule pickers' lists) current. */
export const SHOPIFY_PRODUCT_TOPICS = ['products/create', 'products/update', 'products/delete'] as const;

export const isShopifyProductTopic = (topic: string) => (SHOPIFY_PRODUCT_TOPICS as readonly string[]).includes(topic);

/** BigCommerce's product webhooks (ids only: the product is fetched from the store's catalog API). */
export const BIGCOMMERCE_PRODUCT_SCOPES = ['store/product/created', 'store/product/updated', 'store/product/deleted'] as const;

export const isBigCommerceProductScope = (scope: string) => (BIGCOMMERCE_PRODUCT_SCOPES as readonly string[]).includes(scope);

/** Fetches a product with its variants from the store's catalog API (V3); the base URL is configurable (tests run a stand-in). */
export async function fetchBigCommerceProduct(baseUrl: string, storeHash: string, productId: string, accessToken: string): Promise<unknown> {
  const url = `${baseUrl.replace(/\/$/, '')}/stores/${encodeURIComponent(storeHash)}/v3/catalog/products/${encodeURIComponent(productId)}?include=variants`;
  const response = await fetch(url, { headers: { accept: 'application/json', 'x-auth-token': accessToken }, signal: AbortSignal.timeout(10_000) });
  if (!response.ok) throw new Error(`BigCommerce answered ${response.status} for product ${productId}.`);
  return ((await response.json()) as { data?: unknown }).data;
}

/**
 * Applies one BigCommerce product webhook: created and updated fetch the product (`fetch`) and
 * upsert it with its variants and categories (its collections); deleted removes it.
 */
export async function applyBigCommerceProductWebhook(
  db: Executor,
  storeId: number,
  scope: string,
  productId: string,
  fetchProduct: (id: string) => Promise<unknown>,
  now: Date,
): Promise<void> {
  if (!productId) throw new Error(`${scope}: the payload has no product id.`);
  if (scope === 'store/product/deleted') {
    await deleteProduct(db, storeId, productId, now);
    return;
  }
  const product = normalizeProduct(await fetchProduct(productId), 'bigcommerce');
  await upsertProducts(db, storeId, [product], 'webhook', now, true);
}

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
    await deleteProduct(db, storeId, String(id), now);
    return;
  }
  const product = normalizeProduct(payload, 'shopify');
  await upsertProducts(db, storeId, [product], 'webhook', now, true, true);
}
