import type { Db } from '../../db/connection.ts';
import type { Executor } from '../ledger/index.ts';
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

/** Writes the CSV chunk by chunk (one batch of customers each), with the progress after each. */
export async function runExport(db: Db, storeId: number, id: number, now: () => Date): Promise<void> {
  const job = await findExport(db, storeId, id);
  if (!job || job.status !== 'queued') return;
  await db.updateTable('customer_exports').set({ status: 'running' }).where('id', '=', id).execute();
  try {
    await db
      .insertInto('customer_export_chunks')
      .values({ export_id: id, seq: 0, body: csvLine(EXPORT_COLUMNS) })
      .execute();
    let seq = 1;
    let processed = 0;
    for await (const batch of exportBatches(db, storeId, job.filter as ExportFilter)) {
      processed += batch.rows;
      await db.insertInto('customer_export_chunks').values({ export_id: id, seq, body: batch.csv }).execute();
      await db.updateTable('customer_exports').set({ processed }).where('id', '=', id).execute();
      seq += 1;
    }
    await db.updateTable('customer_exports').set({ status: 'done', processed, finished_at: now() }).where('id', '=', id).execute();
  } catch (error) {
    await db
      .updateTable('customer_exports')
      .set({ status: 'failed', error: error instanceof Error ? error.message : String(error), finished_at: now() })
      .where('id', '=', id)
      .execute();
  }
}

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
