import { expect, it } from 'vitest';
import { describeEachDatabase } from '../../../tests/helpers/db.ts';
import { signInOnStore } from '../../../tests/helpers/server.ts';
import { newCustomer } from '../../domain/ledger/testing.ts';
import { applyOrderEvents } from '../../modules/orders/index.ts';
import { paidOrder } from '../../../tests/helpers/orders.ts';

const order = (id: string, cents: number) =>
  paidOrder(id, 'activity.buyer@example.com', cents, {
    customer: { externalId: null, email: 'activity.buyer@example.com', firstName: 'Ada', lastName: 'Buyer' },
  });

describeEachDatabase('GET /points/activity: the store ledger with reasons', (ctx) => {
  const storeId = () => ctx.fixture.storeC.id;
  const as = async (store: 'storeB' | 'storeC') => {
    const user = store === 'storeB' ? ctx.fixture.users.bob : ctx.fixture.users.alice;
    return (await signInOnStore(ctx.app, user, ctx.fixture.password, ctx.fixture[store].id)).headers;
  };
  const get = async (url: string, store: 'storeB' | 'storeC' = 'storeC') => ctx.app.inject({ method: 'GET', url, headers: await as(store) });

  it('lists every entry newest first with its reason and customer, filtered by type, customer and day', async () => {
    const headers = await as('storeC');
    const rule = await ctx.app.inject({ method: 'POST', url: '/api/v1/points/store', headers, payload: { type: 'order', title: 'Place an order', points: 1 } });
    expect(rule.statusCode).toBe(201);
    await applyOrderEvents(ctx.db, storeId(), [{ platform: 'custom', orderExternalId: 'A1', order: order('A1', 5_420) }], ctx.clock.now());
    const buyer = await ctx.db.selectFrom('customers').select('id').where('email', '=', 'activity.buyer@example.com').executeTakeFirstOrThrow();
    const other = await newCustomer(ctx.db, storeId(), 'activity-other');
    const adjust = await ctx.app.inject({
      method: 'POST',
      url: '/data/v1/customer/adjust/points',
      headers,
      payload: { customer_id: other, points: 7, reason: 'goodwill' },
    });
    expect(adjust.statusCode).toBe(200);

    const all = (await get('/api/v1/points/activity?limit=10&page=1')).json().data;
    expect(all.total).toBe(2);
    expect(all.data.map((row: { type: string }) => row.type)).toEqual(['adjustment', 'order_earn']);
    expect(all.data[1]).toMatchObject({
      customer: { id: buyer.id, email: 'activity.buyer@example.com', name: 'Ada Buyer' },
      points: 54,
      computation: expect.stringContaining('= 54'),
    });
    expect(all.data[0]).toMatchObject({ customer: { id: other }, points: 7, reason: 'goodwill' });

    expect((await get('/api/v1/points/activity?type=order_earn')).json().data.total).toBe(1);
    expect((await get('/api/v1/points/activity?type=order_earn,adjustment')).json().data.total).toBe(2);
    expect((await get(`/api/v1/points/activity?customer_id=${other}`)).json().data.data).toHaveLength(1);
    const byName = await get('/api/v1/points/activity?customer=ada%20BUY');
    expect(byName.statusCode, byName.body).toBe(200);
    expect(byName.json().data.data.map((row: { type: string }) => row.type)).toEqual(['order_earn']);
    expect((await get('/api/v1/points/activity?customer=ACTIVITY.buyer')).json().data.total).toBe(1);
    expect((await get('/api/v1/points/activity?customer=%25')).json().data.total).toBe(0);
    const today = ctx.clock.now().toISOString().slice(0, 10);
    expect((await get(`/api/v1/points/activity?from=${today}&to=${today}`)).json().data.total).toBe(2);
    expect((await get('/api/v1/points/activity?to=2000-01-01')).json().data.total).toBe(0);
    const paged = (await get('/api/v1/points/activity?limit=1&page=2')).json().data;
    expect(paged).toMatchObject({ total: 2, page: 2, limit: 1 });
    expect(paged.data[0].type).toBe('order_earn');
  });

  it('refuses bad filters with field messages and never shows another store its entries', async () => {
    for (const query of ['type=gift', 'from=yesterday', 'from=2026-02-02&to=2026-02-01', 'limit=0', 'page=-1', 'extra=1']) {
      const answer = await get(`/api/v1/points/activity?${query}`);
      expect(answer.statusCode, query).toBe(422);
      expect(answer.json().message).toBeTruthy();
    }
    const mine = (await get('/api/v1/points/activity')).json().data;
    expect(mine.total).toBeGreaterThan(0);
    const foreign = await get('/api/v1/points/activity', 'storeB');
    expect(foreign.statusCode).toBe(200);
    expect(foreign.json().data.total).toBe(0);
    const customerOfC = mine.data[0].customer.id;
    expect((await get(`/api/v1/points/activity?customer_id=${customerOfC}`, 'storeB')).statusCode).toBe(404);
  });
});
