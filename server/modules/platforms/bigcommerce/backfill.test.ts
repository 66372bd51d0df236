import { randomBytes } from 'node:crypto';
import { afterAll, expect, it } from 'vitest';
import { describeEachDatabase } from '../../../../tests/helpers/db.ts';
import { standInClient } from '../../../../tests/platforms/bigcommerce/client.ts';
import { startBigCommerceStandIn } from '../../../../tests/platforms/bigcommerce/stand-in.ts';
import { enqueueJob } from '../../../domain/jobs/index.ts';
import { JobRunner } from '../../../jobs/engine.ts';
import { saveConnection } from '../connections.ts';
import { BIGCOMMERCE_BACKFILL_JOB, bigcommerceBackfillJob } from './backfill.ts';
import { exchangeCode } from './oauth.ts';

const standIn = await startBigCommerceStandIn({ clientId: 'backfill-client', clientSecret: 'backfill-secret' });
const bc = standInClient(standIn.url);
const tokenKeys = [randomBytes(32)];
const bigcommerce = { clientId: standIn.clientId, clientSecret: standIn.clientSecret, loginUrl: standIn.url };
afterAll(() => standIn.close());

describeEachDatabase(
  'BigCommerce customer backfill: customers and 12 months of orders, paged, resumable',
  (ctx) => {
    const HASH = 'backfill1';
    const day = 86_400_000;

    it('imports every page once, goes on from its last page after a 429, and leaves out orders older than 12 months', async () => {
      const storeId = ctx.fixture.storeB.id;
      const grant = await exchangeCode(bigcommerce, await bc.install(HASH, { id: 1, email: 'owner@backfill.example' }), 'https://app.example/auth');
      await saveConnection(ctx.db, tokenKeys, {
        storeId,
        platform: 'bigcommerce',
        shop: HASH,
        token: grant.accessToken,
        scopes: grant.scope,
        now: ctx.clock.now(),
      });
      await bc.addCustomers(
        HASH,
        Array.from({ length: 5 }, (_, index) => ({
          id: 100 + index,
          email: `shopper${index}@backfill.example`,
          first_name: `Shopper${index}`,
          last_name: 'Back',
          customer_group_id: 0,
          date_created: new Date().toISOString(),
        })),
      );
      const order = (id: number, customer: number, placed: Date) => ({
        id,
        customer_id: customer,
        status: 'Completed',
        status_id: 10,
        currency_code: 'USD',
        subtotal_ex_tax: '20.00',
        total_inc_tax: '20.00',
        date_created: placed.toUTCString(),
        billing_address: { first_name: 'Shopper', last_name: 'Back', email: `shopper${customer - 100}@backfill.example` },
      });
      const now = ctx.clock.now().getTime();
      await bc.addOrders(HASH, [
        order(1, 100, new Date(now - 400 * day)),
        order(2, 100, new Date(now - 30 * day)),
        order(3, 101, new Date(now - 2 * day)),
        order(4, 104, new Date(now - day)),
      ]);

      const since = new Date(now - 365 * day).toISOString();
      const { id } = await enqueueJob(ctx.db, { kind: BIGCOMMERCE_BACKFILL_JOB, storeId, payload: { since } }, ctx.clock.now());
      const config = { ...ctx.config, platforms: { ...ctx.config.platforms, tokenKeys, bigcommerce, bigcommerceApiUrl: standIn.url } };
      const run = () => new JobRunner(ctx.db, ctx.clock, [bigcommerceBackfillJob(config, 2) as never]).drain();
      const job = () => ctx.db.selectFrom('jobs').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

      // 3 pages of customers, 2 of orders: the budget runs out after the counts and two pages
      await bc.throttle(HASH, 4, 60_000);
      await run();
      expect(await job()).toMatchObject({ state: 'queued', progress: 2, total: 5 });
      expect(Number((await job()).run_after.getTime()) - ctx.clock.now().getTime()).toBeGreaterThan(50_000);

      await bc.throttle(HASH, 100, 60_000);
      ctx.clock.advance(60_000);
      await run();
      expect(await job()).toMatchObject({ state: 'done', progress: 5, total: 5 });
      const customers = await ctx.db
        .selectFrom('customers')
        .select(['email', 'external_id'])
        .where('store_id', '=', storeId)
        .where('email', 'like', '%@backfill.example')
        .orderBy('email')
        .execute();
      expect(customers).toEqual(Array.from({ length: 5 }, (_, index) => ({ email: `shopper${index}@backfill.example`, external_id: String(100 + index) })));
      const orders = await ctx.db
        .selectFrom('orders')
        .select('total_minor')
        .where('store_id', '=', storeId)
        .where('external_id', 'in', ['#1', '#2', '#3', '#4'])
        .execute();
      expect(orders).toHaveLength(3);
    });
  },
  { config: { platforms: { tokenKeys, shopify: null, bigcommerce, bigcommerceApiUrl: standIn.url } } },
);
