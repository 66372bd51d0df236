import { createHmac } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeEachDatabase, snapshotTables } from '../../../tests/helpers/db.ts';
import { verifyLedger } from '../../domain/ledger/index.ts';
import { createEarningRule } from '../../modules/rules/index.ts';
import { earningRuleBody } from '../../contract/points.ts';
import { tagCustomers } from '../../modules/customers/index.ts';
import { normalizeProduct, upsertProducts } from '../../modules/products/index.ts';
import { parseJsonKeepingIds } from '../../modules/orders/index.ts';
import { bigcommerceWebhookSecret } from '../../modules/platforms/index.ts';
import { loadConfig } from '../../config.ts';

// long platform ids stay exact: read as strings, sent back as the numbers Shopify sends
const fixture = (path: string) =>
  parseJsonKeepingIds(readFileSync(new URL(`../../../tests/fixtures/webhooks/${path}`, import.meta.url), 'utf8')) as Record<string, unknown>;
const toWire = (payload: unknown) => JSON.stringify(payload).replace(/("(?:\w*_)?id"\s*:\s*)"(-?\d{16,})"/g, '$1$2');
const SHOPIFY = {
  create: fixture('shopify/orders-create.json'),
  paid: fixture('shopify/orders-paid.json'),
  cancelled: fixture('shopify/orders-cancelled.json'),
  refund: fixture('shopify/refunds-create.json'),
  productCreate: fixture('shopify/products-create.json'),
  productUpdate: fixture('shopify/products-update.json'),
  productDelete: fixture('shopify/products-delete.json'),
};

// the store's BigCommerce API, stood in locally: GET /stores/{hash}/v2/orders/{id}, its coupons
// (none: v2 answers an empty list 204) and GET /stores/{hash}/v3/catalog/products/{id}?include=variants
const bigcommerceOrders = new Map<string, unknown>([['250', fixture('bigcommerce/order-250.json')]]);
const bigcommerceProducts = new Map<string, unknown>([['205', fixture('bigcommerce/product-205.json')]]);
const standIn = createServer((request, response) => {
  if (/^\/stores\/abc123\/v2\/orders\/\w+\/coupons$/.test(request.url ?? '')) return void response.writeHead(204).end();
  const orderId = /^\/stores\/abc123\/v2\/orders\/(\w+)$/.exec(request.url ?? '')?.[1];
  const productId = /^\/stores\/abc123\/v3\/catalog\/products\/(\w+)\?include=variants$/.exec(request.url ?? '')?.[1];
  const found = orderId ? bigcommerceOrders.get(orderId) : productId ? bigcommerceProducts.get(productId) : undefined;
  response.writeHead(found ? 200 : 404, { 'content-type': 'application/json' }).end(JSON.stringify(found ?? { status: 404 }));
});
await new Promise<void>((resolve) => standIn.listen(0, '127.0.0.1', resolve));
const platforms = { ...loadConfig({}).platforms, bigcommerceApiUrl: `http://127.0.0.1:${(standIn.address() as AddressInfo).port}` };
afterAll(() => new Promise<void>((resolve) => standIn.close(() => resolve())));

const withOrder = (payload: Record<string, unknown>, id: number, email: string) => ({
  ...payload,
  id,
  name: `#${id}`,
  email,
  customer: { ...(payload.customer as object), id: id + 1, email },
});
const amount = (minor: number) => (minor / 100).toFixed(2);

