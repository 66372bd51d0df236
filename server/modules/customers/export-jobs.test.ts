import { expect, it } from 'vitest';
import { describeEachDatabase } from '../../../tests/helpers/db.ts';
import { deadRunner, runJobs } from '../../../tests/helpers/jobs.ts';
import { claimJob, LostClaim, STALLED_AFTER_MS } from '../../domain/jobs/queue.ts';
import { JobRunner } from '../../jobs/engine.ts';
import { jobKinds } from '../../workers.ts';
import { createExport, CUSTOMER_EXPORT_JOB, exportFile, exportNextBatch, findExport } from './export-jobs.ts';

describeEachDatabase(
  'customer export jobs',
  (ctx) => {
    let storeId = 0;
    const now = () => ctx.clock.now();
    const fileOf = async (id: number) => {
      let csv = '';
      for await (const chunk of exportFile(ctx.db, id)) csv += chunk;
      return csv;
    };
    const chunks = async (id: number) => (await ctx.db.selectFrom('customer_export_chunks').select('seq').where('export_id', '=', id).execute()).length;
    const addCustomers = (from: number, count: number) =>
      ctx.db
        .insertInto('customers')
        .values(
          Array.from({ length: count }, (_, n) => ({ store_id: storeId, first_name: `F${from + n}`, last_name: 'Export', email: `x${from + n}@export.test` })),
        )
        .execute();

    it('an export whose runner died is taken over after its last customer, each customer written once', async () => {
      const store = await ctx.db
        .insertInto('stores')
        .values({ title: 'Exports', platform: 'shopify', store_name: 'export-jobs' })
        .returning('id')
        .executeTakeFirstOrThrow();
      storeId = store.id;
      // three batches of the export (1,000 customers each)
      await addCustomers(0, 2_500);
      const whole = await createExport(ctx.db, storeId, {}, now());
      await runJobs(ctx.db, ctx.clock);
      const expected = await fileOf(whole.id);
      expect(expected.split('\r\n').length - 2).toBe(2_500);

      // a runner writes one batch, then its process dies
      const job = await createExport(ctx.db, storeId, {}, now());
      const dead = await deadRunner(ctx.db, CUSTOMER_EXPORT_JOB, 'exportId', job.id, now());
      await ctx.db.updateTable('customer_exports').set({ status: 'running' }).where('id', '=', job.id).execute();
      expect(await exportNextBatch(ctx.db, storeId, job.id, dead.checkpoint)).toBe(true);
      expect(await findExport(ctx.db, storeId, job.id)).toMatchObject({ status: 'running', processed: 1_000, total: 2_500 });
      // not stalled yet: the runner may only be slow
      await runJobs(ctx.db, ctx.clock);
      expect(await findExport(ctx.db, storeId, job.id)).toMatchObject({ status: 'running', processed: 1_000 });

      // silent for a minute: another runner takes it over (and dies too, before writing)
      ctx.clock.advance(STALLED_AFTER_MS + 1_000);
      const taker = await claimJob(ctx.db, [CUSTOMER_EXPORT_JOB], 'taker', now(), new Date(now().getTime() - STALLED_AFTER_MS));
      expect(taker?.id).toBe(dead.jobId);
      // the first runner, were it only slow, writes nothing more: its batch is refused and rolled back
      const before = await chunks(job.id);
      await expect(exportNextBatch(ctx.db, storeId, job.id, dead.checkpoint)).rejects.toBeInstanceOf(LostClaim);
      expect(await chunks(job.id)).toBe(before);
      expect(await findExport(ctx.db, storeId, job.id)).toMatchObject({ processed: 1_000 });
      ctx.clock.advance(STALLED_AFTER_MS + 1_000);
      await runJobs(ctx.db, ctx.clock);
      expect(await findExport(ctx.db, storeId, job.id)).toMatchObject({ status: 'done', processed: 2_500, total: 2_500 });
      expect(await fileOf(job.id)).toBe(expected);
    });

    it('holds the customers that existed when it was asked for: later ones are left out, and its total stays true', async () => {
      const job = await createExport(ctx.db, storeId, {}, now());
      expect(job.total).toBe(2_500);
      // customers join while it waits to run
      await addCustomers(2_500, 700);
      await runJobs(ctx.db, ctx.clock);
      expect(await findExport(ctx.db, storeId, job.id)).toMatchObject({ status: 'done', processed: 2_500, total: 2_500 });
      const file = await fileOf(job.id);
      expect(file.split('\r\n').length - 2).toBe(2_500);
      expect(file).not.toContain('x2500@export.test');
    });

    it('a queued export is run by one runner only', async () => {
      const job = await createExport(ctx.db, storeId, {}, now());
      const runners = [new JobRunner(ctx.db, ctx.clock, jobKinds(false)), new JobRunner(ctx.db, ctx.clock, jobKinds(false))];
      await Promise.all(runners.map((runner) => runner.drain()));
      expect(await findExport(ctx.db, storeId, job.id)).toMatchObject({ status: 'done', processed: 3_200 });
      expect((await fileOf(job.id)).split('\r\n').length - 2).toBe(3_200);
    });
  },
  { postgres: true },
);
