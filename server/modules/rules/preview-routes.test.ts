import { expect, it } from 'vitest';
import { describeEachDatabase } from '../../../tests/helpers/db.ts';
import { signInOnStore } from '../../../tests/helpers/server.ts';
import { newCustomer } from '../../domain/ledger/testing.ts';

const DAY = 86_400_000;

describeEachDatabase('POST /points/preview: a rule change replayed over the last 90 days', (ctx) => {
  const preview = async (payload: object, store: 'storeB' | 'storeC' = 'storeC') => {
    const user = store === 'storeB' ? ctx.fixture.users.bob : ctx.fixture.users.alice;
    const { headers } = await signInOnStore(ctx.app, user, ctx.fixture.password, ctx.fixture[store].id);
    return ctx.app.inject({ method: 'POST', url: '/api/v1/points/preview', headers, payload });
  };

  it('counts points, expiry, affordable rewards and liability from the store orders, and writes nothing', async () => {
    const storeId = ctx.fixture.storeC.id;
    const now = ctx.clock.now().getTime();
    // the fixture's own orders of this store: the figures below are what ours add to them
    const rule = (points: number, mode = 'per_amount') => ({ earning: { mode, points, per_amount_minor: 100 }, expiry_days: null });
    const base = (await preview(rule(1))).json().data;
    const baseFixed = (await preview(rule(10, 'fixed'))).json().data;
    const otherStore = (await preview(rule(1), 'storeB')).json().data;
    const ana = await newCustomer(ctx.db, storeId, 'preview-ana');
    const ben = await newCustomer(ctx.db, storeId, 'preview-ben');
    const order = (customerId: number | null, id: string, cents: number, daysAgo: number, status = 'paid') => ({
      store_id: storeId,
      customer_id: customerId,
      external_id: id,
      total_minor: cents,
      currency: 'USD',
      status,
      placed_at: new Date(now - daysAgo * DAY),
    });
    await ctx.db
      .insertInto('orders')
      .values([
        order(ana, 'PV-1', 5_420, 1),
        order(ana, 'PV-2', 1_000, 60),
        order(ben, 'PV-3', 2_599, 10),
        order(ben, 'PV-4', 9_999, 5, 'cancelled'),
        order(null, 'PV-5', 9_999, 5),
        order(ben, 'PV-6', 9_999, 120),
      ])
      .execute();
    const ledgerBefore = await ctx.db
      .selectFrom('ledger_entries')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();

    const perDollar = (await preview(rule(1))).json().data;
    expect(perDollar).toMatchObject({
      days: 90,
      orders: base.orders + 3,
      customers: base.customers + 2,
      points_issued: base.points_issued + 54 + 10 + 25,
      currency: 'USD',
    });
    const doubled = (await preview(rule(2))).json().data;
    expect(doubled.points_issued).toBe(2 * perDollar.points_issued);
    const fixed = (await preview(rule(10, 'fixed'))).json().data;
    expect(fixed.points_issued).toBe(baseFixed.points_issued + 30);

    // points expire after 30 days: ana's order of 60 days ago is gone
    const expiring = (
      await preview({ earning: { mode: 'per_amount', points: 1, per_amount_minor: 100 }, expiry_days: 30, redeem: { points_cost: 20, value_minor: 100 } })
    ).json().data;
    expect(expiring.points_issued).toBe(perDollar.points_issued);
    expect(expiring.points_expired).toBeGreaterThanOrEqual(10);
    expect(expiring.point_value_minor).toBeGreaterThanOrEqual(5);
    expect(expiring.liability_minor).toBe(Math.round((expiring.points_issued - expiring.points_expired) * expiring.point_value_minor));
    expect(expiring.rewards_affordable).toBeGreaterThanOrEqual(2 + 1);

    const after = await ctx.db
      .selectFrom('ledger_entries')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(after.n)).toBe(Number(ledgerBefore.n));
    // another store's orders are never counted
    expect((await preview(rule(1), 'storeB')).json().data).toEqual(otherStore);
  });

  it('refuses bad input with a message on the field', async () => {
    const refusals: Array<[object, string]> = [
      [{ earning: { mode: 'per_amount', points: -1, per_amount_minor: 100 } }, 'earning.points'],
      [{ earning: { mode: 'per_amount', points: 1.5, per_amount_minor: 100 } }, 'earning.points'],
      [{ earning: { mode: 'per_amount', points: 1, per_amount_minor: 0 } }, 'earning.per_amount_minor'],
      [{ redeem: { points_cost: 0 } }, 'redeem.points_cost'],
      [{ expiry_days: 0 }, 'expiry_days'],
      [{ extra: true }, ''],
    ];
    for (const [payload, field] of refusals) {
      const answer = await preview(payload);
      expect(answer.statusCode, JSON.stringify(payload)).toBe(422);
      if (field) expect(Object.keys(answer.json().errors)).toContain(field);
    }
  });
});