describeEachDatabase(
  'order webhooks',
  (ctx) => {
    const store = () => ctx.fixture.storeA;
    beforeAll(async () => {
      await createEarningRule(ctx.db, store().id, earningRuleBody.parse({ type: 'order', title: 'Place an order', points: 1 }), ctx.clock.now());
    });
    const shopify = (topic: string, payload: unknown, eventId: string, secret = store().hmacSecret) => {
      const raw = toWire(payload);
      return ctx.app.inject({
        method: 'POST',
        url: '/webhooks/shopify',
        payload: raw,
        headers: {
          'content-type': 'application/json',
          'x-shopify-topic': topic,
          'x-shopify-shop-domain': 'alpha.myshopify.com',
          'x-shopify-event-id': eventId,
          'x-shopify-hmac-sha256': createHmac('sha256', secret).update(raw).digest('base64'),
        },
      });
    };
    const neutral = (payload: unknown, secret = store().hmacSecret) => {
      const raw = JSON.stringify(payload);
      return ctx.app.inject({
        method: 'POST',
        url: `/webhooks/orders/${store().storeName}`,
        payload: raw,
        headers: { 'content-type': 'application/json', 'x-signature': `sha256=${createHmac('sha256', secret).update(raw).digest('hex')}` },
      });
    };
    const drain = () => ctx.workers.webhooks!.drain();
    const customerByEmail = (email: string) =>
      ctx.db.selectFrom('customers').select('id').where('store_id', '=', store().id).where('email', '=', email).executeTakeFirst();
    const balanceOf = async (email: string) => {
      const customer = await customerByEmail(email);
      if (!customer) return undefined;
      const account = await ctx.db
        .selectFrom('points_accounts')
        .select(['balance', 'pending', 'lifetime'])
        .where('customer_id', '=', customer.id)
        .executeTakeFirst();
      return account ?? { balance: 0, pending: 0, lifetime: 0 };
    };

    it('earns on orders/paid only, explains it, creates the unknown customer and ignores a replay', async () => {
      expect(await customerByEmail('jon@example.com')).toBeUndefined();
      const created = await shopify('orders/create', SHOPIFY.create, 'evt-create');
      expect(created.statusCode).toBe(200);
      expect(created.json()).toEqual({ data: { received: true, duplicate: false } });
      await drain();
      expect(await balanceOf('jon@example.com')).toEqual({ balance: 0, pending: 0, lifetime: 0 });
      await shopify('orders/paid', SHOPIFY.paid, 'evt-paid');
      expect((await shopify('orders/paid', SHOPIFY.paid, 'evt-paid')).json().data.duplicate).toBe(true);
      await shopify('orders/paid', SHOPIFY.paid, 'evt-paid-redelivered-with-new-id');
      await drain();
      expect(await balanceOf('jon@example.com')).toEqual({ balance: 54, pending: 0, lifetime: 54 });
      const entries = await ctx.db
        .selectFrom('ledger_entries')
        .select(['type', 'points', 'computation'])
        .where('source_id', '=', 'shopify:820982911946154508')
        .execute();
      expect(entries).toEqual([{ type: 'order_earn', points: 54, computation: 'order #1001: $54.20 × 1 point per $1 = 54' }]);
    });

    it('Shopify product webhooks upsert and remove catalogue rows, once per delivery, keeping the collections', async () => {
      const PRODUCT = '788032119674292922';
      const product = () =>
        ctx.db
          .selectFrom('products')
          .select(['title', 'tags', 'collection_ids', 'price_minor', 'source'])
          .where('store_id', '=', store().id)
          .where('external_id', '=', PRODUCT)
          .executeTakeFirst();
      const variants = async () =>
        (
          await ctx.db
            .selectFrom('product_variants')
            .select(['external_id', 'title', 'price_minor'])
            .where('store_id', '=', store().id)
            .where('product_external_id', '=', PRODUCT)
            .orderBy('external_id')
            .execute()
        ).map((row) => `${row.external_id} ${row.title} ${row.price_minor}`);

      expect((await shopify('products/create', SHOPIFY.productCreate, 'evt-product-create')).json()).toEqual({ data: { received: true, duplicate: false } });
      await drain();
      expect(await product()).toEqual({
        title: 'Example T-Shirt',
        tags: ['example', 'mens', 't-shirt'],
        collection_ids: [],
        price_minor: 1999,
        source: 'webhook',
      });
      expect(await variants()).toEqual(['642667041472713922 Small 1999', '757650484644203962 Medium 1999']);

      // the merchant's import puts it in a collection; Shopify's product payload does not list collections
      await upsertProducts(
        ctx.db,
        store().id,
        [{ ...normalizeProduct(SHOPIFY.productCreate, 'shopify'), collections: [{ id: 'summer', title: 'Summer' }] }],
        'import',
        ctx.clock.now(),
      );
      expect((await shopify('products/update', SHOPIFY.productUpdate, 'evt-product-update')).statusCode).toBe(200);
      // a redelivery of the same event is acknowledged and not applied again
      expect((await shopify('products/update', SHOPIFY.productUpdate, 'evt-product-update')).json().data.duplicate).toBe(true);
      await drain();
      expect(await product()).toEqual({
        title: 'Example T-Shirt (organic)',
        tags: ['example', 'organic'],
        collection_ids: ['summer'],
        price_minor: 1750,
        source: 'webhook',
      });
      // the whole product is sent: the variant no longer listed is gone
      expect(await variants()).toEqual(['642667041472713922 Small 1750']);

      await shopify('products/delete', SHOPIFY.productDelete, 'evt-product-delete');
      expect((await shopify('products/delete', SHOPIFY.productDelete, 'evt-product-delete')).json().data.duplicate).toBe(true);
      await drain();
      expect(await product()).toBeUndefined();
      expect(await variants()).toEqual([]);
      const events = await ctx.db
        .selectFrom('webhook_events')
        .select(['topic', 'processed_at', 'last_error'])
        .where('store_id', '=', store().id)
        .where('topic', 'like', 'products/%')
        .orderBy('id')
        .execute();
      expect(events.map((event) => [event.topic, event.processed_at !== null, event.last_error])).toEqual([
        ['products/create', true, null],
        ['products/update', true, null],
        ['products/delete', true, null],
      ]);
    });

    it('a product webhook that cannot be read is kept with its error; the catalogue is unchanged', async () => {
      const before = await ctx.db.selectFrom('products').select('external_id').where('store_id', '=', store().id).execute();
      expect((await shopify('products/update', { id: 42, title: '' }, 'evt-product-broken')).statusCode).toBe(200);
      await drain();
      const event = await ctx.db
        .selectFrom('webhook_events')
        .select(['processed_at', 'last_error'])
        .where('event_key', '=', 'evt-product-broken')
        .executeTakeFirstOrThrow();
      expect(event.processed_at).toBeNull();
      expect(event.last_error).toContain('Enter a title.');
      expect(await ctx.db.selectFrom('products').select('external_id').where('store_id', '=', store().id).execute()).toEqual(before);
    });

    it('claws back a partial refund in proportion, then reverses the rest on cancellation', async () => {
      await shopify('refunds/create', SHOPIFY.refund, 'evt-refund');
      await drain();
      // the refunded bag counted $18.00 of the $54.20 of items: 54 × 18.00 ÷ 54.20 = 17.93… → 18
      expect(await balanceOf('jon@example.com')).toEqual({ balance: 36, pending: 0, lifetime: 36 });
      await shopify('refunds/create', SHOPIFY.refund, 'evt-refund-again');
      await shopify('orders/cancelled', SHOPIFY.cancelled, 'evt-cancel');
      await drain();
      expect(await balanceOf('jon@example.com')).toEqual({ balance: 0, pending: 0, lifetime: 0 });
      const clawbacks = await ctx.db
        .selectFrom('ledger_entries')
        .select(['points', 'computation'])
        .where('type', '=', 'refund_clawback')
        .where('source_id', '=', 'shopify:820982911946154508')
        .orderBy('id')
        .execute();
      expect(clawbacks.map((entry) => entry.points)).toEqual([-18, -36]);
      expect(clawbacks[0]!.computation).toBe('refund on order #1001: $18.00 of $54.20 in items → 54 × $18.00 ÷ $54.20 = 18 points back');
      expect(clawbacks[1]!.computation).toBe('order #1001 cancelled: 54 points reversed');
      expect(await verifyLedger(ctx.db, store().id)).toEqual([]);
    });

    it('converges when the refund arrives before its order', async () => {
      const order = withOrder(SHOPIFY.paid, 9001, 'early.refund@example.com');
      await shopify('refunds/create', { ...SHOPIFY.refund, id: 77, order_id: 9001 }, 'evt-early-refund');
      await drain();
      await shopify('orders/paid', order, 'evt-late-order');
      await drain();
      expect(await balanceOf('early.refund@example.com')).toEqual({ balance: 36, pending: 0, lifetime: 36 });
    });

    it('deduplicates per topic: a refund sharing its event id with its order still claws back; the raw delivery is kept', async () => {
      const order = withOrder(SHOPIFY.paid, 9101, 'shared.event@example.com');
      const refund = { ...SHOPIFY.refund, id: 9102, order_id: 9101 };
      expect((await shopify('orders/paid', order, 'evt-shared')).json().data.duplicate).toBe(false);
      expect((await shopify('refunds/create', refund, 'evt-shared')).json().data.duplicate).toBe(false);
      expect((await shopify('refunds/create', refund, 'evt-shared')).json().data.duplicate).toBe(true);
      await drain();
      expect(await balanceOf('shared.event@example.com')).toEqual({ balance: 36, pending: 0, lifetime: 36 });
      const kept = await ctx.db
        .selectFrom('webhook_events')
        .select(['topic', 'raw_body', 'payload'])
        .where('store_id', '=', store().id)
        .where('event_key', '=', 'evt-shared')
        .orderBy('id')
        .execute();
      // the raw body only: the acknowledgement writes it once, processing parses it
      expect(kept).toEqual([
        { topic: 'orders/paid', raw_body: toWire(order), payload: null },
        { topic: 'refunds/create', raw_body: toWire(refund), payload: null },
      ]);
    });

    it("a store connected by hand takes Shopify's customer webhooks, signed with its own secret: create, update (the store's own tags kept), delete", async () => {
      const customer = () =>
        ctx.db
          .selectFrom('customers')
          .select(['id', 'email', 'first_name', 'tags', 'deleted_at'])
          .where('store_id', '=', store().id)
          .where('external_id', '=', '5501')
          .executeTakeFirst();
      const forged = await shopify('customers/create', { id: 5501, email: 'rosa@example.com', first_name: 'Rosa' }, 'evt-c-forged', 'not-the-secret');
      expect(forged.statusCode).toBe(401);
      await drain();
      expect(await customer()).toBeUndefined();
      const created = await shopify(
        'customers/create',
        { id: 5501, email: 'Rosa@Example.com', first_name: 'Rosa', last_name: 'Parks', tags: 'newsletter' },
        'evt-c-create',
      );
      expect(created.json()).toEqual({ data: { received: true, duplicate: false } });
      await drain();
      expect(await customer()).toMatchObject({ email: 'rosa@example.com', first_name: 'Rosa', tags: ['newsletter'], deleted_at: null });
      await tagCustomers(ctx.db, store().id, [(await customer())!.id], ['wholesale'], []);
      await shopify('customers/update', { id: 5501, email: 'rosa@example.com', first_name: 'Rosa L.', last_name: 'Parks', tags: 'gold' }, 'evt-c-update');
      await drain();
      expect(await customer()).toMatchObject({ first_name: 'Rosa L.', tags: ['gold', 'wholesale'] });
      await shopify('customers/delete', { id: 5501 }, 'evt-c-delete');
      await drain();
      expect(await customer()).toBeUndefined();
    });

    it('refuses a bad signature with 401 and changes nothing', async () => {
      const before = await snapshotTables(ctx.db);
      const events = async () =>
        Number(
          (
            await ctx.db
              .selectFrom('webhook_events')
              .select((eb) => eb.fn.countAll<number>().as('n'))
              .executeTakeFirstOrThrow()
          ).n,
        );
      const count = await events();
      const forged = await shopify('orders/paid', withOrder(SHOPIFY.paid, 9100, 'forger@example.com'), 'evt-forged', 'not-the-secret');
      expect(forged.statusCode).toBe(401);
      expect(forged.json()).toEqual({ message: 'Invalid webhook signature.', errors: {}, code: 'invalid_signature' });
      const raw = JSON.stringify(SHOPIFY.paid);
      const tampered = await ctx.app.inject({
        method: 'POST',
        url: '/webhooks/shopify',
        payload: raw.replace('54.20', '954.20'),
        headers: {
          'content-type': 'application/json',
          'x-shopify-topic': 'orders/paid',
          'x-shopify-shop-domain': 'alpha.myshopify.com',
          'x-shopify-hmac-sha256': createHmac('sha256', store().hmacSecret).update(raw).digest('base64'),
        },
      });
      expect(tampered.statusCode).toBe(401);
      expect((await neutral(fixture('neutral/order-paid.json'), 'wrong')).statusCode).toBe(401);
      expect(
        (
          await ctx.app.inject({
            method: 'POST',
            url: '/webhooks/bigcommerce?store=alpha-store',
            payload: '{}',
            headers: { 'content-type': 'application/json', 'x-webhook-secret': 'nope' },
          })
        ).statusCode,
      ).toBe(401);
      await drain();
      expect(await events()).toBe(count);
      expect(await snapshotTables(ctx.db)).toBe(before);
    });

    it('holds a secret or domain changed in the database at once, though this process has read the store before', async () => {
      const eventsOf = (eventId: string) => ctx.db.selectFrom('webhook_events').select('id').where('event_key', '=', eventId).execute();
      const setStore = (values: { hmac_secret?: string; domain?: string }) => ctx.db.updateTable('stores').set(values).where('id', '=', store().id).execute();
      expect((await shopify('orders/paid', withOrder(SHOPIFY.paid, 9200, 'held@example.com'), 'evt-held-1')).statusCode).toBe(200);
      // rotated by another process: the old signature is refused, the new one taken
      await setStore({ hmac_secret: 'rotated-elsewhere' });
      try {
        expect((await shopify('orders/paid', withOrder(SHOPIFY.paid, 9201, 'held@example.com'), 'evt-held-2')).statusCode).toBe(401);
        expect((await neutral({ ...fixture('neutral/order-paid.json'), event_id: 'evt-held-3' })).statusCode).toBe(401);
        expect(await eventsOf('evt-held-2')).toEqual([]);
        expect(await eventsOf('evt-held-3')).toEqual([]);
        expect((await shopify('orders/paid', withOrder(SHOPIFY.paid, 9204, 'held@example.com'), 'evt-held-4', 'rotated-elsewhere')).statusCode).toBe(200);
        expect(await eventsOf('evt-held-4')).toHaveLength(1);
      } finally {
        await setStore({ hmac_secret: store().hmacSecret });
      }
      // the domain moved away: deliveries naming it no longer reach the store
      await setStore({ domain: 'moved.myshopify.com' });
      try {
        expect((await shopify('orders/paid', withOrder(SHOPIFY.paid, 9205, 'held@example.com'), 'evt-held-5')).statusCode).toBe(401);
        expect(await eventsOf('evt-held-5')).toEqual([]);
      } finally {
        await setStore({ domain: 'alpha.myshopify.com' });
      }
      expect((await shopify('orders/paid', withOrder(SHOPIFY.paid, 9206, 'held@example.com'), 'evt-held-6')).statusCode).toBe(200);
      await drain();
    });

    it('takes the neutral format signed with X-Signature', async () => {
      const response = await neutral(fixture('neutral/order-paid.json'));
      expect(response.statusCode).toBe(200);
      await drain();
      expect(await balanceOf('mia@example.com')).toEqual({ balance: 54, pending: 0, lifetime: 54 });
      const bad = await neutral({ event_id: 'x', type: 'order.paid' });
      expect(bad.statusCode).toBe(422);
    });

    it('refuses a neutral webhook holding a NUL or a lone surrogate with 422 naming the field, storing nothing', async () => {
      const paid = fixture('neutral/order-paid.json') as { customer: Record<string, unknown> };
      for (const [index, name] of ['Mi\u0000a', 'Mi\ud800a'].entries()) {
        const response = await neutral({ ...paid, event_id: `evt-unstorable-${index}`, customer: { ...paid.customer, first_name: name } });
        expect(response.statusCode).toBe(422);
        expect(response.json()).toMatchObject({ code: 'validation_failed', errors: { 'customer.first_name': expect.stringContaining('NUL') } });
      }
      expect(await ctx.db.selectFrom('webhook_events').select('id').where('event_key', 'like', 'evt-unstorable-%').execute()).toEqual([]);
    });

    it('fetches BigCommerce orders from the store API and earns on them', async () => {
      const raw = JSON.stringify(fixture('bigcommerce/order-status-updated.json'));
      const response = await ctx.app.inject({
        method: 'POST',
        url: '/webhooks/bigcommerce?store=alpha-store',
        payload: raw,
        headers: { 'content-type': 'application/json', 'x-webhook-secret': bigcommerceWebhookSecret(store().hmacSecret) },
      });
      expect(response.statusCode).toBe(200);
      await drain();
      // $120.00 subtotal (no shipping, no tax) → 120 points
      expect(await balanceOf('ada.trail@example.com')).toEqual({ balance: 120, pending: 0, lifetime: 120 });
    });

    it('BigCommerce product webhooks fetch the product into the catalogue, once per delivery, and remove it when deleted', async () => {
      const bigcommerce = (payload: unknown) =>
        ctx.app.inject({
          method: 'POST',
          url: '/webhooks/bigcommerce?store=alpha-store',
          payload: JSON.stringify(payload),
          headers: { 'content-type': 'application/json', 'x-webhook-secret': bigcommerceWebhookSecret(store().hmacSecret) },
        });
      const product = () =>
        ctx.db
          .selectFrom('products')
          .select(['title', 'collection_ids', 'price_minor', 'platform', 'source'])
          .where('store_id', '=', store().id)
          .where('external_id', '=', '205')
          .executeTakeFirst();
      const variants = async () =>
        (
          await ctx.db
            .selectFrom('product_variants')
            .select(['external_id', 'sku', 'price_minor'])
            .where('store_id', '=', store().id)
            .where('product_external_id', '=', '205')
            .orderBy('external_id')
            .execute()
        ).map((row) => `${row.external_id} ${row.sku} ${row.price_minor}`);
      const updated = fixture('bigcommerce/product-updated.json');
      expect((await bigcommerce(updated)).json()).toEqual({ data: { received: true, duplicate: false } });
      expect((await bigcommerce(updated)).json().data.duplicate).toBe(true);
      await drain();
      expect(await product()).toEqual({
        title: 'Trail Thermos 750 ml',
        collection_ids: ['23', '41'],
        price_minor: 3495,
        platform: 'bigcommerce',
        source: 'webhook',
      });
      expect(await variants()).toEqual(['382 THERMOS-750-BLK 3495', '383 THERMOS-750-GRN 3695']);
      // a product the store's API does not know is kept as a failed event; the catalogue is unchanged
      await bigcommerce({ ...updated, created_at: 1772380900, data: { type: 'product', id: 999 } });
      await drain();
      const missing = await ctx.db
        .selectFrom('webhook_events')
        .select(['processed_at', 'last_error'])
        .where('event_key', 'like', 'store/product/updated:999:%')
        .executeTakeFirstOrThrow();
      expect([missing.processed_at, missing.last_error]).toEqual([null, 'BigCommerce answered 404 for product 999.']);
      await bigcommerce({ ...updated, scope: 'store/product/deleted', created_at: 1772381000 });
      await drain();
      expect(await product()).toBeUndefined();
      expect(await variants()).toEqual([]);
    });

    it('1,000 webhooks delivered 3 times in shuffled order: exact balances, no duplicate entries', async () => {
      const customers = 40;
      const events: Array<{ topic: string; payload: unknown; id: string }> = [];
      const expected = new Map<string, number>();
      let seed = 42;
      const random = () => (seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31;
      for (let index = 0; events.length < 1000; index += 1) {
        const orderId = 50_000 + index;
        const email = `bulk${index % customers}@example.com`;
        const cents = 1_000 + Math.floor(random() * 20_000);
        const total = cents + 500;
        const order = {
          ...withOrder(SHOPIFY.paid, orderId, email),
          total_line_items_price: amount(cents),
          subtotal_price: amount(cents),
          total_price: amount(total),
          total_tax: '0.00',
          updated_at: '2026-03-01T10:05:00-05:00',
        };
        const earned = Math.floor(cents / 100);
        let net = earned;
        events.push({ topic: 'orders/paid', payload: order, id: `bulk-paid-${orderId}` });
        const roll = random();
        if (roll < 0.3 && events.length < 1000) {
          const refunded = Math.floor(total * random());
          events.push({
            topic: 'refunds/create',
            payload: {
              ...SHOPIFY.refund,
              id: orderId * 10,
              order_id: orderId,
              refund_line_items: [],
              transactions: [{ kind: 'refund', status: 'success', amount: amount(refunded) }],
            },
            id: `bulk-refund-${orderId}`,
          });
          net = earned - Math.min(earned, Math.round((earned * refunded) / total));
        } else if (roll < 0.45 && events.length < 1000) {
          events.push({
            topic: 'orders/cancelled',
            payload: { ...order, cancelled_at: '2026-03-02T09:00:00-05:00', updated_at: '2026-03-02T09:00:00-05:00' },
            id: `bulk-cancel-${orderId}`,
          });
          net = 0;
        }
        expected.set(email, (expected.get(email) ?? 0) + net);
      }
      const deliveries = [...events, ...events, ...events];
      for (let i = deliveries.length - 1; i > 0; i -= 1) {
        const j = Math.floor(random() * (i + 1));
        [deliveries[i], deliveries[j]] = [deliveries[j]!, deliveries[i]!];
      }
      // delivered 50 at a time, as a platform retrying in parallel would
      for (let start = 0; start < deliveries.length; start += 50) {
        const answers = await Promise.all(deliveries.slice(start, start + 50).map((delivery) => shopify(delivery.topic, delivery.payload, delivery.id)));
        expect(answers.map((answer) => answer.statusCode)).toEqual(answers.map(() => 200));
      }
      await drain();
      for (const [email, balance] of expected) expect((await balanceOf(email))?.balance, email).toBe(balance);
      // every order that was never cancelled earned exactly once (a cancelled one may have been
      // cancelled before it was paid: then it never earned); no key was ever written twice
      const earned = await ctx.db
        .selectFrom('ledger_entries')
        .select('source_id')
        .where('store_id', '=', store().id)
        .where('type', '=', 'order_earn')
        .where('source_id', 'like', 'shopify:5%')
        .execute();
      const cancelled = new Set(events.filter((event) => event.topic === 'orders/cancelled').map((event) => `shopify:${(event.payload as { id: number }).id}`));
      const kept = events
        .filter((event) => event.topic === 'orders/paid')
        .map((event) => `shopify:${(event.payload as { id: number }).id}`)
        .filter((id) => !cancelled.has(id));
      const earnedIds = earned.map((row) => row.source_id);
      expect(new Set(earnedIds).size).toBe(earnedIds.length);
      expect(earnedIds.filter((id) => !cancelled.has(id)).sort()).toEqual(kept.sort());
      const entries = await ctx.db.selectFrom('ledger_entries').select(['source_type', 'source_id', 'rule_key']).where('store_id', '=', store().id).execute();
      expect(new Set(entries.map((entry) => `${entry.source_type}|${entry.source_id}|${entry.rule_key}`)).size).toBe(entries.length);
      expect(await verifyLedger(ctx.db, store().id)).toEqual([]);
    });
  },
  { postgres: true, workers: ['webhooks'], config: { platforms } },
);
