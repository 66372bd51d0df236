import { enqueueJob, type JobKind, type RunningJob } from '../../domain/jobs/index.ts';
import { inTransaction, type Executor } from '../../domain/ledger/index.ts';
import { reevaluateTiers } from './engine.ts';
import { loadLadder, type Ladder } from './ladder.ts';
import type { VipJob } from './tables.ts';

/** customers measured and moved per transaction (and per progress update) */
const BATCH = 1000;
/** The job kind that moves a store's customers to the tiers of its saved ladder. */
export const VIP_APPLY_JOB = 'vip.apply';
type Checkpoint = RunningJob<unknown>['checkpoint'];

/** Starts moving every customer of the store to the tier the saved ladder gives them: the job's row, and its job. */
export async function createApplyJob(db: Executor, storeId: number, now: Date): Promise<VipJob> {
  return inTransaction(db, async (trx) => {
    // the customers there are now: those who join during the run get their tier from their own points
    const { total, last } = await trx
      .selectFrom('customers')
      .select((eb) => [eb.fn.countAll<number>().as('total'), eb.fn.max('id').as('last')])
      .where('store_id', '=', storeId)
      .where('deleted_at', 'is', null)
      .executeTakeFirstOrThrow();
    const job = await trx
      .insertInto('vip_jobs')
      .values({ store_id: storeId, total: Number(total), until_customer_id: last === null ? 0 : Number(last) })
      .returningAll()
      .executeTakeFirstOrThrow();
    await enqueueJob(trx, { kind: VIP_APPLY_JOB, storeId, payload: { jobId: job.id }, total: Number(total) }, now);
    return job;
  });
}

export const findJob = (db: Executor, storeId: number, id: number) =>
  db.selectFrom('vip_jobs').selectAll().where('store_id', '=', storeId).where('id', '=', id).executeTakeFirst();

/**
 * Measures the next batch of customers after the job's last one and moves them, in one
 * transaction with the job's progress (counts, last customer) and the job's checkpoint: a crash
 * loses the whole batch or none of it, so a resumed job never moves a member twice. False when done.
 */
export async function applyNextBatch(
  db: Executor,
  storeId: number,
  id: number,
  ladder: Ladder,
  now: Date,
  batchSize = BATCH,
  checkpoint?: Checkpoint,
): Promise<boolean> {
  return inTransaction(db, async (trx) => {
    const job = await trx.selectFrom('vip_jobs').select(['after_customer_id', 'until_customer_id', 'processed']).where('id', '=', id).executeTakeFirstOrThrow();
    let customers = trx
      .selectFrom('customers')
      .select('id')
      .where('store_id', '=', storeId)
      .where('deleted_at', 'is', null)
      .where('id', '>', job.after_customer_id);
    if (job.until_customer_id !== null) customers = customers.where('id', '<=', job.until_customer_id);
    const batch = await customers.orderBy('id').limit(batchSize).execute();
    if (batch.length === 0) return false;
    const ids = batch.map((row) => row.id);
    const changes = await reevaluateTiers(trx, storeId, ids, now, 'settings', ladder);
    const up = changes.filter((change) => change.direction === 'up').length;
    await trx
      .updateTable('vip_jobs')
      .set((eb) => ({
        processed: eb('processed', '+', ids.length),
        moved_up: eb('moved_up', '+', up),
        moved_down: eb('moved_down', '+', changes.length - up),
        after_customer_id: ids[ids.length - 1]!,
      }))
      .where('id', '=', id)
      .execute();
    await checkpoint?.(trx, job.processed + ids.length);
    return ids.length === batchSize;
  });
}

/**
 * Moves the store's customers a batch at a time (see applyNextBatch) from where the job stopped,
 * then marks it done; a job that has ended is left alone. A batch run again moves nobody twice, as
 * a member already in their tier is not a change.
 */
export async function runApplyJob(db: Executor, storeId: number, id: number, now: () => Date, batchSize = BATCH, checkpoint?: Checkpoint): Promise<void> {
  const started = await db
    .updateTable('vip_jobs')
    .set({ status: 'running' })
    .where('id', '=', id)
    .where('store_id', '=', storeId)
    .where('status', 'in', ['queued', 'running'])
    .returning('id')
    .executeTakeFirst();
  if (!started) return;
  const ladder = await loadLadder(db, storeId);
  while (await applyNextBatch(db, storeId, id, ladder, now(), batchSize, checkpoint));
  await db.updateTable('vip_jobs').set({ status: 'done', finished_at: now() }).where('id', '=', id).execute();
}

/** An apply as a job: continued after its last customer when taken over, failed with the reason after its last attempt. */
export function vipApplyJob(batchSize = BATCH): JobKind<{ jobId: number }> {
  return {
    kind: VIP_APPLY_JOB,
    async run(job) {
      await runApplyJob(job.db, job.storeId!, job.payload.jobId, job.now, batchSize, job.checkpoint);
      return null;
    },
    async onFailure(job, error) {
      await job.db
        .updateTable('vip_jobs')
        .set({ status: 'failed', error: error.slice(0, 1000), finished_at: job.now() })
        .where('id', '=', job.payload.jobId)
        .execute();
    },
  };
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
