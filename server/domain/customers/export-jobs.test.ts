import { expect, it } from 'vitest';
import { describeEachDatabase } from '../../../tests/helpers/db.ts';
import { maintainLedger } from '../../jobs/ledger-maintenance.ts';
import { claimJob, LostClaim, STALLED_AFTER_MS } from '../job-claims.ts';
import { createExport, exportFile, exportNextBatch, findExport, runExport } from './export-jobs.ts';

describeEachDatabase('customer export jobs', (ctx) => {
  let storeId = 0;
  const now = () => ctx.clock.now();
  const fileOf = async (id: number) => {
    let csv = '';
    for await (const chunk of exportFile(ctx.db, id)) csv += chunk;
    return csv;
  };
  const chunks = async (id: number) => (await ctx.db.selectFrom('customer_export_chunks').select('seq').where('export_id', '=', id).execute()).length;

  it('an export whose runner died is continued by the maintenance job after its last customer, each customer written once', async () => {
    const store = await ctx.db
      .insertInto('stores')
      .values({ title: 'Exports', platform: 'shopify', store_name: 'export-jobs' })
      .returning('id')
      .executeTakeFirstOrThrow();
    storeId = store.id;
    // three batches of the export (1,000 customers each)
    await ctx.db
      .insertInto('customers')
      .values(Array.from({ length: 2_500 }, (_, n) => ({ store_id: storeId, first_name: `F${n}`, last_name: 'Export', email: `x${n}@export.test` })))
      .execute();
    const whole = await createExport(ctx.db, storeId, {});
    await runExport(ctx.db, storeId, whole.id, now);
    const expected = await fileOf(whole.id);
    expect(expected.split('\r\n').length - 2).toBe(2_500);

    // a runner writes one batch, then its process dies
    const job = await createExport(ctx.db, storeId, {});
    const dead = (await claimJob(ctx.db, 'customer_exports', storeId, job.id, now()))!;
    expect(await exportNextBatch(ctx.db, dead, now())).toBe(true);
    expect(await findExport(ctx.db, storeId, job.id)).toMatchObject({ status: 'running', processed: 1_000, total: 2_500 });
    // not stalled yet: the runner may only be slow
    expect((await maintainLedger(ctx.db, ctx.clock)).exportsResumed).toBe(0);

    ctx.clock.advance(STALLED_AFTER_MS + 1_000);
    expect((await maintainLedger(ctx.db, ctx.clock)).exportsResumed).toBe(1);
    expect(await findExport(ctx.db, storeId, job.id)).toMatchObject({ status: 'done', processed: 2_500 });
    expect(await fileOf(job.id)).toBe(expected);
    // the dead runner, were it only slow, writes nothing more
    const before = await chunks(job.id);
    await expect(exportNextBatch(ctx.db, dead, now())).rejects.toBeInstanceOf(LostClaim);
    expect(await chunks(job.id)).toBe(before);
    expect((await maintainLedger(ctx.db, ctx.clock)).exportsResumed).toBe(0);
  });

  it('a queued export is run by one runner only', async () => {
    const job = await createExport(ctx.db, storeId, {});
    await Promise.all([runExport(ctx.db, storeId, job.id, now), runExport(ctx.db, storeId, job.id, now)]);
    expect(await findExport(ctx.db, storeId, job.id)).toMatchObject({ status: 'done', processed: 2_500 });
    expect((await fileOf(job.id)).split('\r\n').length - 2).toBe(2_500);
  });
});
