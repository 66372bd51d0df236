import { readFileSync } from 'node:fs';
import { expect, it } from 'vitest';
import { describeEachDatabase } from '../../../tests/helpers/db.ts';
import { parseJsonKeepingIds } from '../orders/index.ts';
import { upsertProducts } from './catalogue.ts';
import { normalizeProduct } from './normalize.ts';
import { applyShopifyProductWebhook } from './webhooks.ts';

// Shopify's own samples: products/create (updated 2021-12-31 19:00 EST) and the later products/update (2022-02-03)
// long platform ids stay exact, as the webhook route reads them
const sample = (name: string): unknown =>
  parseJsonKeepingIds(readFileSync(new URL(`../../../tests/fixtures/webhooks/shopify/${name}.json`, import.meta.url), 'utf8'));
const CREATE = sample('products-create');
const UPDATE = sample('products-update');
const DELETE = sample('products-delete');

describeEachDatabase('product webhooks out of order', (ctx) => {
  let stores = 0;
  const newStore = async () => {
    stores += 1;
    const store = await ctx.db
      .insertInto('stores')
      .values({
        title: 'Catalogue',
        platform: 'shopify',
        store_name: `product-order-${stores}`,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return store.id;
  };
  const apply = (storeId: number, topic: string, payload: unknown) => applyShopifyProductWebhook(ctx.db, storeId, topic, payload, ctx.clock.now());
  const catalogue = async (storeId: number) => ({
    products: await ctx.db.selectFrom('products').select(['title', 'price_minor']).where('store_id', '=', storeId).orderBy('external_id').execute(),
    variants: (
      await ctx.db.selectFrom('product_variants').select(['external_id', 'price_minor']).where('store_id', '=', storeId).orderBy('external_id').execute()
    ).map((variant) => `${variant.external_id} ${variant.price_minor}`),
  });

  it('a create delivered after the later update changes nothing', async () => {
    const storeId = await newStore();
    await apply(storeId, 'products/update', UPDATE);
    const updated = await catalogue(storeId);
    expect(updated.products).toEqual([{ title: 'Example T-Shirt (organic)', price_minor: 1750 }]);
    expect(updated.variants).toEqual(['642667041472713922 1750']);
    await apply(storeId, 'products/create', CREATE);
    expect(await catalogue(storeId)).toEqual(updated);
    // in order, the create then the update apply both; the same version delivered again applies again, harmlessly
    await apply(storeId, 'products/update', UPDATE);
    expect(await catalogue(storeId)).toEqual(updated);
  });

  it('a late update of a deleted product does not bring it back; importing it does', async () => {
    const storeId = await newStore();
    await apply(storeId, 'products/create', CREATE);
    await apply(storeId, 'products/delete', DELETE);
    await apply(storeId, 'products/update', UPDATE);
    expect(await catalogue(storeId)).toEqual({ products: [], variants: [] });
    await upsertProducts(ctx.db, storeId, [{ ...normalizeProduct(UPDATE, 'shopify'), updatedAt: null }], 'import', ctx.clock.now());
    expect((await catalogue(storeId)).products).toEqual([{ title: 'Example T-Shirt (organic)', price_minor: 1750 }]);
    // and the platform's webhooks of it apply again
    await apply(storeId, 'products/update', { ...(UPDATE as object), title: 'Example T-Shirt (renamed)', updated_at: '2022-03-01T00:00:00Z' });
    expect((await catalogue(storeId)).products).toEqual([{ title: 'Example T-Shirt (renamed)', price_minor: 1750 }]);
  });

  it('an import overwrites the platform version but an older webhook still cannot', async () => {
    const storeId = await newStore();
    await apply(storeId, 'products/update', UPDATE);
    await upsertProducts(ctx.db, storeId, [{ ...normalizeProduct(UPDATE, 'shopify'), title: 'Imported title', updatedAt: null }], 'import', ctx.clock.now());
    await apply(storeId, 'products/create', CREATE);
    expect((await catalogue(storeId)).products).toEqual([{ title: 'Imported title', price_minor: 1750 }]);
  });
});
