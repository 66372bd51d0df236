/**
 * Background jobs that survive their runner (a crash, a restart, another process): a runner claims
 * a job with a token, writes each batch with the job's progress and heartbeat in one transaction
 * while its token still holds, and the maintenance job claims again a job whose runner has been
 * silent for STALLED_AFTER_MS, to continue it after its last batch. Used by the VIP apply jobs and
 * the customer exports (tables with `store_id`, `status`, `claimed_by`, `heartbeat_at`, `created_at`).
 */
import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import type { Executor } from './ledger/index.ts';

export type ClaimedTable = 'vip_jobs' | 'customer_exports';

/** A runner silent this long (no batch finished) is taken for dead: the maintenance job continues its job. */
export const STALLED_AFTER_MS = 5 * 60_000;

/** A runner's hold on a job: its token is checked by every batch it writes. */
export interface JobClaim {
  storeId: number;
  id: number;
  token: string;
}

/** The batch's runner no longer holds the job (another took it over): the batch is rolled back. */
export class LostClaim extends Error {}

/** Takes a job for this runner (null when another holds it): a queued one, or (`stalled`) one whose runner has been silent since before `stalled`. */
export async function claimJob(db: Executor, table: ClaimedTable, storeId: number, id: number, now: Date, stalled?: Date): Promise<JobClaim | null> {
  const token = randomUUID();
  let query = db.updateTable(table).set({ status: 'running', claimed_by: token, heartbeat_at: now }).where('id', '=', id).where('store_id', '=', storeId);
  query = stalled
    ? query.where('status', 'in', ['queued', 'running']).where(sql<Date>`coalesce(heartbeat_at, created_at)`, '<', stalled)
    : query.where('status', '=', 'queued');
  const claimed = await query.returning('id').executeTakeFirst();
  return claimed ? { storeId, id, token } : null;
}

/** Locks the claimed job for the batch's transaction, or throws LostClaim when its runner no longer holds it. */
export async function holdClaim(trx: Executor, table: ClaimedTable, claim: JobClaim): Promise<void> {
  const held = await trx
    .selectFrom(table)
    .select('id')
    .where('id', '=', claim.id)
    .where('claimed_by', '=', claim.token)
    .where('status', '=', 'running')
    .forUpdate()
    .executeTakeFirst();
  if (!held) throw new LostClaim();
}

/** The jobs of `table` (every store's) whose runner has been silent since before `stalled`: the ones to claim again. */
const stalledJobs = (db: Executor, table: ClaimedTable, stalled: Date) =>
  db
    .selectFrom(table)
    .select(['id', 'store_id'])
    .where('status', 'in', ['queued', 'running'])
    .where(sql<Date>`coalesce(heartbeat_at, created_at)`, '<', stalled)
    .orderBy('id')
    .execute();

/**
 * Runs a claimed job's `batches` to the end, then marks it done, or failed with the error; the end
 * is written only while this runner still holds the job (one that lost it just stops).
 */
export async function finishClaimed(db: Executor, table: ClaimedTable, claim: JobClaim, now: () => Date, batches: () => Promise<void>): Promise<void> {
  const settle = (values: { status: 'done' | 'failed'; error?: string; finished_at: Date }) =>
    db.updateTable(table).set(values).where('id', '=', claim.id).where('claimed_by', '=', claim.token).where('status', '=', 'running').execute();
  try {
    await batches();
    await settle({ status: 'done', finished_at: now() });
  } catch (error) {
    if (error instanceof LostClaim) return;
    await settle({ status: 'failed', error: error instanceof Error ? error.message : String(error), finished_at: now() });
  }
}

/**
 * The maintenance job's step for jobs whose runner died (a crash, a restart): a job queued or
 * running with no batch written for STALLED_AFTER_MS is claimed again and `finish`ed after its
 * last batch. A runner that was only slow finds the job taken at its next batch and stops.
 * Returns how many jobs were resumed.
 */
export async function resumeStalled(db: Executor, table: ClaimedTable, now: () => Date, finish: (claim: JobClaim) => Promise<void>): Promise<number> {
  const stalled = new Date(now().getTime() - STALLED_AFTER_MS);
  let resumed = 0;
  for (const job of await stalledJobs(db, table, stalled)) {
    const claim = await claimJob(db, table, job.store_id, job.id, now(), stalled);
    if (!claim) continue;
    resumed += 1;
    await finish(claim);
  }
  return resumed;
}
