import PgBoss from 'pg-boss';
import type { WebhookRunner } from './webhook-runner.ts';

export const WEBHOOK_QUEUE = 'webhook-events';

/**
 * On PostgreSQL the persisted webhooks are processed through pg-boss: one job per event, fetched by
 * exactly one of the server processes sharing the database, retried with backoff when it fails.
 * The job carries only the event id; the event row (processed_at) and the ledger's idempotency
 * keys keep a retry harmless.
 */
export class PgBossWebhookQueue {
  #pending: number[] = [];
  #timer: NodeJS.Timeout | null = null;
  #flushing: Promise<void> = Promise.resolve();

  private constructor(private readonly boss: PgBoss, private readonly onError: (error: unknown) => void) {}

  static async start(databaseUrl: string, runner: WebhookRunner, onError: (error: unknown) => void = () => undefined): Promise<PgBossWebhookQueue> {
    const boss = new PgBoss({ connectionString: databaseUrl, max: 4, application_name: 'loyalty-studio-jobs' });
    boss.on('error', onError);
    await boss.start();
    if (!(await boss.getQueue(WEBHOOK_QUEUE))) await boss.createQueue(WEBHOOK_QUEUE);
    await boss.work<{ eventId: number }>(WEBHOOK_QUEUE, { batchSize: 200, pollingIntervalSeconds: 0.5 }, async (jobs) => {
      await runner.processIds(jobs.map((job) => job.data.eventId));
    });
    return new PgBossWebhookQueue(boss, onError);
  }

  /** Sends a job for this event. */
  async enqueue(eventId: number): Promise<void> {
    await this.boss.insert([this.#job(eventId)]);
  }

  /**
   * Queues a job without making the caller wait: jobs of a burst go to pg-boss in one insert
   * every few milliseconds. An event whose job is lost with the process is picked up by the
   * sweep on the next start (it is persisted before this is called).
   */
  enqueueSoon(eventId: number): void {
    this.#pending.push(eventId);
    this.#timer ??= setTimeout(() => {
      this.#timer = null;
      const ids = this.#pending.splice(0);
      this.#flushing = this.#flushing.then(() => this.boss.insert(ids.map((id) => this.#job(id)))).catch(this.onError);
    }, 5);
  }

  #job(eventId: number): PgBoss.JobInsert<{ eventId: number }> {
    return { name: WEBHOOK_QUEUE, data: { eventId }, retryLimit: 5, retryDelay: 2, retryBackoff: true };
  }

  async stop(): Promise<void> {
    if (this.#timer) {
      clearTimeout(this.#timer);
      this.#timer = null;
      const ids = this.#pending.splice(0);
      if (ids.length > 0) this.#flushing = this.#flushing.then(() => this.boss.insert(ids.map((id) => this.#job(id)))).catch(this.onError);
    }
    await this.#flushing;
    await this.boss.stop({ graceful: true, wait: true, timeout: 10_000 });
  }
}
