import PgBoss from 'pg-boss';
import type { WebhookRunner } from './webhook-runner.ts';

const WEBHOOK_QUEUE = 'webhook-events';
export const IMPORT_QUEUE = 'order-imports';

export interface JobQueueOptions<T> {
  /** jobs handed to the handler at once */
  batchSize: number;
  onError?: (error: unknown) => void;
  /** the items queued together by enqueueSoon as fewer jobs (default: one job each) */
  pack?: (items: T[]) => T[];
}

/**
 * One pg-boss queue on PostgreSQL: each job is fetched by exactly one of the server processes
 * sharing the database and retried with backoff when its handler throws. Jobs carry only ids;
 * the rows they name (and the ledger's idempotency keys) keep a retry harmless.
 */
export class PgBossJobQueue<T extends object> {
  #pending: T[] = [];
  #timer: NodeJS.Timeout | null = null;
  #flushing: Promise<void> = Promise.resolve();

  private constructor(
    private readonly boss: PgBoss,
    private readonly name: string,
    private readonly onError: (error: unknown) => void,
    private readonly pack: (items: T[]) => T[],
  ) {}

  /** `handle` null: this process only sends jobs, others work them. */
  static async start<T extends object>(
    databaseUrl: string,
    name: string,
    handle: ((items: T[]) => Promise<void>) | null,
    options: JobQueueOptions<T>,
  ): Promise<PgBossJobQueue<T>> {
    const onError = options.onError ?? (() => undefined);
    const boss = new PgBoss({ connectionString: databaseUrl, max: 4, application_name: `loyalty-studio-${name}` });
    boss.on('error', onError);
    await boss.start();
    if (!(await boss.getQueue(name))) await boss.createQueue(name);
    if (handle) {
      await boss.work<T>(name, { batchSize: options.batchSize, pollingIntervalSeconds: 0.5 }, async (jobs) => {
        await handle(jobs.map((job) => job.data));
      });
    }
    return new PgBossJobQueue<T>(boss, name, onError, options.pack ?? ((items) => items));
  }

  /** Sends a job. */
  async enqueue(data: T): Promise<void> {
    await this.boss.insert([this.#job(data)]);
  }

  /**
   * Queues a job without making the caller wait: jobs of a burst go to pg-boss in one insert
   * every few milliseconds. A job lost with the process is picked up by the sweep on the next
   * start (what it names is persisted before this is called).
   */
  enqueueSoon(data: T): void {
    this.#pending.push(data);
    this.#timer ??= setTimeout(() => {
      this.#timer = null;
      this.#flush();
    }, 5);
  }

  #flush(): void {
    const items = this.#pending.splice(0);
    if (items.length > 0) this.#flushing = this.#flushing.then(() => this.boss.insert(this.pack(items).map((item) => this.#job(item)))).catch(this.onError);
  }

  #job(data: T): PgBoss.JobInsert<T> {
    return { name: this.name, data, retryLimit: 5, retryDelay: 2, retryBackoff: true };
  }

  async stop(): Promise<void> {
    if (this.#timer) {
      clearTimeout(this.#timer);
      this.#timer = null;
      this.#flush();
    }
    await this.#flushing;
    await this.boss.stop({ graceful: true, wait: true, timeout: 10_000 });
  }
}

/** A webhook job: the events it names (a job queued by an earlier version names one, `eventId`). */
type WebhookJob = { eventIds: number[]; eventId?: undefined } | { eventId: number; eventIds?: undefined };

/**
 * The webhooks of a burst stored within a few milliseconds go to pg-boss as jobs of up to this
 * many events (a row per 25 events, not one each: half the database's work per acknowledgement
 * was pg-boss's); a worker takes 20 jobs at a time, at most 500 events in one transaction.
 */
const EVENTS_PER_JOB = 25;
const JOBS_PER_BATCH = 20;

/** Persisted webhooks on pg-boss: a job names the events stored together; the runner processes a batch of jobs in one transaction. */
export class PgBossWebhookQueue {
  private constructor(private readonly jobs: PgBossJobQueue<WebhookJob>) {}

  /** `runner` null: this process queues the events it stores, other processes process them. */
  static async start(databaseUrl: string, runner: WebhookRunner | null, onError: (error: unknown) => void = () => undefined): Promise<PgBossWebhookQueue> {
    const work = runner && ((jobs: WebhookJob[]) => runner.processIds(jobs.flatMap((job) => job.eventIds ?? [job.eventId])));
    const pack = (jobs: WebhookJob[]): WebhookJob[] => {
      const ids = jobs.flatMap((job) => job.eventIds ?? [job.eventId]);
      return Array.from({ length: Math.ceil(ids.length / EVENTS_PER_JOB) }, (_, n) => ({ eventIds: ids.slice(n * EVENTS_PER_JOB, (n + 1) * EVENTS_PER_JOB) }));
    };
    const jobs = await PgBossJobQueue.start<WebhookJob>(databaseUrl, WEBHOOK_QUEUE, work, { batchSize: JOBS_PER_BATCH, onError, pack });
    return new PgBossWebhookQueue(jobs);
  }

  enqueue(eventId: number): Promise<void> {
    return this.jobs.enqueue({ eventIds: [eventId] });
  }

  enqueueSoon(eventId: number): void {
    this.jobs.enqueueSoon({ eventIds: [eventId] });
  }

  stop(): Promise<void> {
    return this.jobs.stop();
  }
}
