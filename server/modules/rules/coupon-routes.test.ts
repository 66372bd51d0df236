import { expect, it } from 'vitest';
import { describeEachDatabase } from '../../../tests/helpers/db.ts';
import { signInOnStore } from '../../../tests/helpers/server.ts';

describeEachDatabase('coupons', (ctx) => {
  it('lists coupon kinds and creates, reads, updates and deletes coupons of the store only', async () => {
    const { headers } = await signInOnStore(ctx.app, ctx.fixture.users.alice, ctx.fixture.password, ctx.fixture.storeA.id);
    const call = (method: 'GET' | 'POST' | 'DELETE', url: string, payload?: object) =>
      ctx.app.inject({ method, url: `/api/v1${url}`, headers, ...(payload ? { payload } : {}) });
    expect((await call('GET', '/coupon/type')).json().data.map((kind: { type: string }) => kind.type)).toEqual([
      'fixed_amount',
      'percentage',
      'free_shipping',
      'free_product',
    ]);
    const created = await call('POST', '/coupon/store', {
      title: 'Referral $5',
      discount_type: 'fixed_amount',
      discount_value: 500,
      config: { min_order_minor: 2000 },
    });
    expect(created.statusCode).toBe(201);
    const id = created.json().data.id as number;
    expect((await call('GET', `/coupon/${id}`)).json().data).toMatchObject({
      title: 'Referral $5',
      description: '$5 off',
      config: { min_order_minor: 2000, expiry_days: null },
    });
    expect((await call('POST', '/coupon/update', { id, title: 'Friend 5%', discount_type: 'percentage', discount_value: 5 })).json().data.description).toBe(
      '5% off',
    );
    const bad = await call('POST', '/coupon/store', { title: 'x', discount_type: 'percentage', discount_value: 0 });
    expect(bad.json().errors).toHaveProperty('discount_value');
    const listed = await call('GET', '/coupon?limit=10&page=1&status=all');
    expect(listed.json().data).toMatchObject({ total: 1, page: 1, limit: 10, data: [{ id, title: 'Friend 5%', description: '5% off' }] });
    expect((await call('GET', '/coupon?status=inactive')).json().data).toMatchObject({ total: 0, data: [] });
    expect((await call('GET', '/coupon?limit=0')).statusCode).toBe(422);
    const bob = await signInOnStore(ctx.app, ctx.fixture.users.bob, ctx.fixture.password, ctx.fixture.storeB.id);
    expect((await ctx.app.inject({ method: 'GET', url: `/api/v1/coupon/${id}`, headers: bob.headers })).statusCode).toBe(404);
    // another store's list does not show it; its delete is a 404 and changes nothing
    expect((await ctx.app.inject({ method: 'GET', url: '/api/v1/coupon', headers: bob.headers })).json().data.total).toBe(0);
    expect((await ctx.app.inject({ method: 'DELETE', url: `/api/v1/coupon/${id}`, headers: bob.headers })).statusCode).toBe(404);
    expect((await call('GET', `/coupon/${id}`)).statusCode).toBe(200);
    expect((await call('DELETE', `/coupon/${id}`)).statusCode).toBe(200);
    expect((await call('GET', `/coupon/${id}`)).statusCode).toBe(404);
  });
});
