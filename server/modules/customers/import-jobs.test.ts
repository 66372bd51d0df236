import { sql } from 'kysely';
import { expect, it } from 'vitest';
import { describeEachDatabase } from '../../../tests/helpers/db.ts';
import { json } from '../../db/normalize.ts';
import { POINTS_LIMITS, credit, inTransaction, verifyLedger } from '../../domain/ledger/index.ts';
import { deadRunner, jobOf, runJobs } from '../../../tests/helpers/jobs.ts';
import { JobRunner } from '../../jobs/engine.ts';
import { STALLED_AFTER_MS } from '../../domain/jobs/queue.ts';
import { createCustomerImport, CUSTOMER_IMPORT_JOB, customerImportJob, findCustomerImport, runCustomerImport, startCustomerImport } from './import-jobs.ts';
import type { ImportCustomer } from './tables.ts';

const row = (n: number, extra: Partial<ImportCustomer> = {}): ImportCustomer => ({
  line: n + 2,
  email: `c${n}@chunks.test`,
  first_name: `First${n}`,
  last_name: '',
  birthday: null,
  points: 10 + n,
  tags: n % 2 === 0 ? ['even'] : [],
  ...extra,
});

describeEachDatabase(
  'customer import job',
  (ctx) => {
    let stores = 0;
    /** A store of its own for each test, with this holdout share. */
    const newStore = async (holdoutPercent = 0) => {
      stores += 1;
      const store = await ctx.db
        .insertInto('stores')
        .values({
          title: 'Import',
          platform: 'shopify',
          store_name: `import-job-${stores}`,
          domain: null,
          website: null,
          hmac_secret: null,
          access_token: null,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      await setHoldout(store.id, holdoutPercent);
      return store.id;
    };
    const setHoldout = (storeId: number, percent: number) =>
      sql`update stores set settings = coalesce(settings, '{}'::jsonb) || jsonb_build_object('holdout_percent', ${percent}::integer) where id = ${storeId}`.execute(
        ctx.db,
      );
    const importRows = async (storeId: number, rows: ImportCustomer[], chunkSize: number) => {
      const record = await createCustomerImport(ctx.db, storeId, rows, 'test', ctx.clock.now());
      const claimed = (await startCustomerImport(ctx.db, record.id, ctx.clock.now()))!;
      return runCustomerImport(ctx.db, claimed, () => ctx.clock.now(), chunkSize);
    };
    const customers = (storeId: number) =>
      sql<{ email: string; holdout: boolean; version: string; balance: number | null; tags: string[] }>`
      select c.email, c.holdout, c.xmin::text as version, a.balance, coalesce(array_agg(t.tag order by t.tag) filter (where t.tag is not null), '{}') as tags
      from customers c left join points_accounts a on a.customer_id = c.id left join customer_tags t on t.customer_id = c.id
      where c.store_id = ${storeId} group by c.id, a.balance order by c.email`
        .execute(ctx.db)
        .then((result) => result.rows);
    /** The holdout draw (`customer_drawn_for_holdout`): a hash of the store and the lower-case email against the share. */
    const drawnHeld = async (storeId: number, percent: number) =>
      sql<{ email: string }>`select email from customers
      where store_id = ${storeId} and abs(hashtext(store_id::text || ':' || lower(email))::bigint) % 100 < ${percent} order by email`
        .execute(ctx.db)
        .then((result) => result.rows.map((customer) => customer.email));

    it('draws the holdout share once per statement: random across new customers by the 0161 rule, never changing an existing one', async () => {
      // no per-row trigger on customers: a bulk insert pays its triggers once
      const perRow = await sql<{ tgname: string }>`select tgname from pg_trigger
      where tgrelid = 'customers'::regclass and not tgisinternal and (tgtype & 1) = 1`.execute(ctx.db);
      expect(perRow.rows).toEqual([]);

      const storeId = await newStore(20);
      const file = Array.from({ length: 1000 }, (_, n) => row(n));
      expect(await importRows(storeId, file, 250)).toMatchObject({ status: 'done', created: 1000 });
      await ctx.db.insertInto('customers').values({ store_id: storeId, email: 'ONE@Chunks.test', first_name: 'One', last_name: '' }).execute();
      const first = await customers(storeId);
      const held = first.filter((customer) => customer.holdout).map((customer) => customer.email);
      expect(held).toEqual(await drawnHeld(storeId, 20));
      // 20 % ± 6 standard deviations of 1,001 draws
      expect(held.length).toBeGreaterThan(1001 * 0.2 - 6 * Math.sqrt(1001 * 0.2 * 0.8));
      expect(held.length).toBeLessThan(1001 * 0.2 + 6 * Math.sqrt(1001 * 0.2 * 0.8));
      // the holdout group earns nothing, not even an opening balance (its accounts stay at zero); the members got theirs
      expect(first.filter((customer) => customer.holdout).every((customer) => Number(customer.balance) === 0)).toBe(true);
      expect(first.filter((customer) => !customer.holdout && customer.email !== 'one@chunks.test').every((customer) => Number(customer.balance) > 0)).toBe(
        true,
      );

      // another share, the same file with changes, and a customer inserted as held: no group moves
      await setHoldout(storeId, 5);
      const changed = file.map((customer) => ({ ...customer, last_name: 'Changed', tags: ['again'] }));
      expect(await importRows(storeId, changed, 300)).toMatchObject({ status: 'done', created: 0, updated: 1000, points_credited: 0 });
      await setHoldout(storeId, 0);
      await ctx.db.insertInto('customers').values({ store_id: storeId, email: 'kept@chunks.test', first_name: 'Kept', last_name: '', holdout: true }).execute();
      const after = await customers(storeId);
      expect(after.filter((customer) => customer.holdout).map((customer) => customer.email)).toEqual([...held, 'kept@chunks.test'].sort());
      expect(await verifyLedger(ctx.db, storeId)).toEqual([]);
    });

    it('credits each opening balance once whatever the chunks, and leaves unchanged customers unwritten on a repeated file', async () => {
      const storeId = await newStore();
      const file = Array.from({ length: 23 }, (_, n) => row(n));
      const total = file.reduce((sum, customer) => sum + customer.points, 0);
      // the first 10 customers came in an earlier, shorter file
      expect(await importRows(storeId, file.slice(0, 10), 4)).toMatchObject({ status: 'done', created: 10, points_credited: 145 });
      const full = await importRows(storeId, file, 7);
      expect(full).toMatchObject({ status: 'done', processed: 23, created: 13, updated: 0, unchanged: 10, points_credited: total - 145 });
      const written = await customers(storeId);
      const opening = new Map(file.map((customer) => [customer.email, customer.points]));
      expect(written.map((customer) => [customer.email, customer.balance])).toEqual(written.map((customer) => [customer.email, opening.get(customer.email)]));
      expect(written.find((customer) => customer.email === 'c4@chunks.test')?.tags).toEqual(['even']);

      // a process that stopped after its second chunk of 5: resumed with another chunk size
      const record = await createCustomerImport(ctx.db, storeId, file, 'test', ctx.clock.now());
      await ctx.db
        .updateTable('customer_imports')
        .set({ status: 'running', processed: 10, rows: json(file), updated_at: new Date(ctx.clock.now().getTime() - 120_000) })
        .where('id', '=', record.id)
        .execute();
      const claimed = (await startCustomerImport(ctx.db, record.id, ctx.clock.now()))!;
      const resumed = await runCustomerImport(ctx.db, claimed, () => ctx.clock.now(), 6);
      expect(resumed).toMatchObject({ status: 'done', processed: 23, created: 0, updated: 0, unchanged: 13, points_credited: 0 });
      // the same file again wrote no customer row (same row versions) and credited nothing
      expect((await customers(storeId)).map((customer) => customer.version)).toEqual(written.map((customer) => customer.version));
      expect(await verifyLedger(ctx.db, storeId)).toEqual([]);
    });
    it('an import whose process died is taken over by a live runner within a minute of going silent, exact to the point', async () => {
      const storeId = await newStore();
      const file = Array.from({ length: 40 }, (_, n) => row(1_000 + n, { points: 7 }));
      const record = await createCustomerImport(ctx.db, storeId, file, 'test', ctx.clock.now());
      // its runner writes two chunks of 8 with their checkpoints, then is killed (no end written)
      const dead = await deadRunner(ctx.db, CUSTOMER_IMPORT_JOB, 'importId', record.id, ctx.clock.now());
      const started = (await startCustomerImport(ctx.db, record.id, ctx.clock.now()))!;
      const killedAfterTwo = async (trx: Parameters<typeof dead.checkpoint>[0], progress: number) => {
        if (progress > 16) throw new Error('killed'); // the third chunk never commits
        await dead.checkpoint(trx, progress);
      };
      await expect(runCustomerImport(ctx.db, started, () => ctx.clock.now(), 8, killedAfterTwo)).rejects.toThrow('killed');
      expect((await jobOf(ctx.db, CUSTOMER_IMPORT_JOB, 'importId', record.id)).progress).toBe(16);
      // a runner of another process: nothing to take while the dead one might be alive
      const runner = new JobRunner(ctx.db, ctx.clock, [customerImportJob(8) as never]);
      ctx.clock.advance(30_000);
      await runner.drain();
      expect((await jobOf(ctx.db, CUSTOMER_IMPORT_JOB, 'importId', record.id)).state).toBe('running');
      ctx.clock.advance(STALLED_AFTER_MS);
      await runner.drain();
      expect(await jobOf(ctx.db, CUSTOMER_IMPORT_JOB, 'importId', record.id)).toMatchObject({ state: 'done', progress: 40, attempts: 2 });
      const written = await customers(storeId);
      expect(written).toHaveLength(40);
      expect(written.every((customer) => customer.balance === 7)).toBe(true);
      expect(await verifyLedger(ctx.db, storeId)).toEqual([]);
    });

    it('opens each new account with its opening balance in the statement that inserts the customer (no account written twice)', async () => {
      const storeId = await newStore();
      const file = Array.from({ length: 30 }, (_, n) => row(n, { points: n % 3 === 0 ? 0 : 5 + n }));
      // the chunks in one transaction of the test's, so its own counts of row writes can be read
      const counts = await inTransaction(ctx.db, async (trx) => {
        // (the counts not yet reported of earlier transactions too: what the import adds to them)
        const read = () =>
          sql<{ inserted: number; updated: number }>`
          select n_tup_ins as inserted, n_tup_upd as updated from pg_stat_xact_user_tables where relname = 'points_accounts'`
            .execute(trx)
            .then((result) => ({ inserted: Number(result.rows[0]!.inserted), updated: Number(result.rows[0]!.updated) }));
        const before = await read();
        const record = await createCustomerImport(trx, storeId, file, 'test', ctx.clock.now());
        const claimed = (await startCustomerImport(trx, record.id, ctx.clock.now()))!;
        expect(await runCustomerImport(trx, claimed, () => ctx.clock.now(), 8)).toMatchObject({ status: 'done', created: 30 });
        const after = await read();
        return { inserted: after.inserted - before.inserted, updated: after.updated - before.updated };
      });
      // one account per customer, inserted once with its balance (zero without points), never updated
      expect(counts).toEqual({ inserted: 30, updated: 0 });
      const written = await customers(storeId);
      expect(written.map((customer) => Number(customer.balance))).toEqual(
        [...file].sort((a, b) => (a.email < b.email ? -1 : 1)).map((customer) => customer.points),
      );
      expect(await verifyLedger(ctx.db, storeId)).toEqual([]);
    });

    it('refuses a chunk whose opening balance would take an existing balance past the limit: nothing of it is written', async () => {
      const storeId = await newStore();
      const existing = await ctx.db
        .insertInto('customers')
        .values({ store_id: storeId, email: 'c1@chunks.test', first_name: 'Rich', last_name: '' })
        .returning('id')
        .executeTakeFirstOrThrow();
      await credit(
        ctx.db,
        { storeId, customerId: existing.id, type: 'adjustment', points: POINTS_LIMITS.balance - 5, sourceType: 'test', sourceId: 'rich', computation: 'test' },
        ctx.clock.now(),
      );
      const record = await createCustomerImport(ctx.db, storeId, [row(0), row(1), row(2)], 'test', ctx.clock.now());
      // refused for good: its job fails at once, the import says why
      await expect(runCustomerImport(ctx.db, (await startCustomerImport(ctx.db, record.id, ctx.clock.now()))!, () => ctx.clock.now(), 10)).rejects.toThrow(
        /limit/,
      );
      await ctx.db.updateTable('customer_imports').set({ status: 'queued' }).where('id', '=', record.id).execute();
      await runJobs(ctx.db, ctx.clock);
      const failed = (await findCustomerImport(ctx.db, storeId, record.id))!;
      expect(failed).toMatchObject({ status: 'failed', processed: 0, created: 0, points_credited: 0 });
      expect(failed.error).toMatch(/limit/);
      expect(await jobOf(ctx.db, CUSTOMER_IMPORT_JOB, 'importId', record.id)).toMatchObject({ state: 'failed', attempts: 1 });
      expect((await customers(storeId)).map((customer) => [customer.email, Number(customer.balance)])).toEqual([['c1@chunks.test', POINTS_LIMITS.balance - 5]]);
      expect(await verifyLedger(ctx.db, storeId)).toEqual([]);
    });

    it("keeps every entry, batch and account in its customer's store (one key of store and customer)", async () => {
      const [first, second] = [await newStore(), await newStore()];
      const customer = await ctx.db
        .insertInto('customers')
        .values({ store_id: first, email: 'one@chunks.test', first_name: 'One', last_name: '' })
        .returning('id')
        .executeTakeFirstOrThrow();
      // the customer of one store credited as if of another: refused by the key, nothing written
      await expect(
        credit(
          ctx.db,
          { storeId: second, customerId: customer.id, type: 'adjustment', points: 5, sourceType: 'test', sourceId: 'x', computation: 'test' },
          ctx.clock.now(),
        ),
      ).rejects.toThrow(/foreign key/);
      const accounts = await sql<{ store_id: number }>`select store_id from points_accounts where customer_id = ${customer.id}`.execute(ctx.db);
      expect(accounts.rows.map((account) => Number(account.store_id))).toEqual([first]);
    });
  },
  { postgres: true },
);
