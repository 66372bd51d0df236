import { createHmac } from 'node:crypto';
import { expect, it } from 'vitest';
import { describeEachDatabase } from '../../../tests/helpers/db.ts';
import { signInOnStore } from '../../../tests/helpers/server.ts';
import type { AppInfo, AppRecord, EventPage } from './contract.ts';

describeEachDatabase(
  'apps: supported integrations, their state and webhook events',
  (ctx) => {
    const headersOf = async (store: 'A' | 'B') =>
      store === 'A'
        ? (await signInOnStore(ctx.app, ctx.fixture.users.alice, ctx.fixture.password, ctx.fixture.storeA.id)).headers
        : (await signInOnStore(ctx.app, ctx.fixture.users.bob, ctx.fixture.password, ctx.fixture.storeB.id)).headers;
    // every call names a foreign Host header: answers build their links from PUBLIC_URL, never from it
    const call = async (method: 'GET' | 'POST' | 'DELETE', url: string, payload?: object, store: 'A' | 'B' = 'A', host: 'api' | 'data' = 'api') =>
      ctx.app.inject({ method, url: `/${host}/v1${url}`, headers: { ...(await headersOf(store)), host: 'evil.example' }, ...(payload ? { payload } : {}) });
    const apps = async (store: 'A' | 'B' = 'A'): Promise<AppRecord[]> => (await call('GET', '/apps', undefined, store)).json().data;
    const neutral = (payload: object) => {
      const raw = JSON.stringify(payload);
      const signature = createHmac('sha256', ctx.fixture.storeA.hmacSecret).update(raw).digest('hex');
      return ctx.app.inject({
        method: 'POST',
        url: `/webhooks/orders/${ctx.fixture.storeA.storeName}`,
        payload: raw,
        headers: { 'content-type': 'application/json', 'x-signature': `sha256=${signature}` },
      });
    };

    it('lists Shopify, BigCommerce and the neutral webhook with their state and the last event received', async () => {
      const before = await apps();
      expect(before.map((app) => [app.id, app.state])).toEqual([
        ['shopify', 'connected'],
        ['bigcommerce', 'not_connected'],
        ['custom', 'connected'],
      ]);
      expect(before.find((app) => app.id === 'shopify')!.connected_to).toBe(`alpha.myshopify.com`);

      const sent = await neutral({ event_id: 'apps-test-1', type: 'order.refunded', order_id: 'apps-order-1', refund: { id: 'r1', amount: 100 } });
      expect(sent.statusCode, sent.body).toBe(200);
      await ctx.workers.webhooks!.drain();
      const custom = (await apps()).find((app) => app.id === 'custom')!;
      expect(custom.last_event).toMatchObject({ topic: 'order.refunded', last_error: null });
      expect(custom.last_event!.processed_at).not.toBeNull();
      expect(custom.events.total).toBe(before.find((app) => app.id === 'custom')!.events.total + 1);
      // store B sees none of store A's events
      expect((await apps('B')).every((app) => app.last_event === null)).toBe(true);

      const page: EventPage = (await call('GET', '/apps/event-list?platform=custom&status=processed&per_page=5')).json().data;
      expect(page.data[0]).toMatchObject({ platform: 'custom', topic: 'order.refunded', event_key: 'apps-test-1' });
      expect(JSON.stringify(page)).not.toContain('apps-order-1'); // payloads stay on the server
      const theirs: EventPage = (await call('GET', '/apps/event-list', undefined, 'B')).json().data;
      expect(theirs.total).toBe(0);
    });

    it('connects BigCommerce with its token, tells where to point the webhooks, and disconnects', async () => {
      const connected = await call('POST', '/apps/integrate', { app: 'bigcommerce', access_token: 'bc-token-123456' });
      expect(connected.statusCode, connected.body).toBe(200);
      const info: AppInfo = connected.json().data;
      expect(info).toMatchObject({ id: 'bigcommerce', state: 'connected' });
      expect(info.webhook_url).toBe(`${ctx.config.publicUrl}/webhooks/bigcommerce?store=alpha-store`);
      expect(JSON.stringify(info)).not.toContain('bc-token-123456');
      expect(JSON.stringify(info)).not.toContain(ctx.fixture.storeA.hmacSecret);

      const shopifyInfo: AppInfo = (await call('POST', '/apps/info', { app: 'shopify' })).json().data;
      expect(shopifyInfo.webhook_url).toBe(`${ctx.config.publicUrl}/webhooks/shopify`);
      expect(shopifyInfo.topics).toEqual(
        expect.arrayContaining(['orders/paid', 'products/update', 'customers/create', 'customers/update', 'customers/delete']),
      );

      const neutralInfo: AppInfo = (await call('POST', '/apps/info', { app: 'custom' })).json().data;
      expect(neutralInfo.webhook_url).toBe(`${ctx.config.publicUrl}/webhooks/orders/alpha-store`);
      expect(neutralInfo.topics).toContain('order.paid');

      expect((await call('DELETE', '/apps/bigcommerce')).statusCode).toBe(204);
      expect((await apps()).find((app) => app.id === 'bigcommerce')!.state).toBe('not_connected');
    });

    it('refuses bad input with a clear 422 and changes nothing', async () => {
      const taken = await call('POST', '/apps/integrate', { app: 'shopify', domain: 'beta.myshopify.com' });
      expect(taken.statusCode).toBe(422);
      expect(taken.json().errors.domain).toMatch(/another store/);
      for (const body of [{ app: 'magento' }, { app: 'shopify', domain: 'not a domain' }, { app: 'bigcommerce' }]) {
        expect((await call('POST', '/apps/integrate', body)).statusCode, JSON.stringify(body)).toBe(422);
      }
      expect((await call('DELETE', '/apps/custom')).statusCode).toBe(422);
      expect((await call('DELETE', '/apps/42')).statusCode).toBe(422);
      expect((await call('GET', '/apps/event-list?status=lost')).statusCode).toBe(422);
      expect((await apps()).find((app) => app.id === 'shopify')!.connected_to).toBe('alpha.myshopify.com');
    });

    it('re-sync retries the failed events of the store only', async () => {
      const event = await ctx.db
        .insertInto('webhook_events')
        .values({
          store_id: ctx.fixture.storeA.id,
          platform: 'custom',
          topic: 'order.paid',
          event_key: 'broken-1',
          payload: '{"bad":true}',
          attempts: 5,
          last_error: 'boom',
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      const synced = await call('POST', '/account/webhooks-sync', {}, 'A', 'data');
      expect(synced.json().data.retried).toBe(1);
      await ctx.workers.webhooks!.drain();
      const after = await ctx.db.selectFrom('webhook_events').select(['attempts', 'last_error']).where('id', '=', event.id).executeTakeFirstOrThrow();
      expect(after.attempts).toBeGreaterThanOrEqual(1); // tried again (and failed again: the payload is not an order)
      expect((await call('POST', '/account/webhooks-sync', {}, 'B', 'data')).json().data.retried).toBe(0);
      expect((await call('GET', '/apps/version')).json().data.api).toBe('v1');
    });

    it("media URL: the store's own gallery image at the configured public address (never the Host header's), by its unguessable key; another store's is not found", async () => {
      const image = await ctx.db
        .insertInto('media')
        .values({ store_id: ctx.fixture.storeA.id, file_name: 'logo.png', mime_type: 'image/png', size_bytes: 3, content: Buffer.from([1, 2, 3]) })
        .returning(['id', 'key'])
        .executeTakeFirstOrThrow();
      const answer = await call('POST', '/apps/mediaurl', { media_id: image.id });
      expect(answer.statusCode, answer.body).toBe(200);
      expect(answer.json().data).toMatchObject({ media_id: image.id, mime_type: 'image/png', file_name: 'logo.png' });
      expect(answer.json().data.url).toBe(`${ctx.config.publicUrl}/media/${image.key}`);
      const url = new URL(answer.json().data.url);
      expect(url.host).not.toBe('evil.example');
      const served = await ctx.app.inject({ method: 'GET', url: url.pathname });
      expect(served.statusCode).toBe(200);
      expect(served.headers['content-type']).toBe('image/png');
      expect((await call('POST', '/apps/mediaurl', { media_id: image.id }, 'B')).statusCode).toBe(404);
      for (const body of [{}, { media_id: 'x' }, { media_id: -1 }, { media_id: image.id, extra: 1 }]) {
        expect((await call('POST', '/apps/mediaurl', body)).statusCode, JSON.stringify(body)).toBe(422);
      }
    });

    it('order status settings: which platform statuses award and cancel, saved on every order earning rule', async () => {
      const defaults = (await call('GET', '/order/list')).json().data;
      expect(defaults).toMatchObject({ award_statuses: ['paid'], cancel_statuses: ['cancelled', 'voided'] });
      expect(defaults.statuses.bigcommerce).toContain('completed');
      const rule = await ctx.db
        .insertInto('earning_rules')
        .values({ store_id: ctx.fixture.storeA.id, type: 'order', title: 'Orders', points: 1, config: '{"per_amount_minor": 100}' })
        .returning('id')
        .executeTakeFirstOrThrow();
      const saved = await call('POST', '/order/store', { award_statuses: ['paid', 'completed'], cancel_statuses: ['cancelled', 'declined'] });
      expect(saved.statusCode, saved.body).toBe(200);
      expect(saved.json().data).toMatchObject({ award_statuses: ['paid', 'completed'], cancel_statuses: ['cancelled', 'declined'], order_rules: 1 });
      const stored = await ctx.db.selectFrom('earning_rules').select('config').where('id', '=', rule.id).executeTakeFirstOrThrow();
      expect(stored.config).toMatchObject({ per_amount_minor: 100, award_statuses: ['paid', 'completed'] });

      for (const body of [{ award_statuses: [], cancel_statuses: [] }, { award_statuses: ['paid'], cancel_statuses: ['paid'] }, { award_statuses: ['paid'] }]) {
        expect((await call('POST', '/order/store', body)).statusCode, JSON.stringify(body)).toBe(422);
      }
      // store B has no order rule: a clear 422, and store A's rule is untouched
      const theirs = await call('POST', '/order/store', { award_statuses: ['pending'], cancel_statuses: [] }, 'B');
      expect(theirs.statusCode).toBe(422);
      expect((await call('GET', '/order/list')).json().data.award_statuses).toEqual(['paid', 'completed']);
    });
  },
  { workers: ['webhooks'] },
);
