import { sql } from 'kysely';
import { json } from '../../db/normalize.ts';
import { enqueueJob, type JobKind, type RunningJob } from '../../domain/jobs/index.ts';
import { inTransaction, type Executor } from '../../domain/ledger/index.ts';
import { applyProductItems, prepareProductImport, type ProductImportItem } from '../products/index.ts';
import { applyImportItems, prepareImport, type ImportItem } from './import.ts';
import type { ImportKind, OrderImport } from './tables.ts';
import { letRequestsThrough } from '../../domain/cooperate.ts';

/** Imports of more orders than this answer at once and run in the background. */
const SYNC_IMPORT_LIMIT = 200;
/** Orders imported per step (one transaction and one progress update each). */
const IMPORT_CHUNK = 200;
/** The job kind of a background import (orders or products). */
export const ORDER_IMPORT_JOB = 'orders.import';

/**
 * Records an import of these file rows (orders, or products): validated at once (refused rows are
 * in failed_rows from the start), items kept in the row until imported. `background` when there
 * are more than SYNC_IMPORT_LIMIT: its job is queued with it; otherwise the caller runs it now.
 */
export async function createImport(
  db: Executor,
  storeId: number,
  rows: unknown[],
  now: Date,
  kind: ImportKind = 'orders',
): Promise<{ record: OrderImport; background: boolean }> {
  const { items, failed } = kind === 'products' ? prepareProductImport(rows) : prepareImport(rows);
  const background = items.length > SYNC_IMPORT_LIMIT;
  return inTransaction(db, async (trx) => {
    const record = await trx
      .insertInto('order_imports')
      .values({
        store_id: storeId,
        kind,
        status: background ? 'queued' : 'running',
        rows: rows.length,
        total: items.length,
        failed_rows: json(failed),
        orders: json(items),
        created_at: now,
        updated_at: now,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    if (background) await enqueueJob(trx, { kind: ORDER_IMPORT_JOB, storeId, payload: { importId: record.id }, total: items.length }, now);
    return { record, background };
  });
}

/**
 * Imports the orders of an import from where it stopped, a chunk at a time, its progress recorded
 * after each (with the job's checkpoint when it runs as a job); done, its orders dropped. The
 * ledger's idempotency keys make a chunk repeated after a crash credit nothing twice.
 */
async function importChunks(db: Executor, record: OrderImport, now: () => Date, chunkSize: number, checkpoint?: RunningJob<unknown>['checkpoint']) {
  for (let start = record.processed; start < record.orders.length; start += chunkSize) {
    const chunk = record.orders.slice(start, start + chunkSize);
    const failed =
      record.kind === 'products'
        ? await applyProductItems(db, record.store_id, chunk as ProductImportItem[], now())
        : await applyImportItems(db, record.store_id, chunk as ImportItem[], now());
    await inTransaction(db, async (trx) => {
      await trx
        .updateTable('order_imports')
        .set({ processed: start + chunk.length, updated_at: now(), failed_rows: sql`failed_rows || ${json(failed)}::jsonb` })
        .where('id', '=', record.id)
        .execute();
      await checkpoint?.(trx, start + chunk.length);
    });
    await letRequestsThrough();
  }
  return db
    .updateTable('order_imports')
    .set({ status: 'done', orders: json([]), updated_at: now(), finished_at: now() })
    .where('id', '=', record.id)
    .returningAll()
    .executeTakeFirstOrThrow();
}

const markFailed = (db: Executor, id: number, message: string, now: Date) =>
  db
    .updateTable('order_imports')
    .set({ status: 'failed', error: message.slice(0, 1000), updated_at: now, finished_at: now })
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirstOrThrow();

/** Runs a small import within the request: done, or failed with the reason. */
export async function runImport(db: Executor, record: OrderImport, now: () => Date, chunkSize = IMPORT_CHUNK): Promise<OrderImport> {
  try {
    return await importChunks(db, record, now, chunkSize);
  } catch (error) {
    return markFailed(db, record.id, error instanceof Error ? error.message : String(error), now());
  }
}

/** A background import as a job: continued from its progress when taken over, retried on a failure, failed for good after its last attempt. */
export function orderImportJob(chunkSize = IMPORT_CHUNK): JobKind<{ importId: number }> {
  return {
    kind: ORDER_IMPORT_JOB,
    async run(job) {
      const record = await job.db
        .updateTable('order_imports')
        .set({ status: 'running', updated_at: job.now() })
        .where('id', '=', job.payload.importId)
        .where('status', 'in', ['queued', 'running'])
        .returningAll()
        .executeTakeFirst();
      if (!record) return null;
      const done = await importChunks(job.db, record, job.now, chunkSize, job.checkpoint);
      return { processed: done.processed };
    },
    async onFailure(job, error) {
      await markFailed(job.db, job.payload.importId, error, job.now());
    },
  };
}

export async function findImport(db: Executor, storeId: number, id: number, kind: ImportKind = 'orders'): Promise<OrderImport | undefined> {
  return db.selectFrom('order_imports').selectAll().where('id', '=', id).where('store_id', '=', storeId).where('kind', '=', kind).executeTakeFirst();
}

/** The store's newest imports of a kind (Product History lists them). */
export async function listImports(db: Executor, storeId: number, kind: ImportKind, limit: number): Promise<OrderImport[]> {
  return db.selectFrom('order_imports').selectAll().where('store_id', '=', storeId).where('kind', '=', kind).orderBy('id', 'desc').limit(limit).execute();
}

/** The progress of an import as the data host answers it. */
export function presentImport(record: OrderImport) {
  return {
    id: record.id,
    status: record.status,
    rows: record.rows,
    total: record.total,
    processed: record.processed,
    failed_rows: [...record.failed_rows].sort((a, b) => a.row - b.row),
    error: record.error,
    created_at: record.created_at.toISOString(),
    finished_at: record.finished_at?.toISOString() ?? null,
  };
}
