/**
 * What a kind of background job declares (its handler, how many run at once, its backoff), and
 * what its handler gets. Kinds live with their area (an import beside the import); the runner
 * (server/jobs/engine.ts) runs them.
 */
import type { Db } from '../../db/connection.ts';

/** What a handler gets: the job, and the means to checkpoint it. */
export interface RunningJob<P> {
  id: number;
  storeId: number | null;
  payload: P;
  /** where a job taken over continues from (0 on a first run) */
  progress: number;
  total: number | null;
  /** this claim's number (1 on a first run) */
  attempt: number;
  db: Db;
  now(): Date;
  /**
   * Records progress in `trx`, the batch's own transaction (a batch and its progress commit
   * together); throws LostClaim (rolling the batch back) when the job was taken over or
   * cancelled, and JobStopping when this runner is stopping (the job goes back to the queue).
   */
  checkpoint(trx: Db, progress: number, total?: number): Promise<void>;
}

/** One kind of job: its handler and how it is run. */
export interface JobKind<P = never> {
  kind: string;
  /** does the work, from `job.progress` on; what it returns is the job's result */
  run(job: RunningJob<P>): Promise<unknown>;
  /** jobs of this kind one process runs at once (default 1) */
  concurrency?: number;
  /** the wait before retry `attempt` (default 2^attempt s, at most 10 min) */
  retryDelayMs?(attempt: number): number;
  /**
   * A recurring pass (the maintenance pass, the email outbox, outgoing webhooks): one job of the
   * kind, run by one runner at a time across the processes, queued again this long after each run
   * (done or failed alike: it never finishes); `runRecurringNow` brings its next run forward.
   */
  everyMs?: number;
  /** when the job has failed for good (its last attempt, or a PermanentFailure): the area records it on its own rows */
  onFailure?(job: RunningJob<P>, error: string): Promise<void>;
}

/** A handler's way to say: try again after this long (a platform's rate limit). */
export class RetryLater extends Error {
  constructor(
    message: string,
    readonly delayMs: number,
  ) {
    super(message);
  }
}

/** A handler's way to say: retrying will not help. */
export class PermanentFailure extends Error {}

/** Thrown by a checkpoint while the runner stops: the job is handed back, not failed. */
export class JobStopping extends Error {}
