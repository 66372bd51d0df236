import { beforeAll, expect, it } from 'vitest';
import { sql } from 'kysely';
import { describeEachDatabase } from '../../../tests/helpers/db.ts';
import { signInOnStore, type Session } from '../../../tests/helpers/server.ts';
import { earningRuleBody } from '../../contract/points.ts';
import { verifyLedger } from '../../domain/ledger/index.ts';
import { neutralEvent } from './neutral.ts';
import { applyImportItems, prepareImport } from './import.ts';
import { applyOrderEvents } from './process.ts';
import { createEarningRule } from '../rules/index.ts';
import { neutralOrderWebhook } from '../../contract/webhooks.ts';

const CSV = `order_id,platform,number,email,first_name,last_name,currency,items,discounts,shipping,tax,total,refunded,status,cancelled,placed_at
I-1,custom,#I1,importer@example.com,Ida,Port,USD,54.20,0,5.00,3.23,62.43,0,paid,false,2026-01-05T10:00:00Z
I-2,custom,#I2,importer@example.com,Ida,Port,USD,100.00,0,0,0,100.00,50.00,paid,false,2026-01-06T10:00:00Z
I-3,custom,#I3,importer@example.com,Ida,Port,USD,30.00,0,0,0,30.00,0,paid,true,2026-01-07T10:00:00Z
bad,custom,#B,importer@example.com,Ida,Port,USD,not-money,0,0,0,1,0,paid,false,2026-01-07T10:00:00Z`;

