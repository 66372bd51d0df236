import { sql } from 'kysely';
import { enqueueJob, type JobKind, type RunningJob } from '../../domain/jobs/index.ts';
import { inTransaction, type Executor } from '../../domain/ledger/index.ts';
import { csvLine, EXPORT_COLUMNS, exportBatches, type ExportFilter } from './export.ts';
import { countMatching, customerRows } from './list.ts';

export type { ExportFilter } from './export.ts';

/** How many customers an export of the filter holds (the chosen ones of them when `ids` is given). */
async function exportTotal(db: Executor, storeId: number, filter: ExportFilter): Promise<number> {
  if (!filter.ids) return countMatching(db, storeId, filter);
  const { total } = await db
    .selectFrom(
      customerRows(db, storeId, filter)
        .where('c.id', 'in', filter.ids.length ? filter.ids : [0])
        .as('chosen'),
    )
    .select((eb) => eb.fn.countAll<number>().as('total'))
    .executeTakeFirstOrThrow();
  return Number(total);
}

/** The job kind of a background export. */
export const CUSTOMER_EXPORT_JOB = 'customers.export';

/**
 * Starts an export of the filter, as the store's customers are now (the last one's id bounds it:
 * customers who join while it runs are not in it): the row with the number of customers it will
 * hold, and its job.
 */
export async function createExport(db: Executor, storeId: number, filter: ExportFilter, now: Date) {
  return inTransaction(db, async (trx) => {
    const { last } = await trx
      .selectFrom('customers')
      .select((eb) => eb.fn.max('id').as('last'))
      .where('store_id', '=', storeId)
      .executeTakeFirstOrThrow();
    const bounded = { ...filter, upToId: Number(last ?? 0) };
    const total = await exportTotal(trx, storeId, bounded);
    const created = await trx
      .insertInto('customer_exports')
      .values({ store_id: storeId, filter: JSON.stringify(bounded), total })
      .returningAll()
      .executeTakeFirstOrThrow();
    await enqueueJob(trx, { kind: CUSTOMER_EXPORT_JOB, storeId, payload: { exportId: created.id }, total }, now);
    return created;
  });
}

export const findExport = (db: Executor, storeId: number, id: number) =>
  db.selectFrom('customer_exports').selectAll().where('store_id', '=', storeId).where('id', '=', id).executeTakeFirst();

/**
 * Writes the export's next batch of CSV (the customers after its last one) as its next chunk, in
 * one transaction with the progress, the last customer and the job's checkpoint: a crash loses a
 * whole batch or none of it, so a resumed export writes each customer once. False when there was
 * nothing left to write.
 */
export async function exportNextBatch(db: Executor, storeId: number, id: number, checkpoint?: RunningJob<unknown>['checkpoint']): Promise<boolean> {
  return inTransaction(db, async (trx) => {
    const job = await trx.selectFrom('customer_exports').select(['filter', 'after_customer_id', 'processed']).where('id', '=', id).executeTakeFirstOrThrow();
    const { value: batch } = await exportBatches(trx, storeId, job.filter as ExportFilter, job.after_customer_id).next();
    if (!batch) return false;
    const { next } = await trx
      .selectFrom('customer_export_chunks')
      .select(sql<number>`coalesce(max(seq), 0) + 1`.as('next'))
      .where('export_id', '=', id)
      .executeTakeFirstOrThrow();
    await trx
      .insertInto('customer_export_chunks')
      .values({ export_id: id, seq: Number(next), body: batch.csv })
      .execute();
    await trx
      .updateTable('customer_exports')
      .set((eb) => ({ processed: eb('processed', '+', batch.rows), after_customer_id: batch.lastId }))
      .where('id', '=', id)
      .execute();
    await checkpoint?.(trx, job.processed + batch.rows);
    return true;
  });
}

/**
 * Writes an export's CSV chunk by chunk (one batch of customers each) from where it stopped, then
 * marks it done; its total is what it holds (a customer erased meanwhile is not in it).
 */
export async function runExport(db: Executor, storeId: number, id: number, now: () => Date, checkpoint?: RunningJob<unknown>['checkpoint']): Promise<void> {
  const started = await db
    .updateTable('customer_exports')
    .set({ status: 'running' })
    .where('id', '=', id)
    .where('status', 'in', ['queued', 'running'])
    .returning('id')
    .executeTakeFirst();
  if (!started) return;
  // the header is chunk 0, written once whoever starts or resumes the export
  await db
    .insertInto('customer_export_chunks')
    .values({ export_id: id, seq: 0, body: csvLine(EXPORT_COLUMNS) })
    .onConflict((oc) => oc.columns(['export_id', 'seq']).doNothing())
    .execute();
  while (await exportNextBatch(db, storeId, id, checkpoint));
  await db
    .updateTable('customer_exports')
    .set((eb) => ({ status: 'done', total: eb.ref('processed'), finished_at: now() }))
    .where('id', '=', id)
    .execute();
}

/** A background export as a job: continued after its last customer when taken over. */
export const customerExportJob: JobKind<{ exportId: number }> = {
  kind: CUSTOMER_EXPORT_JOB,
  async run(job) {
    await runExport(job.db, job.storeId!, job.payload.exportId, job.now, job.checkpoint);
    return null;
  },
  async onFailure(job, error) {
    await job.db
      .updateTable('customer_exports')
      .set({ status: 'failed', error: error.slice(0, 1000), finished_at: job.now() })
      .where('id', '=', job.payload.exportId)
      .execute();
  },
};

/** The finished export's CSV, chunk by chunk in order (the download streams it). */
export async function* exportFile(db: Executor, id: number): AsyncGenerator<string> {
  for (let seq = 0; ; seq += 1) {
    const chunk = await db.selectFrom('customer_export_chunks').select('body').where('export_id', '=', id).where('seq', '=', seq).executeTakeFirst();
    if (!chunk) return;
    yield chunk.body;
  }
}

/** Forgets an export and its file (customer/export/dismiss). */
export async function dismissExport(db: Executor, storeId: number, id: number): Promise<boolean> {
  const result = await db.deleteFrom('customer_exports').where('store_id', '=', storeId).where('id', '=', id).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

export const presentExport = (job: NonNullable<Awaited<ReturnType<typeof findExport>>>) => ({
  id: job.id,
  status: job.status,
  processed: job.processed,
  total: job.total,
  error: job.error,
  created_at: job.created_at.toISOString(),
  finished_at: job.finished_at?.toISOString() ?? null,
});
