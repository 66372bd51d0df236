import { beforeAll, expect, it } from 'vitest';
import { describeEachDatabase } from '../../../tests/helpers/db.ts';
import { signInOnStore } from '../../../tests/helpers/server.ts';
import { sendShopify, webhookSample } from '../../../tests/helpers/shopify.ts';
import { earningRuleBody } from '../../contract/points.ts';
import { verifyLedger } from '../../domain/ledger/index.ts';
import { createEarningRule } from '../rules/index.ts';

const PAID = webhookSample('shopify/orders-paid.json');
const REFUND = webhookSample('shopify/refunds-create.json');

/** Refunds clamp to what remains refundable; the clawback follows what the rule counted. */
describeEachDatabase(
  'refund clawbacks',
  (ctx) => {
    const store = () => ctx.fixture.storeA;
    beforeAll(async () => {
      await createEarningRule(ctx.db, store().id, earningRuleBody.parse({ type: 'order', title: 'Place an order', points: 1 }), ctx.clock.now());
    });
    const deliver = async (topic: string, payload: unknown, eventId: string) => {
      const answer = await sendShopify(ctx.app, { secret: store().hmacSecret, shopDomain: 'alpha.myshopify.com', topic, payload, eventId });
      expect(answer.statusCode).toBe(200);
      await ctx.workers.webhooks!.drain();
    };
    const order = (id: number) => ({
      ...PAID,
      id,
      name: `#${id}`,
      email: `refund.${id}@example.com`,
      customer: { ...(PAID.customer as object), id: id + 1, email: `refund.${id}@example.com` },
    });
    const refund = (id: number, orderId: number, amount: string, lines: Array<{ subtotal: number; total_tax: number }> = []) => ({
      ...REFUND,
      id,
      order_id: orderId,
      refund_line_items: lines.map((line, index) => ({ id: id * 10 + index, quantity: 1, ...line })),
      transactions: [{ ...(REFUND.transactions as object[])[0], order_id: orderId, amount }],
    });
    const clawbacks = (orderId: number) =>
      ctx.db
        .selectFrom('ledger_entries')
        .select(['points', 'computation', 'reason'])
        .where('store_id', '=', store().id)
        .where('type', '=', 'refund_clawback')
        .where('source_id', '=', `shopify:${orderId}`)
        .orderBy('id')
        .execute();

    it('takes back what the refunded line items counted: half the items of a $54.20 order → 27 of 54', async () => {
      await deliver('orders/paid', order(9201), 'evt-9201');
      // $27.10 of items + $1.61 tax refunded; the transaction share (28.71 ÷ 62.43) would take 25
      await deliver(
        'refunds/create',
        refund(9202, 9201, '28.71', [
          { subtotal: 18.0, total_tax: 1.07 },
          { subtotal: 9.1, total_tax: 0.54 },
        ]),
        'evt-9202',
      );
      const [entry] = await clawbacks(9201);
      expect(entry!.points).toBe(-27);
      expect(entry!.computation).toContain('$27.10 of $54.20 in items');
      // without refunded line items the transaction share stays the measure
      await deliver('orders/paid', order(9203), 'evt-9203');
      await deliver('refunds/create', refund(9204, 9203, '28.71'), 'evt-9204');
      expect((await clawbacks(9203))[0]!.points).toBe(-25);
      expect(await verifyLedger(ctx.db, store().id)).toEqual([]);
    });

    it('clamps refunds beyond the order total to what remained refundable and says so', async () => {
      await deliver('orders/paid', order(9301), 'evt-9301');
      await deliver('refunds/create', refund(9302, 9301, '40.00'), 'evt-9302');
      await deliver('refunds/create', refund(9303, 9301, '40.00'), 'evt-9303');
      const entries = await clawbacks(9301);
      expect(entries.map((entry) => entry.points)).toEqual([-35, -19]);
      expect(entries[1]!.computation).toContain('$62.43 of $62.43');
      expect(entries[1]!.reason).toBe('Refunds of $80.00 exceed the order total: counted as $62.43, what remained refundable.');
      const { headers } = await signInOnStore(ctx.app, ctx.fixture.users.alice, ctx.fixture.password, store().id);
      const listed = (await ctx.app.inject({ method: 'POST', url: '/data/v1/list/orders?limit=100', headers })).json().data.data;
      expect(listed.find((row: { order_id: string }) => row.order_id === '9301')).toMatchObject({ total_minor: 6243, refunded_minor: 6243, points: 0 });
    });
  },
  { workers: ['webhooks'] },
);
