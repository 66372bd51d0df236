/**
 * The jobs table as a queue: what callers enqueue (inside their own transaction, so the job exists
 * exactly when what it works on does), and the claim / checkpoint / settle steps the runner
 * (server/jobs/engine.ts) takes. Every step names the runner's token, so a runner that lost its job
 * to a takeover can write nothing more.
 */
import { sql } from 'kysely';
import type { Db } from '../../db/connection.ts';
import { json } from '../../db/normalize.ts';
import type { Job, JobState } from './tables.ts';

/** The channel a commit that enqueued a job notifies (PostgreSQL: other processes wake at once). */
export const JOBS_CHANNEL = 'ls_jobs';
/** A running job whose runner has not said it is alive for this long is taken over. */
export const STALLED_AFTER_MS = 60_000;
const DEFAULT_MAX_ATTEMPTS = 5;

export interface NewJob {
  kind: string;
  storeId: number | null;
  payload?: unknown;
  /** idempotency: one job per kind, store and key (a second enqueue returns the first) */
  key?: string;
  total?: number;
  /** not before (default: now) */
  runAfter?: Date;
  maxAttempts?: number;
}

/** Queues a job (or finds the one with its key): in the caller's transaction when given one. */
export async function enqueueJob(db: Db, job: NewJob, now: Date): Promise<{ id: number; created: boolean }> {
  const inserted = await db
    .insertInto('jobs')
    .values({
      kind: job.kind,
      store_id: job.storeId,
      key: job.key ?? null,
      payload: json(job.payload ?? {}),
      total: job.total ?? null,
      run_after: job.runAfter ?? now,
      max_attempts: job.maxAttempts ?? DEFAULT_MAX_ATTEMPTS,
      created_at: now,
    })
    .onConflict((conflict) =>
      conflict
        .expression(sql`kind, coalesce(store_id, 0), key`)
        .where('key', 'is not', null)
        .doNothing(),
    )
    .returning('id')
    .executeTakeFirst();
  if (inserted) {
    // delivered when the caller's transaction commits, never for one rolled back
    await sql`select pg_notify(${JOBS_CHANNEL}, ${job.kind})`.execute(db);
    return { id: inserted.id, created: true };
  }
  const existing = await db
    .selectFrom('jobs')
    .select('id')
    .where('kind', '=', job.kind)
    .where(sql<number>`coalesce(store_id, 0)`, '=', job.storeId ?? 0)
    .where('key', '=', job.key ?? '')
    .executeTakeFirstOrThrow();
  return { id: existing.id, created: false };
}

/** The key of a recurring kind's one job. */
const RECURRING_KEY = 'recurring';

/** Makes sure the recurring kind has its one job (due now when it is new). */
export async function ensureRecurringJob(db: Db, kind: string, now: Date): Promise<void> {
  await enqueueJob(db, { kind, storeId: null, key: RECURRING_KEY }, now);
}

/**
 * Brings a recurring job's next run forward to now (new work for it). A run under way counts the
 * request in its `progress` (a recurring job has no other): it is queued again at once when it
 * ends, since it may have started before the new work. False when the job was already due.
 */
export async function runRecurringNow(db: Db, kind: string, now: Date): Promise<boolean> {
  const moved = await db
    .updateTable('jobs')
    .set((eb) => ({
      run_after: eb
        .case()
        .when('state', '=', 'queued')
        .then(sql<Date>`${now}::timestamptz`)
        .else(eb.ref('run_after'))
        .end(),
      progress: eb
        .case()
        .when('state', '=', 'running')
        .then(eb('progress', '+', 1))
        .else(eb.ref('progress'))
        .end(),
    }))
    .where('kind', '=', kind)
    .where('key', '=', RECURRING_KEY)
    .where((eb) => eb.or([eb.and([eb('state', '=', 'queued'), eb('run_after', '>', now)]), eb('state', '=', 'running')]))
    .returning('state')
    .executeTakeFirst();
  if (moved?.state === 'queued') await sql`select pg_notify(${JOBS_CHANNEL}, ${kind})`.execute(db);
  return Boolean(moved);
}

/** A runner's hold on a job. */
export interface JobClaim {
  job: Job;
  token: string;
}

/**
 * Takes the next job of one of `kinds` for the runner `token`: a queued one that is due, or a
 * running one whose runner fell silent (`stalledBefore`). SKIP LOCKED: two runners never take the
 * same job; every claim counts as an attempt.
 */
export async function claimJob(db: Db, kinds: string[], token: string, now: Date, stalledBefore: Date): Promise<Job | undefined> {
  if (kinds.length === 0) return undefined;
  const { rows } = await sql<{ id: number }>`
    update jobs set state = 'running', claimed_by = ${token}, heartbeat_at = ${now}, attempts = attempts + 1
    where id = (
      select id from jobs
      where kind = any(${kinds}::text[])
        and ((state = 'queued' and run_after <= ${now}) or (state = 'running' and heartbeat_at < ${stalledBefore}))
      order by run_after, id limit 1 for update skip locked)
    returning id`.execute(db);
  const [row] = rows;
  // raw SQL skips the drivers' type parsing: read the row back through Kysely
  return row ? db.selectFrom('jobs').selectAll().where('id', '=', Number(row.id)).executeTakeFirst() : undefined;
}

/** The runner no longer holds the job (another runner took it over, or it was cancelled). */
export class LostClaim extends Error {
  constructor() {
    super('The job was taken over by another runner or cancelled.');
  }
}

