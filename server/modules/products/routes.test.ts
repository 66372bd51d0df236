import { expect, it } from 'vitest';
import { describeEachDatabase } from '../../../tests/helpers/db.ts';
import { paidOrder } from '../../../tests/helpers/orders.ts';
import { signInOnStore, type Session } from '../../../tests/helpers/server.ts';
import { applyOrderEvents } from '../orders/index.ts';

const CSV = `product_id,title,vendor,price,tags,collection_ids,collection_titles,variant_id,variant_title,sku
P-1,Dark Roast Beans,Acme,18.50,"coffee, beans",C-coffee,Coffee,V-1a,250 g,DRB-250
P-1,Dark Roast Beans,Acme,24.00,"coffee, beans",C-coffee,Coffee,V-1b,500 g,DRB-500
P-2,Gift Card,,25.00,gift,C-cards,Cards,,,
P-3,,Acme,5.00,,,,,,
P-4,Mug,Acme,twelve,,,,,,`;

const shopifyProduct = {
  id: 8_123_456_789,
  title: 'Kettle',
  handle: 'kettle',
  vendor: 'Acme',
  product_type: 'Hardware',
  status: 'active',
  tags: 'gear, coffee',
  image: { src: 'https://cdn.example.com/kettle.png' },
  variants: [{ id: 40_001, title: 'Black', sku: 'K-BLK', price: '49.00' }],
};

