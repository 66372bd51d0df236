import { sql } from 'kysely';
import { json } from '../../db/normalize.ts';
import type { Executor } from '../ledger/index.ts';
import { applyProductItems, prepareProductImport, type ProductImportItem } from '../products/import.ts';
import { applyImportItems, prepareImport, type ImportItem } from './import.ts';
import type { ImportKind, OrderImport } from './tables.ts';
import { letRequestsThrough } from '../cooperate.ts';

/** Imports of more orders than this answer at once and run in the background. */
const SYNC_IMPORT_LIMIT = 200;
/** Orders imported per step (one transaction and one progress update each). */
const IMPORT_CHUNK = 200;
/** A running import not updated for this long lost its process: another one may resume it. */
const STALE_MS = 60_000;

/**
 * Records an import of these file rows (orders, or products): validated at once (refused rows are
 * in failed_rows from the start), items kept in the row until imported. `background` when there
 * are more than SYNC_IMPORT_LIMIT: the caller then queues it; otherwise the caller runs it now.
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
  const record = await db
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
  return { record, background };
}

/**
 * Takes an import to run (this one, or the oldest waiting): queued, or running but abandoned by
 * a process that stopped. `FOR UPDATE SKIP LOCKED`: two processes never take the same one.
 */
export async function claimImport(db: Executor, now: Date, id?: number): Promise<OrderImport | undefined> {
  const stale = new Date(now.getTime() - STALE_MS);
  const { rows } = await sql<OrderImport>`
    update order_imports set status = 'running', updated_at = ${now}
    where id = (
      select id from order_imports
      where (status = 'queued' or (status = 'running' and updated_at < ${stale})) ${id === undefined ? sql`` : sql`and id = ${id}`}
      order by id limit 1 for update skip locked)
    returning *`.execute(db);
  const [row] = rows;
  // raw SQL skips the driver's type parsing of PGlite and pg alike: read the row back through Kysely
  return row ? db.selectFrom('order_imports').selectAll().where('id', '=', row.id).executeTakeFirst() : undefined;
}

/**
 * Imports the orders of a claimed import from where it stopped, a chunk at a time, recording
 * progress after each; done (its orders dropped) or failed with the reason. The ledger's
 * idempotency keys make a chunk repeated after a crash credit nothing twice.
 */
export async function runImport(db: Executor, record: OrderImport, now: () => Date, chunkSize = IMPORT_CHUNK): Promise<OrderImport> {
  try {
    for (let start = record.processed; start < record.orders.length; start += chunkSize) {
      const chunk = record.orders.slice(start, start + chunkSize);
      const failed =
        record.kind === 'products'
          ? await applyProductItems(db, record.store_id, chunk as ProductImportItem[], now())
          : await applyImportItems(db, record.store_id, chunk as ImportItem[], now());
      await db
        .updateTable('order_imports')
        .set({
          processed: start + chunk.length,
          updated_at: now(),
          failed_rows: sql`failed_rows || ${json(failed)}::jsonb`,
        })
        .where('id', '=', record.id)
        .execute();
      await letRequestsThrough();
    }
    return await db
      .updateTable('order_imports')
      .set({ status: 'done', orders: json([]), updated_at: now(), finished_at: now() })
      .where('id', '=', record.id)
      .returningAll()
      .executeTakeFirstOrThrow();
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    return db
      .updateTable('order_imports')
      .set({ status: 'failed', error: message.slice(0, 1000), updated_at: now(), finished_at: now() })
      .where('id', '=', record.id)
      .returningAll()
      .executeTakeFirstOrThrow();
  }
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