/**
 * Records the job's progress and that its runner is alive, in `db` (the batch's own transaction,
 * so a batch and its progress commit together); throws LostClaim when the runner lost the job,
 * which rolls the batch back. The update locks the row until that transaction ends.
 */
export async function checkpointJob(db: Db, id: number, token: string, now: Date, progress: { progress?: number; total?: number }): Promise<void> {
  const held = await db
    .updateTable('jobs')
    .set({ heartbeat_at: now, ...progress })
    .where('id', '=', id)
    .where('claimed_by', '=', token)
    .where('state', '=', 'running')
    .returning('id')
    .executeTakeFirst();
  if (!held) throw new LostClaim();
}

/** Says the runner `token` is alive for every job it holds. */
export async function heartbeatJobs(db: Db, token: string, now: Date): Promise<void> {
  await db.updateTable('jobs').set({ heartbeat_at: now }).where('claimed_by', '=', token).where('state', '=', 'running').execute();
}

export type JobOutcome =
  | { state: 'done'; result: unknown }
  | { state: 'failed'; error: string }
  /**
   * back to the queue: a retry after its backoff, or a job handed back by a runner that stops
   * (`attempt` false: not counted); `nowIfProgressPast`: a recurring job brought forward during
   * its run (its progress past the one it was claimed with) runs again at once
   */
  | { state: 'queued'; error: string | null; runAfter: Date; attempt: boolean; nowIfProgressPast?: number };

/** Ends the runner's claim with the outcome; nothing when the runner no longer holds the job. */
export async function settleJob(db: Db, id: number, token: string, now: Date, outcome: JobOutcome): Promise<void> {
  const values =
    outcome.state === 'done'
      ? { state: outcome.state, result: json(outcome.result ?? null), error: null, finished_at: now }
      : outcome.state === 'failed'
        ? { state: outcome.state, error: outcome.error.slice(0, 2_000), finished_at: now }
        : {
            state: outcome.state,
            error: outcome.error?.slice(0, 2_000) ?? null,
            run_after:
              outcome.nowIfProgressPast === undefined
                ? outcome.runAfter
                : sql<Date>`case when progress > ${outcome.nowIfProgressPast} then ${now}::timestamptz else ${outcome.runAfter}::timestamptz end`,
            attempts: outcome.attempt ? sql<number>`attempts` : sql<number>`attempts - 1`,
          };
  await db
    .updateTable('jobs')
    .set({ ...values, claimed_by: null })
    .where('id', '=', id)
    .where('claimed_by', '=', token)
    .where('state', '=', 'running')
    .execute();
}

/** Cancels a store's unfinished jobs (of `kinds`, or all): their runners stop at their next checkpoint. */
export async function cancelJobs(db: Db, storeId: number, now: Date, kinds?: string[]): Promise<number> {
  let query = db
    .updateTable('jobs')
    .set({ state: 'cancelled', claimed_by: null, finished_at: now })
    .where('store_id', '=', storeId)
    .where('state', 'in', ['queued', 'running']);
  if (kinds) query = query.where('kind', 'in', kinds);
  const result = await query.executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/** Cancels one of a store's unfinished jobs (its runner stops at its next checkpoint); false when it had already ended. */
export async function cancelJob(db: Db, storeId: number, id: number, now: Date): Promise<boolean> {
  const result = await db
    .updateTable('jobs')
    .set({ state: 'cancelled', claimed_by: null, finished_at: now })
    .where('id', '=', id)
    .where('store_id', '=', storeId)
    .where('state', 'in', ['queued', 'running'])
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

export function findJob(db: Db, storeId: number, id: number): Promise<Job | undefined> {
  return db.selectFrom('jobs').selectAll().where('id', '=', id).where('store_id', '=', storeId).executeTakeFirst();
}

/** The earliest time a queued job of `kinds` becomes due (the runner sleeps until then at most). */
export async function nextDue(db: Db, kinds: string[]): Promise<Date | undefined> {
  if (kinds.length === 0) return undefined;
  const row = await db
    .selectFrom('jobs')
    .select((eb) => eb.fn.min('run_after').as('due'))
    .where('state', '=', 'queued')
    .where('kind', 'in', kinds)
    .executeTakeFirst();
  return row?.due ? new Date(row.due) : undefined;
}

/** A job as the console's progress reads it. */
export interface JobView {
  id: number;
  kind: string;
  state: JobState;
  progress: number;
  total: number | null;
  attempts: number;
  error: string | null;
  result: unknown;
  created_at: string;
  finished_at: string | null;
}

export function presentJob(job: Job): JobView {
  return {
    id: job.id,
    kind: job.kind,
    state: job.state,
    progress: job.progress,
    total: job.total,
    attempts: job.attempts,
    error: job.error,
    result: job.result ?? null,
    created_at: new Date(job.created_at).toISOString(),
    finished_at: job.finished_at ? new Date(job.finished_at).toISOString() : null,
  };
}

/** Deletes the jobs that ended before `before` (done, failed or cancelled); answers how many. */
export async function purgeFinishedJobs(db: Db, before: Date): Promise<number> {
  const result = await db.deleteFrom('jobs').where('state', 'in', ['done', 'failed', 'cancelled']).where('finished_at', '<', before).executeTakeFirst();
  return Number(result.numDeletedRows);
}
