import type { Db } from '../../db/connection.ts';
import type { Executor } from '../ledger/index.ts';
import { reevaluateTiers } from './engine.ts';
import { loadLadder } from './ladder.ts';
import type { VipJob } from './tables.ts';

/** customers measured and moved per transaction (and per progress update) */
const BATCH = 1000;

/** Starts moving every customer of the store to the tier the saved ladder gives them: the job row. */
export async function createApplyJob(db: Executor, storeId: number): Promise<VipJob> {
  const { total } = await db
    .selectFrom('customers')
    .select((eb) => eb.fn.countAll<number>().as('total'))
    .where('store_id', '=', storeId)
    .where('deleted_at', 'is', null)
    .executeTakeFirstOrThrow();
  return db
    .insertInto('vip_jobs')
    .values({ store_id: storeId, total: Number(total) })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export const findJob = (db: Executor, storeId: number, id: number) =>
  db.selectFrom('vip_jobs').selectAll().where('store_id', '=', storeId).where('id', '=', id).executeTakeFirst();

/**
 * Measures the store's customers a batch at a time (one transaction each: the figures upserted,
 * the moved members' rows, tier names and activity entries written set-based, entry rewards
 * through the ledger's idempotency key), and reports progress after each batch. The job is
 * claimed atomically (queued → running), so two runners never both work it; a batch run again
 * moves nobody twice, as a member already in their tier is not a change.
 */
export async function runApplyJob(db: Db, storeId: number, id: number, now: () => Date, batchSize = BATCH): Promise<void> {
  const claimed = await db
    .updateTable('vip_jobs')
    .set({ status: 'running' })
    .where('id', '=', id)
    .where('store_id', '=', storeId)
    .where('status', '=', 'queued')
    .returning('id')
    .executeTakeFirst();
  if (!claimed) return;
  try {
    const ladder = await loadLadder(db, storeId);
    let after = 0;
    let processed = 0;
    let up = 0;
    let down = 0;
    for (;;) {
      const batch = await db
        .selectFrom('customers')
        .select('id')
        .where('store_id', '=', storeId)
        .where('deleted_at', 'is', null)
        .where('id', '>', after)
        .orderBy('id')
        .limit(batchSize)
        .execute();
      if (batch.length === 0) break;
      const ids = batch.map((row) => row.id);
      const changes = await reevaluateTiers(db, storeId, ids, now(), 'settings', ladder);
      up += changes.filter((change) => change.direction === 'up').length;
      down += changes.length - changes.filter((change) => change.direction === 'up').length;
      processed += ids.length;
      after = ids[ids.length - 1]!;
      await db.updateTable('vip_jobs').set({ processed, moved_up: up, moved_down: down }).where('id', '=', id).execute();
    }
    await db.updateTable('vip_jobs').set({ status: 'done', processed, finished_at: now() }).where('id', '=', id).execute();
  } catch (error) {
    await db
      .updateTable('vip_jobs')
      .set({ status: 'failed', error: error instanceof Error ? error.message : String(error), finished_at: now() })
      .where('id', '=', id)
      .execute();
  }
}

export const presentJob = (job: VipJob) => ({
  id: job.id,
  status: job.status,
  processed: job.processed,
  total: job.total,
  moved_up: job.moved_up,
  moved_down: job.moved_down,
  error: job.error,
  created_at: job.created_at.toISOString(),
  finished_at: job.finished_at?.toISOString() ?? null,
});