describeEachDatabase(
  'product catalogue',
  (ctx) => {
    const session = async (): Promise<Session['headers']> =>
      (await signInOnStore(ctx.app, ctx.fixture.users.alice, ctx.fixture.password, ctx.fixture.storeA.id)).headers;
    const post = async (headers: Session['headers'], url: string, payload?: object) => {
      const response = await ctx.app.inject({ method: 'POST', url: `/data/v1${url}`, headers, ...(payload === undefined ? {} : { payload }) });
      expect(response.statusCode, response.body).toBeLessThan(300);
      return response.json().data;
    };

    it('imports CSV (a variant per row) and platform JSON, idempotently, refusing bad rows with the reason', async () => {
      const headers = await session();
      for (let run = 0; run < 2; run += 1) {
        const answer = await post(headers, '/product/import', { format: 'csv', csv: CSV });
        expect(answer).toMatchObject({ status: 'done', rows: 5, total: 3, processed: 3 });
        expect(answer.failed_rows).toEqual([
          { row: 4, message: expect.stringContaining('title') },
          { row: 5, message: expect.stringContaining('Not an amount') },
        ]);
      }
      expect(await post(headers, '/product/import', { format: 'json', products: [shopifyProduct] })).toMatchObject({ status: 'done', total: 1 });

      const products = await post(headers, '/list/products?limit=2&page=1');
      expect(products.total).toBe(3);
      expect(products.data.map((product: { title: string }) => product.title)).toEqual(['Dark Roast Beans', 'Gift Card']);
      expect(products.data[0]).toMatchObject({ id: 'P-1', price_minor: 2_400, tags: ['coffee', 'beans'], collection_ids: ['C-coffee'], source: 'import' });
      const kettle = await post(headers, '/list/products?search=kett');
      expect(kettle.data).toEqual([
        expect.objectContaining({ id: '8123456789', platform: 'shopify', price_minor: 4_900, image_url: 'https://cdn.example.com/kettle.png' }),
      ]);
      expect((await post(headers, '/list/products?search=P-2')).data.map((product: { id: string }) => product.id)).toEqual(['P-2']);

      expect((await post(headers, '/list/collections?search=cof')).data).toEqual([{ id: 'C-coffee', title: 'Coffee' }]);
      const tags = await post(headers, '/list/product/tags');
      expect(tags.data).toEqual([
        { tag: 'beans', products: 1 },
        { tag: 'coffee', products: 2 },
        { tag: 'gear', products: 1 },
        { tag: 'gift', products: 1 },
      ]);
      expect(await post(headers, '/tag/product?search=co&limit=1&page=1')).toMatchObject({ data: [{ tag: 'coffee', products: 2 }], total: 1 });
      const variants = await post(headers, '/list/product/varaints', { product_ids: ['P-1'] });
      expect(variants.data.map((variant: { id: string; sku: string }) => [variant.id, variant.sku])).toEqual([
        ['V-1a', 'DRB-250'],
        ['V-1b', 'DRB-500'],
      ]);
      expect((await post(headers, '/list/product/varaints?search=k-blk')).data).toEqual([
        { id: '40001', product_id: '8123456789', product_title: 'Kettle', title: 'Black', sku: 'K-BLK', price_minor: 4_900 },
      ]);

      const imports = (await ctx.app.inject({ method: 'GET', url: '/data/v1/product/imports', headers })).json().data;
      expect(imports.map((record: { total: number }) => record.total)).toEqual([1, 3, 3]);
      const one = await ctx.app.inject({ method: 'GET', url: `/data/v1/product/import/${imports[0].id}`, headers });
      expect(one.json().data).toMatchObject({ id: imports[0].id, status: 'done' });

      // another store sees none of it
      const other = (await signInOnStore(ctx.app, ctx.fixture.users.bob, ctx.fixture.password, ctx.fixture.storeB.id)).headers;
      expect((await post(other, '/list/products')).total).toBe(0);
      expect((await post(other, '/list/product/tags')).data).toEqual([]);
      expect((await ctx.app.inject({ method: 'GET', url: `/data/v1/product/import/${imports[0].id}`, headers: other })).statusCode).toBe(404);
      // an order import id is not a product import
      expect((await ctx.app.inject({ method: 'GET', url: '/data/v1/order/import/' + imports[0].id, headers })).statusCode).toBe(404);
    });

    it('imports a large file in the background with progress', async () => {
      const headers = await session();
      const products = Array.from({ length: 450 }, (_, n) => ({
        product_id: `BULK-${n}`,
        title: `Bulk ${String(n).padStart(3, '0')}`,
        price: '1.00',
        tags: 'bulk',
      }));
      const started = await ctx.app.inject({ method: 'POST', url: '/data/v1/product/import', headers, payload: { format: 'json', products } });
      expect(started.statusCode, started.body).toBe(202);
      expect(started.json().data).toMatchObject({ status: 'queued', total: 450, processed: 0 });
      const deadline = Date.now() + 60_000;
      let progress = started.json().data;
      while (!['done', 'failed'].includes(progress.status) && Date.now() < deadline) {
        await new Promise((resolve) => setTimeout(resolve, 25));
        progress = (await ctx.app.inject({ method: 'GET', url: `/data/v1/product/import/${progress.id}`, headers })).json().data;
      }
      expect(progress).toMatchObject({ status: 'done', processed: 450, failed_rows: [] });
      expect(await post(headers, '/tag/product?search=bulk')).toMatchObject({ data: [{ tag: 'bulk', products: 450 }] });
    });

    it('refuses bad input with 4xx naming the field', async () => {
      const headers = await session();
      const refused = async (url: string, payload: unknown) => {
        const response = await ctx.app.inject({ method: 'POST', url: `/data/v1${url}`, headers, payload: payload as object });
        expect(response.statusCode, response.body).toBeGreaterThanOrEqual(400);
        expect(response.statusCode).toBeLessThan(500);
        return response.json();
      };
      expect((await refused('/product/import', { format: 'csv' })).errors).toHaveProperty('csv');
      await refused('/product/import', { format: 'xml', csv: '' });
      await refused('/list/products?limit=1000', {});
      await refused('/list/product/varaints', { product_ids: 'P-1' });
    });

    it('earning rules name real catalogue ids (unknown ones refused, nothing saved) and the engine honours them on platform order lines', async () => {
      const headers = (await signInOnStore(ctx.app, ctx.fixture.users.alice, ctx.fixture.password, ctx.fixture.storeC.id)).headers;
      const rule = {
        type: 'order',
        title: 'Orders',
        points: 1,
        config: { excluded_collection_ids: ['C-cards'], excluded_tags: ['sale'], excluded_variant_ids: ['V-big'], excluded_product_ids: [] },
      };
      const refused = await ctx.app.inject({ method: 'POST', url: '/api/v1/points/store', headers, payload: rule });
      expect(refused.statusCode).toBe(422);
      expect(refused.json().errors).toEqual({
        'config.excluded_collection_ids': 'Unknown collection: C-cards.',
        'config.excluded_tags': 'Unknown product tag: sale.',
        'config.excluded_variant_ids': 'Unknown variant: V-big.',
      });
      expect((await ctx.app.inject({ method: 'GET', url: '/api/v1/points/list?limit=10&page=1', headers })).json().data.data).toEqual([]);
      const csv = `product_id,title,price,tags,collection_ids,variant_id
G-1,Gift card,20.00,,C-cards,
S-1,Sale mug,10.00,sale,,
B-1,Beans,30.00,,,V-big
B-1,Beans,15.00,,,V-small`;
      expect(await post(headers, '/product/import', { format: 'csv', csv })).toMatchObject({ status: 'done', total: 4, failed_rows: [] });
      const created = await ctx.app.inject({ method: 'POST', url: '/api/v1/points/store', headers, payload: rule });
      expect(created.statusCode, created.body).toBe(201);
      // the platform sends product and variant ids only: collections and tags come from the catalogue
      const lines = [
        { productId: 'G-1', collectionIds: [], amountMinor: 2_000 },
        { productId: 'S-1', collectionIds: [], amountMinor: 1_000 },
        { productId: 'B-1', variantId: 'V-big', collectionIds: [], amountMinor: 3_000 },
        { productId: 'B-1', variantId: 'V-small', collectionIds: [], amountMinor: 1_500 },
      ];
      const order = paidOrder('CAT-1', 'catalogue@example.com', 7_500, { lines });
      const { earned } = await applyOrderEvents(ctx.db, ctx.fixture.storeC.id, [{ platform: 'shopify', orderExternalId: 'CAT-1', order }], ctx.clock.now());
      // only the small beans earn: $15.00 × 1 point per $1
      expect(earned.map((entry) => [entry.points, entry.computation])).toEqual([[15, 'order #CAT-1: $15.00 × 1 point per $1 = 15']]);
    });
  },
  { workers: ['jobs'] },
);