describeEachDatabase(
  'order import',
  (ctx) => {
    beforeAll(async () => {
      await createEarningRule(ctx.db, ctx.fixture.storeB.id, earningRuleBody.parse({ type: 'order', title: 'Order', points: 1 }), ctx.clock.now());
    });

    it('imports CSV through the webhook path: once, with refunds and cancellations, and lists the orders', async () => {
      const { headers } = await signInOnStore(ctx.app, ctx.fixture.users.bob, ctx.fixture.password, ctx.fixture.storeB.id);
      // the webhook for I-1 arrived first: the import must not credit it again
      const webhook = neutralOrderWebhook.parse({
        event_id: 'e1',
        type: 'order.paid',
        order: {
          id: 'I-1',
          number: '#I1',
          currency: 'USD',
          status: 'paid',
          amounts: { items: 5420, shipping: 500, tax: 323, total: 6243 },
          customer: { email: 'importer@example.com' },
          placed_at: '2026-01-05T10:00:00Z',
          updated_at: '2026-01-05T10:00:00Z',
        },
      });
      await applyOrderEvents(ctx.db, ctx.fixture.storeB.id, [neutralEvent(webhook)], ctx.clock.now());
      for (let run = 0; run < 2; run += 1) {
        const response = await ctx.app.inject({ method: 'POST', url: '/data/v1/order/import', headers, payload: { format: 'csv', csv: CSV } });
        expect(response.statusCode, response.body).toBe(200);
        // a small import finishes within the request and answers the progress shape of a large one
        expect(response.json().data).toMatchObject({
          status: 'done',
          rows: 4,
          total: 3,
          processed: 3,
          failed_rows: [{ row: 4, message: 'items: "not-money" is not an amount: write it like 54.20.' }],
        });
      }
      const customer = await ctx.db
        .selectFrom('customers')
        .select('id')
        .where('store_id', '=', ctx.fixture.storeB.id)
        .where('email', '=', 'importer@example.com')
        .executeTakeFirstOrThrow();
      const account = await ctx.db.selectFrom('points_accounts').select('balance').where('customer_id', '=', customer.id).executeTakeFirstOrThrow();
      // I-1: 54; I-2: 100 − 50 refunded = 50; I-3 cancelled: 0
      expect(account.balance).toBe(104);
      const list = await ctx.app.inject({ method: 'POST', url: '/data/v1/list/orders?limit=10&page=1', headers });
      expect(list.statusCode, list.body).toBe(200);
      expect(
        list
          .json()
          .data.data.map((order: { number: string; points: number }) => [order.number, order.points])
          .sort(),
      ).toEqual([
        ['#I1', 54],
        ['#I2', 50],
        ['#I3', 0],
      ]);
      expect(await verifyLedger(ctx.db, ctx.fixture.storeB.id)).toEqual([]);
    });

    it("failed rows say what is wrong with the row, never the database's words", async () => {
      const { headers } = await signInOnStore(ctx.app, ctx.fixture.users.bob, ctx.fixture.password, ctx.fixture.storeB.id);
      const row = { items: '1', total: '1', placed_at: '2026-01-05T10:00:00Z', email: 'rows@example.com' };
      const orders = [
        { ...row, order_id: 'R-huge', items: '99999999999999999999999', total: '99999999999999999999999' },
        { ...row, order_id: 'R-past-bigint', total: '92233720368547758' },
        { ...row, order_id: 'R-negative', items: '-5', total: '-5' },
        { ...row, order_id: 'R-words', placed_at: 'yesterday' },
        { ...row, order_id: 'R-year', placed_at: '99999-01-01' },
        { ...row, order_id: 'R-good' },
      ];
      const response = await ctx.app.inject({ method: 'POST', url: '/data/v1/order/import', headers, payload: { format: 'json', orders } });
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json().data).toMatchObject({
        status: 'done',
        total: 1,
        failed_rows: [
          { row: 1, message: 'items: At most 10,000,000,000.00 in one order.' },
          { row: 2, message: 'total: At most 10,000,000,000.00 in one order.' },
          { row: 3, message: 'items: An amount cannot be negative.' },
          { row: 4, message: 'placed_at: Not a date and time: write it like 2026-01-05T10:00:00Z.' },
          { row: 5, message: 'placed_at: Not a date and time: write it like 2026-01-05T10:00:00Z.' },
        ],
      });
      // an order the database still refuses is reported in the merchant's words, its SQL error left out
      const [event] = prepareImport([{ ...row, order_id: 'R-db' }]).items;
      const refused = await applyImportItems(
        ctx.db,
        ctx.fixture.storeB.id,
        [{ row: 7, event: { ...event!.event, order: { ...event!.event.order!, totalMinor: 1e25 } } }],
        ctx.clock.now(),
      );
      expect(refused).toEqual([{ row: 7, message: 'This order could not be saved: one of its values is out of range. Check its amounts, dates and ids.' }]);
    });

    it('imports 1,000 orders in the background with progress to done, balances exact; a second import credits nothing', async () => {
      const store = ctx.fixture.storeB.id;
      const { headers } = await signInOnStore(ctx.app, ctx.fixture.users.bob, ctx.fixture.password, store);
      const cents = (n: number) => 1_000 + ((n * 7_919) % 20_000);
      const orders: Array<Record<string, unknown>> = Array.from({ length: 1_000 }, (_, n) => ({
        order_id: `BULK-${n}`,
        number: `#B${n}`,
        email: `bulk${n % 37}@import.test`,
        currency: 'USD',
        items: (cents(n) / 100).toFixed(2),
        total: (cents(n) / 100).toFixed(2),
        status: 'paid',
        placed_at: '2026-02-01T10:00:00Z',
      }));
      // two bad rows (file rows 501 and 1002)
      orders.splice(500, 0, { order_id: 'BULK-bad-1', items: 'twelve', total: '12.00', placed_at: '2026-02-01T10:00:00Z' });
      orders.push({ order_id: 'BULK-bad-2', items: '1.00', total: '1.00' });
      // BULK-7 came by webhook first: the import must not credit it again
      const webhook = neutralOrderWebhook.parse({
        event_id: 'bulk-7',
        type: 'order.paid',
        order: {
          id: 'BULK-7',
          number: '#B7',
          currency: 'USD',
          status: 'paid',
          amounts: { items: cents(7), total: cents(7) },
          customer: { email: 'bulk7@import.test' },
          placed_at: '2026-02-01T10:00:00Z',
        },
      });
      await applyOrderEvents(ctx.db, store, [neutralEvent(webhook)], ctx.clock.now());

      const expected = new Map<string, number>();
      for (let n = 0; n < 1_000; n += 1)
        expected.set(`bulk${n % 37}@import.test`, (expected.get(`bulk${n % 37}@import.test`) ?? 0) + Math.floor(cents(n) / 100));
      const balances = async () =>
        new Map(
          (
            await ctx.db
              .selectFrom('points_accounts')
              .innerJoin('customers', 'customers.id', 'points_accounts.customer_id')
              .select(['customers.email', 'points_accounts.balance'])
              .where('points_accounts.store_id', '=', store)
              .where('customers.email', 'like', 'bulk%')
              .execute()
          ).map((row) => [row.email, row.balance]),
        );
      const entries = async () =>
        Number((await sql<{ n: number }>`select count(*) as n from ledger_entries where store_id = ${store}`.execute(ctx.db)).rows[0]!.n);

      for (let run = 0; run < 2; run += 1) {
        const entriesBefore = await entries();
        const started = await ctx.app.inject({ method: 'POST', url: '/data/v1/order/import', headers, payload: { format: 'json', orders } });
        expect(started.statusCode, started.body).toBe(202);
        const { id } = started.json().data;
        expect(started.json().data).toMatchObject({ status: 'queued', rows: 1_002, total: 1_000, processed: 0 });
        expect(started.json().data.failed_rows.map((failure: { row: number }) => failure.row)).toEqual([501, 1_002]);
        const seen = await followImport(headers, id);
        const processed = seen.map((progress) => progress.processed);
        expect(processed).toEqual([...processed].sort((a, b) => a - b));
        expect(seen.every((progress) => ['queued', 'running', 'done'].includes(progress.status))).toBe(true);
        // the import runs in steps while requests are answered: progress shows part of it done
        expect(seen.some((progress) => progress.status === 'running' && progress.processed > 0 && progress.processed < 1_000)).toBe(true);
        expect(seen.at(-1)).toMatchObject({
          status: 'done',
          total: 1_000,
          processed: 1_000,
          failed_rows: [
            { row: 501, message: 'items: "twelve" is not an amount: write it like 54.20.' },
            { row: 1_002, message: expect.stringContaining('placed_at') },
          ],
        });
        expect(await balances()).toEqual(expected);
        // the second run of the same file (and the webhook's order in the first) credit nothing
        expect(await entries()).toBe(entriesBefore + (run === 0 ? 999 : 0));
        // another store's tokens never read this import
        const { headers: foreign } = await signInOnStore(ctx.app, ctx.fixture.users.alice, ctx.fixture.password, ctx.fixture.storeA.id);
        expect((await ctx.app.inject({ method: 'GET', url: `/data/v1/order/import/${id}`, headers: foreign })).statusCode).toBe(404);
      }
      expect(await verifyLedger(ctx.db, store)).toEqual([]);
    });

    /** Reads an import's progress until it ends; every answer seen, in order. */
    async function followImport(
      headers: Session['headers'],
      id: number,
    ): Promise<Array<{ status: string; processed: number; total: number; failed_rows: unknown[] }>> {
      const seen = [];
      const deadline = Date.now() + 100_000;
      for (;;) {
        const response = await ctx.app.inject({ method: 'GET', url: `/data/v1/order/import/${id}`, headers });
        expect(response.statusCode, response.body).toBe(200);
        seen.push(response.json().data);
        if (['done', 'failed'].includes(response.json().data.status) || Date.now() > deadline) return seen;
        await new Promise((resolve) => setTimeout(resolve, 25));
      }
    }
  },
  { postgres: true, workers: ['jobs'] },
);
