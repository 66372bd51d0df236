import PgBoss from 'pg-boss';
import type { WebhookRunner } from './webhook-runner.ts';

const WEBHOOK_QUEUE = 'webhook-events';
export const IMPORT_QUEUE = 'order-imports';

export interface JobQueueOptions {
  /** jobs handed to the handler at once */
  batchSize: number;
  onError?: (error: unknown) => void;
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
  ) {}

  /** `handle` null: this process only sends jobs, others work them. */
  static async start<T extends object>(
    databaseUrl: string,
    name: string,
    handle: ((items: T[]) => Promise<void>) | null,
    options: JobQueueOptions,
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
    return new PgBossJobQueue<T>(boss, name, onError);
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
    if (items.length > 0) this.#flushing = this.#flushing.then(() => this.boss.insert(items.map((item) => this.#job(item)))).catch(this.onError);
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

/** Persisted webhooks on pg-boss: one job per event; the runner processes a batch in one transaction. */
export class PgBossWebhookQueue {
  private constructor(private readonly jobs: PgBossJobQueue<{ eventId: number }>) {}

  /** `runner` null: this process queues the events it stores, other processes process them. */
  static async start(databaseUrl: string, runner: WebhookRunner | null, onError: (error: unknown) => void = () => undefined): Promise<PgBossWebhookQueue> {
    const work = runner && ((items: { eventId: number }[]) => runner.processIds(items.map((item) => item.eventId)));
    const jobs = await PgBossJobQueue.start<{ eventId: number }>(databaseUrl, WEBHOOK_QUEUE, work, { batchSize: 200, onError });
    return new PgBossWebhookQueue(jobs);
  }

  enqueue(eventId: number): Promise<void> {
    return this.jobs.enqueue({ eventId });
  }

  enqueueSoon(eventId: number): void {
    this.jobs.enqueueSoon({ eventId });
  }

  stop(): Promise<void> {
    return this.jobs.stop();
  }
}
