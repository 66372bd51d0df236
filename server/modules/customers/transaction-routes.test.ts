import { expect, it } from 'vitest';
import { describeEachDatabase } from '../../../tests/helpers/db.ts';
import { signInOnStore } from '../../../tests/helpers/server.ts';
import { adjustPoints } from './points.ts';
import { newCustomer } from '../../domain/ledger/testing.ts';

describeEachDatabase('transaction/customer/list', (ctx) => {
  const storeId = () => ctx.fixture.storeC.id;
  const list = async (payload: object, store = storeId(), user = ctx.fixture.users.alice) => {
    const { headers } = await signInOnStore(ctx.app, user, ctx.fixture.password, store);
    return ctx.app.inject({ method: 'POST', url: '/data/v1/transaction/customer/list', headers, payload });
  };

  it("sums each customer's points activity in a period, sorted and searched on the server, and keeps to the caller's store", async () => {
    const first = await newCustomer(ctx.db, storeId(), 'txa');
    const second = await newCustomer(ctx.db, storeId(), 'txb');
    const day1 = new Date('2031-03-01T12:00:00Z');
    const day2 = new Date('2031-03-05T12:00:00Z');
    const adjust = (customerId: number, delta: number, at: Date) =>
      adjustPoints(ctx.db, { storeId: storeId(), customerId, delta, reason: 'test', who: 'Alice' }, at);
    await adjust(first, 100, day1);
    await adjust(first, -30, day2);
    await adjust(second, 500, day2);

    const all = (await list({ from: '2031-03-01', to: '2031-03-31', sort_by: '-earned' })).json().data;
    expect(all.total).toBe(2);
    expect(all.data.map((row: { customer: { id: number } }) => row.customer.id)).toEqual([second, first]);
    expect(all.data[1]).toMatchObject({ entries: 2, earned: 100, spent: 0, net: 70, last_activity: day2.toISOString() });

    // a period that holds only the first day, and a search
    expect((await list({ from: '2031-03-01', to: '2031-03-01' })).json().data.data).toMatchObject([{ customer: { id: first }, entries: 1, net: 100 }]);
    expect((await list({ from: '2031-03-01', search: 'txb.' })).json().data.data.map((row: { customer: { id: number } }) => row.customer.id)).toEqual([second]);
    // paging and a huge page size capped
    expect((await list({ from: '2031-03-01', sort_by: 'net', limit: 1, page: 2 })).json().data.data[0].customer.id).toBe(second);
    expect((await list({ limit: 100_000 })).json().data.limit).toBe(100);

    // bad input: a clear 422
    const bad = await list({ sort_by: 'balance' });
    expect(bad.statusCode).toBe(422);
    expect((await list({ from: '2031-03-05', to: '2031-03-01' })).statusCode).toBe(422);
    expect((await list({ from: '1 March' })).statusCode).toBe(422);

    // another store's token sees none of these customers
    const other = (await list({ from: '2031-03-01', to: '2031-03-31' }, ctx.fixture.storeB.id, ctx.fixture.users.bob)).json().data;
    expect(other.data.map((row: { customer: { id: number } }) => row.customer.id)).not.toContain(first);
  });
});
