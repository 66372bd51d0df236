import { expect, it } from 'vitest';
import { describeEachDatabase } from '../../../tests/helpers/db.ts';
import { signInOnStore } from '../../../tests/helpers/server.ts';
import { newCustomer } from '../../domain/ledger/testing.ts';

/** Every customer-scoped call answers the same 404 for another store's customer. */
describeEachDatabase('customer-scoped calls across stores', (ctx) => {
  it("answers 404 'Customer not found.' alike for another store's customer, writing nothing", async () => {
    const theirs = await newCustomer(ctx.db, ctx.fixture.storeB.id, 'tenancy');
    const { headers } = await signInOnStore(ctx.app, ctx.fixture.users.alice, ctx.fixture.password, ctx.fixture.storeA.id);
    const calls: Array<[string, object]> = [
      ['/data/v1/customer/adjust/points', { customer_id: theirs, points: 10, reason: 'x' }],
      ['/data/v1/customer/points/update', { customer_id: theirs, balance: 10, reason: 'x' }],
      ['/data/v1/transaction/points', { customer_id: theirs }],
      ['/data/v1/transaction/rewards', { customer_id: theirs }],
      ['/data/v1/redeem/point', { customer_id: theirs, redeem_id: 1 }],
      ['/api/v1/points/event', { customer_id: theirs, event: 'quiz.done', event_id: 'e1' }],
    ];
    for (const [url, payload] of calls) {
      const answer = await ctx.app.inject({ method: 'POST', url, headers, payload });
      expect([url, answer.statusCode, answer.json()]).toEqual([url, 404, { message: 'Customer not found.', errors: {}, code: 'not_found' }]);
    }
    const entries = await ctx.db.selectFrom('ledger_entries').select('id').where('customer_id', '=', theirs).execute();
    expect(entries).toEqual([]);
  });
});
