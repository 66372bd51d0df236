import { expect, it } from 'vitest';
import { describeEachDatabase } from '../../../tests/helpers/db.ts';
import { signInOnStore } from '../../../tests/helpers/server.ts';
import { sql } from 'kysely';
import type { DashboardFigures, DashboardStatus } from './contract/dashboard.ts';
import { credit, debit } from '../../domain/ledger/index.ts';
import { newCustomer } from '../../domain/ledger/testing.ts';

const DAY = 86_400_000;

describeEachDatabase('dashboard', (ctx) => {
  const call = async (storeId: number, method: 'GET' | 'POST', url: string, payload?: object) => {
    const owner = storeId === ctx.fixture.storeB.id ? ctx.fixture.users.bob : ctx.fixture.users.alice;
    const { headers } = await signInOnStore(ctx.app, owner, ctx.fixture.password, storeId);
    return ctx.app.inject({ method, url, headers, ...(payload ? { payload } : {}) });
  };
  const status = async (storeId: number): Promise<DashboardStatus> => {
    const response = await call(storeId, 'GET', '/api/v1/dashboard/status');
    expect(response.statusCode, response.body).toBe(200);
    return response.json().data;
  };
  const ago = (days: number) => new Date(ctx.clock.now().getTime() - days * DAY);
  /** backdates a customer's join (the column is set by the database on insert only) */
  const joined = (customerId: number, at: Date) => sql`update customers set created_at = ${at} where id = ${customerId}`.execute(ctx.app.db);

  it('counts the last 30 days against the 30 before: members, points issued and redeemed, rewards used, members’ revenue', async () => {
    const storeId = ctx.fixture.storeA.id;
    const before = (await status(storeId)).figures;
    const db = ctx.app.db;
    const recent = await newCustomer(db, storeId, 'dash');
    const older = await newCustomer(db, storeId, 'dash');
    const ancient = await newCustomer(db, storeId, 'dash');
    await joined(recent, ago(5));
    await joined(older, ago(40));
    await joined(ancient, ago(90));
    const source = (id: string) => ({ storeId, sourceType: 'test', sourceId: id });
    await credit(db, { ...source('a'), customerId: recent, type: 'award', points: 300, computation: 'award: 300' }, ago(2));
    await credit(db, { ...source('b'), customerId: recent, type: 'order_earn', points: 54, releaseAt: ago(-10), computation: 'order #1: 54' }, ago(1));
    await credit(db, { ...source('c'), customerId: older, type: 'award', points: 1000, computation: 'award: 1000' }, ago(45));
    const spent = await debit(db, { ...source('d'), customerId: recent, type: 'redemption', points: 200, computation: 'redeem: 200' }, ago(1));
    await debit(db, { ...source('e'), customerId: older, type: 'redemption', points: 500, computation: 'redeem: 500' }, ago(35));
    await db
      .insertInto('rewards')
      .values({
        store_id: storeId,
        customer_id: recent,
        entry_id: spent.entry.id,
        code: 'DASH-USED',
        title: '$2 off',
        discount_type: 'fixed_amount',
        discount_value: 200,
        points_spent: 200,
        status: 'used',
        used_at: ago(1),
      })
      .execute();
    const order = (id: string, customerId: number | null, total: number, placed: Date, extra: { currency?: string; status?: string } = {}) => ({
      store_id: storeId,
      customer_id: customerId,
      external_id: `dash-${id}`,
      total_minor: total,
      currency: extra.currency ?? 'USD',
      status: extra.status ?? 'paid',
      placed_at: placed,
    });
    await db
      .insertInto('orders')
      .values([
        order('1', recent, 5420, ago(3)),
        order('2', older, 1000, ago(33), { status: 'partially_refunded' }),
        order('3', null, 9999, ago(3)), // a guest's order is not a member's
        order('4', recent, 7777, ago(3), { currency: 'AUD' }), // another currency is not added to dollars
        order('5', recent, 8888, ago(3), { status: 'cancelled' }),
      ])
      .execute();

    const after = await status(storeId);
    const change = (period: 'current' | 'previous') =>
      Object.fromEntries(Object.entries(after.figures[period]).map(([key, value]) => [key, value - before[period][key as keyof DashboardFigures]]));
    // the pending 54 are issued when they are released, not before
    expect(change('current')).toEqual({ members: 1, points_issued: 300, points_redeemed: 200, rewards_used: 1, member_revenue_minor: 5420 });
    expect(change('previous')).toEqual({ members: 1, points_issued: 1000, points_redeemed: 500, rewards_used: 0, member_revenue_minor: 1000 });
    expect(after.figures.currency).toBe('USD');
    expect(new Date(after.figures.period.to).getTime() - new Date(after.figures.period.from).getTime()).toBe(30 * DAY);
    // another store sees none of it
    expect((await status(ctx.fixture.storeB.id)).figures.current.points_issued).toBe(0);
  });

  it('checks each setup step against the store’s data, and a dismissal sticks for that store only', async () => {
    const storeId = ctx.fixture.storeC.id;
    const steps = async (id = storeId) => Object.fromEntries((await status(id)).setup.steps.map((step) => [step.key, step.done]));
    expect((await steps()).program).toBe(false);
    expect((await steps()).member).toBe(true); // the fixture's customers
    const earn = await call(storeId, 'POST', '/api/v1/points/store', { type: 'signup', title: 'Sign up', points: 50, limit_type: 'once' });
    expect(earn.statusCode, earn.body).toBe(201);
    expect((await steps()).program).toBe(false); // a way to spend them too
    const redeem = await call(storeId, 'POST', '/api/v1/redeem/store', { type: 'fixed_amount', title: '$5 off', points_cost: 500, discount_value: 500 });
    expect(redeem.statusCode, redeem.body).toBe(201);
    expect((await steps()).program).toBe(true);

    expect((await status(storeId)).setup.dismissed).toBe(false);
    expect((await call(storeId, 'POST', '/data/v1/dashboard/dismiss', { extra: 1 })).statusCode).toBe(422);
    expect((await status(storeId)).setup.dismissed).toBe(false);
    const dismissed = await call(storeId, 'POST', '/data/v1/dashboard/dismiss');
    expect(dismissed.statusCode, dismissed.body).toBe(200);
    expect(dismissed.json().data.dismissed).toBe(true);
    expect((await status(storeId)).setup.dismissed).toBe(true);
    expect((await status(ctx.fixture.storeA.id)).setup.dismissed).toBe(false);
  });

  it('lists the latest activity newest first, each item naming its customer and why; the limit is bounded', async () => {
    const storeId = ctx.fixture.storeB.id;
    const db = ctx.app.db;
    const customer = await newCustomer(db, storeId, 'activity');
    const newest = new Date(Date.now() + 60_000); // after the fixture's rows, which the database stamped
    await joined(customer, newest);
    const adjustment = { storeId, sourceType: 'test', sourceId: 'act-1', customerId: customer, type: 'adjustment' as const, points: 25 };
    await credit(db, { ...adjustment, computation: 'manual adjustment by bob: +25', reason: 'goodwill' }, newest);
    const response = await call(storeId, 'GET', '/data/v1/dashboard/activities?limit=3');
    expect(response.statusCode, response.body).toBe(200);
    const items = response.json().data;
    expect(items).toHaveLength(3);
    const times = items.map((item: { at: string }) => new Date(item.at).getTime());
    expect([...times].sort((a, b) => b - a)).toEqual(times);
    expect(items).toContainEqual(
      expect.objectContaining({
        kind: 'adjustment',
        points: 25,
        detail: 'manual adjustment by bob: +25 (goodwill)',
        customer: expect.objectContaining({ id: customer }),
      }),
    );
    expect(items).toContainEqual(expect.objectContaining({ kind: 'joined', id: `join-${customer}` }));
    for (const limit of ['0', '51', 'x']) expect((await call(storeId, 'GET', `/data/v1/dashboard/activities?limit=${limit}`)).statusCode).toBe(422);
    const others = (await call(ctx.fixture.storeA.id, 'GET', '/data/v1/dashboard/activities?limit=50')).json().data;
    expect(others.some((item: { customer: { id: number } }) => item.customer.id === customer)).toBe(false);
  });
});
