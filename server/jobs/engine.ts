/**
 * The one job engine: a runner per server process claims jobs of the kinds it was given from the
 * `jobs` table (server/domain/jobs/queue.ts), runs each kind's handler, and settles it — done,
 * retried after a backoff, or failed. A runner says it is alive every few seconds; the job of a
 * runner that fell silent for a minute (a crash, a kill -9; JOBS_STALLED_AFTER_SECONDS) is taken over by any runner
 * and continued from its last checkpoint. On PostgreSQL a commit that enqueues a job wakes every
 * process at once (LISTEN/NOTIFY); every runner also looks for due work at a regular interval.
 */
import { randomUUID } from 'node:crypto';
import { Client } from 'pg';
import type { Clock } from '../clock.ts';
import type { Db } from '../db/connection.ts';
import {
  checkpointJob,
  claimJob,
  ensureRecurringJob,
  heartbeatJobs,
  JOBS_CHANNEL,
  LostClaim,
  nextDue,
  settleJob,
  STALLED_AFTER_MS,
  type JobOutcome,
} from '../domain/jobs/queue.ts';
import type { Job } from '../domain/jobs/tables.ts';
import { JobStopping, PermanentFailure, RetryLater, type JobKind, type RunningJob } from '../domain/jobs/kind.ts';

export { PermanentFailure, RetryLater, type JobKind, type RunningJob } from '../domain/jobs/kind.ts';

export interface JobRunnerOptions {
  /** PostgreSQL: LISTEN on this server for enqueues committed by any process */
  listenUrl?: string | undefined;
  /** how often to look for due work without a wake-up */
  pollMs?: number;
  /** a job whose runner fell silent this long is taken over (STALLED_AFTER_MS) */
  stalledAfterMs?: number;
  /** how often a runner says it is alive: a quarter of the stall window, at most every 10 s */
  heartbeatMs?: number;
  onError?: (error: unknown) => void;
}

const defaultRetryDelay = (attempt: number) => Math.min(2 ** attempt * 1_000, 10 * 60_000);
const message = (error: unknown) => (error instanceof Error ? error.message : String(error));

