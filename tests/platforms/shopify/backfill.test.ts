import { afterAll, expect, it } from 'vitest';
import { describeEachDatabase } from '../../helpers/db.ts';
import { runJobs } from '../../helpers/jobs.ts';
import { verifyLedger } from '../../../server/domain/ledger/index.ts';
import { BULK_POLL_MS, SHOPIFY_BACKFILL_JOB } from '../../../server/modules/platforms/shopify/backfill.ts';
import { install, startStandIn } from './install-flow.ts';

let clockNow = () => new Date();
const { standIn, config } = await startStandIn(() => clockNow());
afterAll(() => standIn.stop());
const DAY_MS = 86_400_000;

describeEachDatabase(
  'The Shopify customer backfill (bulk operations) after an install',
  (ctx) => {
    let storeId = 0;
    // each database's suite has its own shop: the stand-in keeps its shops' bulk operations
    let SHOP = '';
    const job = () => ctx.db.selectFrom('jobs').selectAll().where('store_id', '=', storeId).where('kind', '=', SHOPIFY_BACKFILL_JOB).executeTakeFirstOrThrow();
    const customers = () =>
      ctx.db
        .selectFrom('customers')
        .select(['email', 'external_id', 'first_name', 'last_name', 'tags'])
        .where('store_id', '=', storeId)
        .orderBy('email')
        .execute();
    const balance = async (email: string) => {
      const rows = await ctx.db
        .selectFrom('ledger_entries')
        .innerJoin('customers', 'customers.id', 'ledger_entries.customer_id')
        .select(['ledger_entries.points'])
        .where('customers.store_id', '=', storeId)
        .where('customers.email', '=', email)
        .execute();
      return rows.reduce((sum, row) => sum + row.points, 0);
    };
    /** Runs the job until it is done: each pass sees the bulk operation one step further, as Shopify's polling does. */
    const runBackfill = async () => {
      for (let pass = 0; pass < 5 && (await job()).state !== 'done'; pass += 1) {
        await runJobs(ctx.db, ctx.clock, false, ctx.config);
        ctx.clock.advance(BULK_POLL_MS);
      }
      return job();
    };

    it('installs a shop with customers and orders; the backfill is queued with the last 12 months as its window', async () => {
      clockNow = () => ctx.clock.now();
      SHOP = `backfill-${ctx.backend}.myshopify.com`;
      const shop = standIn.shop(SHOP);
      const now = ctx.clock.now().getTime();
      const ada = shop.addCustomer({ email: 'Ada@Example.com', firstName: 'Ada', lastName: 'Lovelace', tags: ['vip', 'Gold|Platinum'] });
      shop.addOrder(ada, { subtotal: '40.00', total: '40.00', createdAt: new Date(now - 30 * DAY_MS).toISOString() });
      shop.addOrder(ada, { subtotal: '100.00', total: '100.00', createdAt: new Date(now - 400 * DAY_MS).toISOString() });
      shop.addCustomer({ email: 'grace@example.com', firstName: 'Grace', lastName: 'Hopper' });
      shop.addCustomer({ id: 4242, email: null, firstName: 'No', lastName: 'Email' });
      expect((await install(ctx.app, standIn, SHOP)).statusCode).toBe(303);
      storeId = (await ctx.db.selectFrom('stores').select('id').where('domain', '=', SHOP).executeTakeFirstOrThrow()).id;
      // a customer an earlier order created, known by e-mail only
      await ctx.db.insertInto('customers').values({ store_id: storeId, email: 'grace@example.com', first_name: '', last_name: '' }).execute();
      const since = new Date(now - 365 * DAY_MS).toISOString().slice(0, 10);
      expect((await job()).payload).toEqual({ since });
    });

    it('starts one bulk query, polls it until COMPLETED, and writes the customers and their recent orders', async () => {
      const done = await runBackfill();
      expect(done.state).toBe('done');
      expect(standIn.shop(SHOP).bulkOperations).toHaveLength(1);
      expect(standIn.shop(SHOP).bulkOperations[0]!.query).toContain('orders(query: "created_at:>=');
      expect(await customers()).toEqual([
        // a tag holding a CSV tag separator comes in whole, the separator replaced
        { email: 'ada@example.com', external_id: expect.any(String), first_name: 'Ada', last_name: 'Lovelace', tags: ['Gold/Platinum', 'vip'] },
        { email: 'grace@example.com', external_id: expect.any(String), first_name: 'Grace', last_name: 'Hopper', tags: [] },
        { email: 'shopify-4242@customers.invalid', external_id: '4242', first_name: 'No', last_name: 'Email', tags: [] },
      ]);
      // the order of 30 days ago earns (1 point per $1); the one of 400 days ago is outside the window
      expect(await balance('ada@example.com')).toBe(40);
      expect(done.progress).toBe(done.total);
      expect(done.total).toBe(4);
    });

    it('is idempotent: run again on the same file, nothing is written twice', async () => {
      await ctx.db
        .updateTable('jobs')
        .set({ state: 'queued', progress: 0, run_after: ctx.clock.now() })
        .where('id', '=', (await job()).id)
        .execute();
      expect((await runBackfill()).state).toBe('done');
      expect(standIn.shop(SHOP).bulkOperations).toHaveLength(1);
      expect(await customers()).toHaveLength(3);
      expect(await balance('ada@example.com')).toBe(40);
      // every account holds what its entries and batches say
      expect(await verifyLedger(ctx.db, storeId)).toEqual([]);
    });

    it('resumes from its progress: a job taken over goes on from the lines it had written', async () => {
      const shop = standIn.shop(SHOP);
      const late = shop.addCustomer({ email: 'late@example.com', firstName: 'Late', lastName: 'Comer' });
      shop.addOrder(late, { subtotal: '10.00', total: '10.00' });
      // a failed operation of ours is started again, the file read from its start
      shop.bulkOperations.at(-1)!.status = 'EXPIRED';
      await ctx.db
        .updateTable('jobs')
        .set({ state: 'queued', progress: 3, run_after: ctx.clock.now() })
        .where('id', '=', (await job()).id)
        .execute();
      expect((await runBackfill()).state).toBe('done');
      expect(shop.bulkOperations).toHaveLength(2);
      expect((await customers()).map((customer) => customer.email)).toContain('late@example.com');
      expect(await balance('late@example.com')).toBe(10);
      expect(await balance('ada@example.com')).toBe(40);
      expect(await verifyLedger(ctx.db, storeId)).toEqual([]);
    });

    it("runs its bulk query beside the app's other ones, and waits while the shop runs as many as it allows", async () => {
      const shop = standIn.shop(SHOP);
      let ids = 1;
      const another = () => ({
        ...shop.bulkOperations.at(-1)!,
        id: `gid://shopify/BulkOperation/${ids++}`,
        status: 'CREATED' as const,
        query: '{ products { edges { node { id } } } }',
      });
      const requeue = async () =>
        ctx.db
          .updateTable('jobs')
          .set({ state: 'queued', progress: 0, run_after: ctx.clock.now() })
          .where('id', '=', (await job()).id)
          .execute();
      // ours has expired and another bulk query of the app runs: ours starts again beside it
      shop.bulkOperations.at(-1)!.status = 'EXPIRED';
      shop.bulkOperations.push(another());
      await requeue();
      await runJobs(ctx.db, ctx.clock, false, ctx.config);
      expect((await job()).state).toBe('queued');
      expect((await job()).error).toMatch(/bulk operation created/);
      expect(shop.bulkOperations).toHaveLength(4);
      expect(shop.bulkOperations.at(-1)!.query).toContain('customers');
      expect((await runBackfill()).state).toBe('done');
      expect(await balance('ada@example.com')).toBe(40);
      // five others run: the shop refuses a sixth until one ends, and the job waits its turn
      shop.bulkOperations.at(-1)!.status = 'EXPIRED';
      for (let other = 0; other < 5; other += 1) shop.bulkOperations.push(another());
      await requeue();
      await runJobs(ctx.db, ctx.clock, false, ctx.config);
      expect((await job()).state).toBe('queued');
      expect((await job()).error).toMatch(/as many bulk operations/);
      expect(shop.bulkOperations).toHaveLength(9);
    });

    it('the dashboard names the backfill job (GET /data/v1/platform)', async () => {
      const overview = await ctx.db.selectFrom('jobs').select('id').where('store_id', '=', storeId).where('kind', '=', SHOPIFY_BACKFILL_JOB).execute();
      expect(overview).toHaveLength(1);
      const { platformOverviewOf } = await import('../../../server/modules/platforms/index.ts');
      expect((await platformOverviewOf(ctx.db, storeId))?.backfill_job_id).toBe(overview[0]!.id);
    });
  },
  { config, postgres: true },
);
