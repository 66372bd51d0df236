import type { Db } from '../../db/connection.ts';
import { claimJob, finishClaimed, holdClaim, resumeStalled, type JobClaim } from '../job-claims.ts';
import { inTransaction, type Executor } from '../ledger/index.ts';
import { reevaluateTiers } from './engine.ts';
import { loadLadder, type Ladder } from './ladder.ts';
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

/** Takes a job for this runner (null when another holds it): a queued one, or (`stalled`) one whose runner has been silent since before `stalled`. */
export const claimApplyJob = (db: Executor, storeId: number, id: number, now: Date, stalled?: Date) => claimJob(db, 'vip_jobs', storeId, id, now, stalled);

/**
 * Measures the next batch of customers after the job's last one and moves them, in one
 * transaction with the job's progress (counts, last customer, heartbeat): a crash loses the
 * whole batch or none of it, so a resumed job never moves a member twice. False when done.
 */
export async function applyNextBatch(db: Executor, claim: JobClaim, ladder: Ladder, now: Date, batchSize = BATCH): Promise<boolean> {
  return inTransaction(db, async (trx) => {
    await holdClaim(trx, 'vip_jobs', claim);
    const job = await trx.selectFrom('vip_jobs').select('after_customer_id').where('id', '=', claim.id).executeTakeFirstOrThrow();
    const batch = await trx
      .selectFrom('customers')
      .select('id')
      .where('store_id', '=', claim.storeId)
      .where('deleted_at', 'is', null)
      .where('id', '>', job.after_customer_id)
      .orderBy('id')
      .limit(batchSize)
      .execute();
    if (batch.length === 0) return false;
    const ids = batch.map((row) => row.id);
    const changes = await reevaluateTiers(trx, claim.storeId, ids, now, 'settings', ladder);
    const up = changes.filter((change) => change.direction === 'up').length;
    await trx
      .updateTable('vip_jobs')
      .set((eb) => ({
        processed: eb('processed', '+', ids.length),
        moved_up: eb('moved_up', '+', up),
        moved_down: eb('moved_down', '+', changes.length - up),
        after_customer_id: ids[ids.length - 1]!,
        heartbeat_at: now,
      }))
      .where('id', '=', claim.id)
      .execute();
    return ids.length === batchSize;
  });
}

/** Runs a claimed job's batches to the end, then marks it done (or failed, with the error). */
const finishJob = (db: Db, claim: JobClaim, now: () => Date, batchSize: number) =>
  finishClaimed(db, 'vip_jobs', claim, now, async () => {
    const ladder = await loadLadder(db, claim.storeId);
    while (await applyNextBatch(db, claim, ladder, now(), batchSize));
  });

/**
 * Moves the store's customers a batch at a time (see applyNextBatch) and reports progress after
 * each batch. The job is claimed atomically (queued → running), so two runners never both work
 * it; a batch run again moves nobody twice, as a member already in their tier is not a change.
 */
export async function runApplyJob(db: Db, storeId: number, id: number, now: () => Date, batchSize = BATCH): Promise<void> {
  const claim = await claimApplyJob(db, storeId, id, now());
  if (claim) await finishJob(db, claim, now, batchSize);
}

/** The maintenance job's step for apply jobs whose runner died: continued after their last customer (see resumeStalled). */
export const resumeStalledApplyJobs = (db: Db, now: () => Date, batchSize = BATCH) =>
  resumeStalled(db, 'vip_jobs', now, (claim) => finishJob(db, claim, now, batchSize));

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