export class JobRunner {
  readonly #token = randomUUID();
  readonly #kinds: Map<string, JobKind<never>>;
  readonly #running = new Map<string, Set<Promise<void>>>();
  readonly #onError: (error: unknown) => void;
  readonly #pollMs: number;
  readonly #heartbeatMs: number;
  readonly #stalledAfterMs: number;
  #stopping = false;
  #started = false;
  #pass: Promise<void> | null = null;
  #again = false;
  #timer: NodeJS.Timeout | null = null;
  #heartbeat: NodeJS.Timeout | null = null;
  #listener: Client | null = null;

  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    kinds: JobKind<never>[],
    private readonly options: JobRunnerOptions = {},
  ) {
    this.#kinds = new Map(kinds.map((kind) => [kind.kind, kind]));
    this.#onError = options.onError ?? (() => undefined);
    this.#pollMs = options.pollMs ?? 1_000;
    this.#stalledAfterMs = options.stalledAfterMs ?? STALLED_AFTER_MS;
    this.#heartbeatMs = options.heartbeatMs ?? Math.min(10_000, this.#stalledAfterMs / 4);
  }

  get kinds(): string[] {
    return [...this.#kinds.keys()];
  }

  /** Starts looking for work now, then on every wake-up and poll. */
  async start(): Promise<void> {
    this.#started = true;
    this.#heartbeat = setInterval(() => void heartbeatJobs(this.db, this.#token, this.clock.now()).catch(this.#onError), this.#heartbeatMs);
    this.#heartbeat.unref();
    if (this.options.listenUrl) await this.#listen(this.options.listenUrl);
    for (const kind of this.#kinds.values()) if (kind.everyMs) await ensureRecurringJob(this.db, kind.kind, this.clock.now());
    this.wake();
  }

  /** Looks for work now (or right after the pass under way). */
  wake(): void {
    if (!this.#started || this.#stopping) return;
    if (this.#pass) {
      this.#again = true;
      return;
    }
    this.#pass = this.#claimAll()
      .then(() => undefined, this.#onError)
      .finally(() => {
        this.#pass = null;
        if (this.#again) {
          this.#again = false;
          this.wake();
        } else void this.#sleep();
      });
  }

  /** Runs every due job (tests): resolves once none is due and none is running here. */
  async drain(): Promise<void> {
    for (;;) {
      // a wake-up's pass may be claiming a job this instant: its claims count too
      await this.#pass;
      const claimed = await this.#claimAll();
      const running = [...this.#running.values()].flatMap((set) => [...set]);
      // done when a look found nothing due (a job that waited for its kind's slot is due now)
      if (claimed === 0 && running.length === 0 && !this.#pass) return;
      await Promise.all(running);
    }
  }

  /** Claims no more; jobs under way hand their job back at their next checkpoint. */
  async stop(): Promise<void> {
    this.#stopping = true;
    if (this.#timer) clearTimeout(this.#timer);
    if (this.#heartbeat) clearInterval(this.#heartbeat);
    await this.#pass;
    await Promise.all([...this.#running.values()].flatMap((set) => [...set]));
    await this.#listener?.end().catch(() => undefined);
    this.#listener = null;
  }

  /** Claims due jobs while this runner has room for their kinds; answers how many it claimed. */
  async #claimAll(): Promise<number> {
    let claimed = 0;
    while (!this.#stopping) {
      const free = [...this.#kinds.values()].filter((kind) => (this.#running.get(kind.kind)?.size ?? 0) < (kind.concurrency ?? 1)).map((kind) => kind.kind);
      const now = this.clock.now();
      const job = await claimJob(this.db, free, this.#token, now, new Date(now.getTime() - this.#stalledAfterMs));
      if (!job) return claimed;
      claimed += 1;
      const set = this.#running.get(job.kind) ?? new Set();
      this.#running.set(job.kind, set);
      const run = this.#run(job).finally(() => {
        set.delete(run);
        this.wake();
      });
      set.add(run);
    }
    return claimed;
  }

  async #run(job: Job): Promise<void> {
    const kind = this.#kinds.get(job.kind)!;
    const now = () => this.clock.now();
    const running: RunningJob<never> = {
      id: job.id,
      storeId: job.store_id,
      payload: job.payload as never,
      progress: job.progress,
      total: job.total,
      attempt: job.attempts,
      db: this.db,
      now,
      checkpoint: async (trx, progress, total) => {
        await checkpointJob(trx, job.id, this.#token, now(), total === undefined ? { progress } : { progress, total });
        if (this.#stopping) throw new JobStopping();
      },
    };
    let outcome: JobOutcome;
    try {
      outcome = { state: 'done', result: await kind.run(running) };
    } catch (error) {
      if (error instanceof LostClaim) return;
      outcome = this.#afterError(kind, job, error);
    }
    if (kind.everyMs) outcome = this.#nextRun(kind.everyMs, job, outcome);
    try {
      if (outcome.state === 'failed') await kind.onFailure?.(running, outcome.error);
      await settleJob(this.db, job.id, this.#token, now(), outcome);
    } catch (error) {
      this.#onError(error);
    }
  }

  /** A recurring job goes back to the queue for its next run, keeping the last error to read. */
  #nextRun(everyMs: number, job: Job, outcome: JobOutcome): JobOutcome {
    if (outcome.state === 'queued' && !outcome.attempt) return outcome;
    const error = outcome.state === 'done' ? null : outcome.error;
    return { state: 'queued', error, runAfter: new Date(this.clock.now().getTime() + everyMs), attempt: false, nowIfProgressPast: job.progress };
  }

  #afterError(kind: JobKind<never>, job: Job, error: unknown): JobOutcome {
    const now = this.clock.now().getTime();
    if (error instanceof JobStopping) return { state: 'queued', error: null, runAfter: new Date(now), attempt: false };
    if (error instanceof RetryLater) return { state: 'queued', error: error.message, runAfter: new Date(now + error.delayMs), attempt: false };
    if (error instanceof PermanentFailure || job.attempts >= job.max_attempts) return { state: 'failed', error: message(error) };
    const delay = (kind.retryDelayMs ?? defaultRetryDelay)(job.attempts);
    return { state: 'queued', error: message(error), runAfter: new Date(now + delay), attempt: true };
  }

  /** Until the next poll, or sooner when a queued job comes due. */
  async #sleep(): Promise<void> {
    if (this.#stopping) return;
    let delay = this.#pollMs;
    const due = await nextDue(this.db, this.kinds).catch(() => undefined);
    if (due) delay = Math.max(0, Math.min(delay, due.getTime() - this.clock.now().getTime()));
    if (this.#stopping || this.#pass) return;
    if (this.#timer) clearTimeout(this.#timer);
    this.#timer = setTimeout(() => this.wake(), delay);
    this.#timer.unref();
  }

  async #listen(url: string): Promise<void> {
    const client = new Client({ connectionString: url, application_name: 'loyalty-studio-jobs' });
    client.on('notification', () => this.wake());
    client.on('error', (error) => {
      // the poll keeps the work going; listen again on a fresh connection
      this.#onError(error);
      this.#listener = null;
      if (!this.#stopping) setTimeout(() => void this.#listen(url).catch(this.#onError), 1_000).unref();
    });
    await client.connect();
    await client.query(`listen ${JOBS_CHANNEL}`);
    this.#listener = client;
  }
}
