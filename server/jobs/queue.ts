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
  private constructor(private readonly boss: PgBoss) {}

  static async start(databaseUrl: string, runner: WebhookRunner, onError: (error: unknown) => void = () => undefined): Promise<PgBossWebhookQueue> {
    const boss = new PgBoss({ connectionString: databaseUrl, max: 4, application_name: 'loyalty-studio-jobs' });
    boss.on('error', onError);
    await boss.start();
    if (!(await boss.getQueue(WEBHOOK_QUEUE))) await boss.createQueue(WEBHOOK_QUEUE);
    await boss.work<{ eventId: number }>(WEBHOOK_QUEUE, { batchSize: 200, pollingIntervalSeconds: 0.5 }, async (jobs) => {
      await runner.processIds(jobs.map((job) => job.data.eventId));
    });
    return new PgBossWebhookQueue(boss);
  }

  async enqueue(eventId: number): Promise<void> {
    await this.boss.send(WEBHOOK_QUEUE, { eventId }, { retryLimit: 5, retryDelay: 2, retryBackoff: true });
  }

  async stop(): Promise<void> {
    await this.boss.stop({ graceful: true, wait: true, timeout: 10_000 });
  }
}
