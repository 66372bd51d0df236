import { beforeAll, expect, it } from 'vitest';
import { describeEachDatabase } from '../../../tests/helpers/db.ts';
import { signInOnStore } from '../../../tests/helpers/server.ts';
import { earningRuleBody } from '../../contract/points.ts';
import { verifyLedger } from '../../domain/ledger/index.ts';
import { neutralEvent } from '../../domain/orders/neutral.ts';
import { applyOrderEvents } from '../../domain/orders/process.ts';
import { createEarningRule } from '../../domain/rules/earning.ts';
import { neutralOrderWebhook } from '../../contract/webhooks.ts';

const CSV = `order_id,platform,number,email,first_name,last_name,currency,items,discounts,shipping,tax,total,refunded,status,cancelled,placed_at
I-1,custom,#I1,importer@example.com,Ida,Port,USD,54.20,0,5.00,3.23,62.43,0,paid,false,2026-01-05T10:00:00Z
I-2,custom,#I2,importer@example.com,Ida,Port,USD,100.00,0,0,0,100.00,50.00,paid,false,2026-01-06T10:00:00Z
I-3,custom,#I3,importer@example.com,Ida,Port,USD,30.00,0,0,0,30.00,0,paid,true,2026-01-07T10:00:00Z
bad,custom,#B,importer@example.com,Ida,Port,USD,not-money,0,0,0,1,0,paid,false,2026-01-07T10:00:00Z`;

describeEachDatabase('order import', (ctx) => {
  beforeAll(async () => {
    await createEarningRule(ctx.db, ctx.fixture.storeB.id, earningRuleBody.parse({ type: 'order', title: 'Order', points: 1 }), ctx.clock.now());
  });

  it('imports CSV through the webhook path: once, with refunds and cancellations, and lists the orders', async () => {
    const { headers } = await signInOnStore(ctx.app, ctx.fixture.users.bob, ctx.fixture.password, ctx.fixture.storeB.id);
    // the webhook for I-1 arrived first: the import must not credit it again
    const webhook = neutralOrderWebhook.parse({ event_id: 'e1', type: 'order.paid', order: { id: 'I-1', number: '#I1', currency: 'USD', status: 'paid', amounts: { items: 5420, shipping: 500, tax: 323, total: 6243 }, customer: { email: 'importer@example.com' }, placed_at: '2026-01-05T10:00:00Z', updated_at: '2026-01-05T10:00:00Z' } });
    await applyOrderEvents(ctx.db, ctx.fixture.storeB.id, [neutralEvent(webhook)], ctx.clock.now());
    for (let run = 0; run < 2; run += 1) {
      const response = await ctx.app.inject({ method: 'POST', url: '/data/v1/order/import', headers, payload: { format: 'csv', csv: CSV } });
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json().data).toMatchObject({ rows: 4, imported: 3, failed: [{ row: 4 }], progress: [{ done: 3, total: 3 }] });
    }
    const customer = await ctx.db.selectFrom('customers').select('id').where('store_id', '=', ctx.fixture.storeB.id).where('email', '=', 'importer@example.com').executeTakeFirstOrThrow();
    const account = await ctx.db.selectFrom('points_accounts').select('balance').where('customer_id', '=', customer.id).executeTakeFirstOrThrow();
    // I-1: 54; I-2: 100 − 50 refunded = 50; I-3 cancelled: 0
    expect(account.balance).toBe(104);
    const list = await ctx.app.inject({ method: 'POST', url: '/data/v1/list/orders?limit=10&page=1', headers });
    expect(list.statusCode, list.body).toBe(200);
    expect(list.json().data.data.map((order: { number: string; points: number }) => [order.number, order.points]).sort()).toEqual([['#I1', 54], ['#I2', 50], ['#I3', 0]]);
    expect(await verifyLedger(ctx.db, ctx.fixture.storeB.id)).toEqual([]);
  });
});
