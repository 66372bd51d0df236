import { sql } from 'kysely';
import type { Db } from '../../db/connection.ts';
import { claimJob, finishClaimed, holdClaim, resumeStalled, type JobClaim } from '../job-claims.ts';
import { inTransaction, type Executor } from '../ledger/index.ts';
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

/** Starts an export of the filter: the row with the number of customers it will hold. */
export async function createExport(db: Executor, storeId: number, filter: ExportFilter) {
  const total = await exportTotal(db, storeId, filter);
  return db
    .insertInto('customer_exports')
    .values({ store_id: storeId, filter: JSON.stringify(filter), total })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export const findExport = (db: Executor, storeId: number, id: number) =>
  db.selectFrom('customer_exports').selectAll().where('store_id', '=', storeId).where('id', '=', id).executeTakeFirst();

/**
 * Writes the export's next batch of CSV (the customers after its last one) as its next chunk, in
 * one transaction with the progress, the last customer and the heartbeat, while `claim` still holds
 * the export: a crash loses a whole batch or none of it, so a resumed export writes each customer
 * once. False when there was nothing left to write.
 */
export async function exportNextBatch(db: Db, claim: JobClaim, now: Date): Promise<boolean> {
  return inTransaction(db, async (trx) => {
    await holdClaim(trx, 'customer_exports', claim);
    const job = await trx.selectFrom('customer_exports').select(['filter', 'after_customer_id']).where('id', '=', claim.id).executeTakeFirstOrThrow();
    const { value: batch } = await exportBatches(trx, claim.storeId, job.filter as ExportFilter, job.after_customer_id).next();
    if (!batch) return false;
    const { next } = await trx
      .selectFrom('customer_export_chunks')
      .select(sql<number>`coalesce(max(seq), 0) + 1`.as('next'))
      .where('export_id', '=', claim.id)
      .executeTakeFirstOrThrow();
    await trx
      .insertInto('customer_export_chunks')
      .values({ export_id: claim.id, seq: Number(next), body: batch.csv })
      .execute();
    await trx
      .updateTable('customer_exports')
      .set((eb) => ({ processed: eb('processed', '+', batch.rows), after_customer_id: batch.lastId, heartbeat_at: now }))
      .where('id', '=', claim.id)
      .execute();
    return true;
  });
}

/** Runs a claimed export's batches to the end, then marks it done (or failed, with the error). */
const finishExport = (db: Db, claim: JobClaim, now: () => Date) =>
  finishClaimed(db, 'customer_exports', claim, now, async () => {
    // the header is chunk 0, written once whoever starts or resumes the export
    await db
      .insertInto('customer_export_chunks')
      .values({ export_id: claim.id, seq: 0, body: csvLine(EXPORT_COLUMNS) })
      .onConflict((oc) => oc.columns(['export_id', 'seq']).doNothing())
      .execute();
    while (await exportNextBatch(db, claim, now()));
  });

/** Claims a queued export and writes its CSV chunk by chunk (one batch of customers each), with the progress after each. */
export async function runExport(db: Db, storeId: number, id: number, now: () => Date): Promise<void> {
  const claim = await claimJob(db, 'customer_exports', storeId, id, now());
  if (claim) await finishExport(db, claim, now);
}

/** The maintenance job's step for exports whose runner died: continued after their last customer (see resumeStalled). */
export const resumeStalledExports = (db: Db, now: () => Date) => resumeStalled(db, 'customer_exports', now, (claim) => finishExport(db, claim, now));

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
