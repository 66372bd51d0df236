import { expect, it } from 'vitest';
import { describeEachDatabase } from '../../../tests/helpers/db.ts';
import { signInOnStore } from '../../../tests/helpers/server.ts';
import { earningRuleBody } from '../../contract/points.ts';
import { readAccount, verifyLedger } from '../../domain/ledger/index.ts';
import { applyOrderEvents } from './process.ts';
import type { NormalizedOrder } from '../../domain/schemas/normalized-order.ts';
import { paidOrder } from '../../../tests/helpers/orders.ts';
import { shopifyEvent } from '../platforms/index.ts';
import { createEarningRule } from '../rules/index.ts';
import { webhookSample } from '../../../tests/helpers/shopify.ts';

/** An order in another currency is converted with the platform's own amounts, else held for the merchant. */
describeEachDatabase('order currency', (ctx) => {
  const store = () => ctx.fixture.storeB;
  const customer = (email: string) =>
    ctx.db.selectFrom('customers').select('id').where('store_id', '=', store().id).where('email', '=', email).executeTakeFirstOrThrow();
  const earn = async (email: string) =>
    ctx.db
      .selectFrom('ledger_entries')
      .selectAll()
      .where('customer_id', '=', (await customer(email)).id)
      .where('type', '=', 'order_earn')
      .executeTakeFirstOrThrow();
  const apply = (value: NormalizedOrder) =>
    applyOrderEvents(ctx.db, store().id, [{ platform: 'custom', orderExternalId: value.externalId, order: value }], ctx.clock.now());

  it('holds an AUD order of a USD store for approval, then credits it once approved', async () => {
    await createEarningRule(ctx.db, store().id, earningRuleBody.parse({ type: 'order', title: 'Order', points: 1 }), ctx.clock.now());
    await apply(paidOrder('C1', 'aud.buyer@example.com', 8_500, { currency: 'AUD' }));
    const held = await earn('aud.buyer@example.com');
    expect(held).toMatchObject({ points: 0, pending_points: 85, reason: "currency AUD differs from the store's USD" });
    expect(held.metadata).toMatchObject({ currency: 'AUD' });
    const { id: customerId } = await customer('aud.buyer@example.com');
    const later = new Date(ctx.clock.now().getTime() + 400 * 86_400_000);
    expect(await readAccount(ctx.db, store().id, customerId, later)).toEqual({ balance: 0, pending: 85, lifetime: 0 });

    const { headers } = await signInOnStore(ctx.app, ctx.fixture.users.bob, ctx.fixture.password, store().id);
    const approve = (entryId: number, session = headers) =>
      ctx.app.inject({ method: 'POST', url: '/data/v1/customer/points/approve', headers: session, payload: { entry_id: entryId } });
    // the history says which entry waits for the merchant, until it is approved
    const history = async () =>
      (await ctx.app.inject({ method: 'POST', url: '/data/v1/transaction/points', headers, payload: { customer_id: customerId, page: 1, limit: 20 } })).json()
        .data.data as Array<{ id: number; type: string; held: boolean }>;
    expect((await history()).map((entry) => [entry.id, entry.held])).toEqual([[held.id, true]]);
    const approved = await approve(held.id);
    expect(approved.statusCode, approved.body).toBe(200);
    expect(approved.json().data.account).toEqual({ balance: 85, pending: 0, lifetime: 85 });
    expect((await history()).map((entry) => [entry.type, entry.held])).toEqual([
      ['release', false],
      ['order_earn', false],
    ]);
    expect((await approve(held.id)).statusCode).toBe(409);
    const other = await signInOnStore(ctx.app, ctx.fixture.users.alice, ctx.fixture.password, ctx.fixture.storeA.id);
    expect((await approve(held.id, other.headers)).statusCode).toBe(404);
    expect(await verifyLedger(ctx.db, store().id)).toEqual([]);
  });

  it("converts with the order's own amounts in the store's currency when the platform sends them", async () => {
    await apply(
      paidOrder('C2', 'converted.buyer@example.com', 8_500, {
        currency: 'AUD',
        currencyAmounts: { USD: { itemsMinor: 5_420, discountMinor: 0, shippingMinor: 0, taxMinor: 0, totalMinor: 5_420 } },
      }),
    );
    const entry = await earn('converted.buyer@example.com');
    expect(entry).toMatchObject({ points: 54, pending_points: 0, reason: null });
    expect(entry.metadata).toMatchObject({ currency: 'AUD', converted_to: 'USD' });
  });

  it("takes a Shopify order's money in the store's currency from its shop and presentment amounts", async () => {
    const set = (aud: string, usd: string) => ({ shop_money: { amount: aud, currency_code: 'AUD' }, presentment_money: { amount: usd, currency_code: 'USD' } });
    const payload = {
      ...webhookSample('shopify/orders-paid.json'),
      id: 7701,
      name: '#7701',
      email: 'shopify.aud@example.com',
      customer: { id: 7702, email: 'shopify.aud@example.com' },
      currency: 'AUD',
      total_price_set: set('95.00', '62.43'),
      total_line_items_price_set: set('82.00', '54.20'),
      total_discounts_set: set('0.00', '0.00'),
      total_tax_set: set('5.00', '3.23'),
      total_shipping_price_set: set('8.00', '5.00'),
    };
    await applyOrderEvents(ctx.db, store().id, [shopifyEvent('orders/paid', payload)!], ctx.clock.now());
    expect(await earn('shopify.aud@example.com')).toMatchObject({ points: 54, computation: 'order #7701: $54.20 × 1 point per $1 = 54', reason: null });
  });
});
