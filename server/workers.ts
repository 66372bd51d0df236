/**
 * Everything a server process runs besides answering requests, started in one place: the job
 * engine (imports, exports, VIP applies, awards, and its recurring passes: ledger maintenance, the
 * email outbox, outgoing-webhook deliveries) and the webhook processor. Routes only store work and
 * raise a signal (`app.work`); the workers of whichever processes run them do it.
 *
 * `WORKERS` chooses a process's share: `all` (the default), `none` (a process that only answers
 * requests: it still hands the webhooks it stores to the shared queue), or a list of
 * `webhooks,jobs,emails,outgoing`, so a deployment can keep acknowledgements on some processes
 * and the work on others.
 */
import type { FastifyInstance } from 'fastify';
import type { Config, WorkerRole } from './config.ts';
import { awardGrantJob, customerExportJob, customerImportJob } from './modules/customers/index.ts';
import { publishScheduleJob } from './domain/documents/index.ts';
import { orderImportJob } from './modules/orders/index.ts';
import { EMAIL_DELIVERY_JOB, emailDeliveryJob } from './modules/emails/index.ts';
import { runRecurringNow, type JobKind } from './domain/jobs/index.ts';
import { outgoingDeliveryJob, OUTGOING_DELIVERY_JOB } from './modules/outgoing-webhooks/index.ts';
import { vipApplyJob } from './modules/vip/index.ts';
import { JobRunner } from './jobs/engine.ts';
import { ledgerMaintenanceJob } from './jobs/ledger-maintenance.ts';
import { PgBossWebhookQueue } from './jobs/queue.ts';
import { WebhookRunner } from './jobs/webhook-runner.ts';
import {
  bigcommerceBackfillJob,
  bigcommerceSetupJob,
  platformAdapters,
  queueTokenCycles,
  resealTokens,
  rewardCodeJobs,
  webhookSyncJob,
  shopifyBackfillJob,
  type CodeJobDeps,
} from './modules/platforms/index.ts';

/** A recurring pass of the job engine (the email outbox, outgoing webhooks), run on demand. */
export interface RecurringPass {
  /** brings the pass forward to now */
  kick(): void;
  /** runs a pass now (and every other due job of this process) to its end (tests) */
  drain(): Promise<void>;
}

/** The process's running workers (tests drain them); null for a role this process does not run. */
export interface Workers {
  jobs: JobRunner | null;
  webhooks: WebhookRunner | null;
  emails: RecurringPass | null;
  outgoing: RecurringPass | null;
  /** Stops every worker (work under way is handed back or finished), before the app closes. */
  stop(): Promise<void>;
}

/** No platform adapters (tests of other areas): a connected store's codes stay in the program. */
const NO_PLATFORMS: CodeJobDeps = { adapters: { shopify: null, bigcommerce: null }, keys: [] };

/**
 * Every kind of job, with its settings for this database (PGlite has one connection: smaller steps
 * let requests through between them); the platforms' kinds need the server's config (without it,
 * the code jobs have no adapter: codes stay in the program).
 */
export function jobKinds(onPostgres: boolean, config?: Config): JobKind<never>[] {
  const platforms: CodeJobDeps = config ? { adapters: platformAdapters(config.platforms), keys: config.platforms.tokenKeys } : NO_PLATFORMS;
  const kinds: JobKind<never>[] = [
    orderImportJob(onPostgres ? 200 : 50) as JobKind<never>,
    customerImportJob(onPostgres ? 1_000 : 250) as JobKind<never>,
    customerExportJob as JobKind<never>,
    vipApplyJob() as JobKind<never>,
    awardGrantJob as JobKind<never>,
    publishScheduleJob as JobKind<never>,
    ledgerMaintenanceJob,
    // platform calls wait on the network: several at once per process
    ...(rewardCodeJobs(platforms, onPostgres ? 8 : 4) as JobKind<never>[]),
  ];
  if (config)
    kinds.push(
      bigcommerceSetupJob(config) as JobKind<never>,
      bigcommerceBackfillJob(config) as JobKind<never>,
      webhookSyncJob(config),
      shopifyBackfillJob(config) as JobKind<never>,
    );
  return kinds;
}

export async function startWorkers(app: FastifyInstance, roles: readonly WorkerRole[] = app.config.workers): Promise<Workers> {
  const { db, clock, config, work } = app;
  const onPostgres = Boolean(config.databaseUrl);
  const log = (what: string) => (error: unknown) => app.log.error({ err: error }, `${what} failed`);
  const stops: Array<() => Promise<void> | void> = [];
  const has = (role: WorkerRole) => roles.includes(role);

  // one runner for the job kinds of this process's roles: the program's jobs, the email outbox, outgoing webhooks
  const kinds = [
    ...(has('jobs') ? jobKinds(onPostgres, config) : []),
    ...(has('emails') && app.mailer ? [emailDeliveryJob(app.mailer, config.publicUrl, config.jobStalledAfterMs)] : []),
    ...(has('outgoing') ? [outgoingDeliveryJob(config.outgoingWebhookIntervalMs, { allowLoopback: config.outgoingWebhookAllowLoopback })] : []),
  ];
  const runner =
    kinds.length > 0
      ? new JobRunner(db, clock, kinds, { listenUrl: config.databaseUrl, stalledAfterMs: config.jobStalledAfterMs, onError: log('a job') })
      : null;
  if (runner) {
    await runner.start();
    // a PLATFORM_TOKEN_KEY rotation: the tokens a retired key sealed are resealed under the new one
    if (has('jobs') && config.platforms.tokenKeys.length > 1) await resealTokens(db, config.platforms.tokenKeys);
    // Shopify stores still holding a non-expiring token are cycled to an expiring one (Shopify ends those tokens)
    if (has('jobs') && config.platforms.shopify) await queueTokenCycles(db, clock.now());
    stops.push(work.jobsQueued.on(() => runner.wake()));
    stops.push(() => runner.stop());
  }
  const pass = (kind: string): RecurringPass | null => {
    if (!runner?.kinds.includes(kind)) return null;
    let kicked = Promise.resolve();
    return {
      kick: () => {
        kicked = runRecurringNow(db, kind, clock.now()).then((moved) => (moved ? runner.wake() : undefined), log(kind));
      },
      drain: async () => {
        await runRecurringNow(db, kind, clock.now());
        await kicked;
        await runner.drain();
      },
    };
  };
  const emails = pass(EMAIL_DELIVERY_JOB);
  if (emails) stops.push(work.emailsQueued.on(() => emails.kick()));

  let webhooks: WebhookRunner | null = null;
  if (has('webhooks')) {
    webhooks = new WebhookRunner(
      db,
      clock,
      {
        bigcommerceApiUrl: config.platforms.bigcommerceApiUrl,
        tokenKeys: config.platforms.tokenKeys,
        batchSize: onPostgres ? 500 : 50,
        // rounds short enough that an acknowledgement waits briefly behind one (PostgreSQL: a queue's
        // batch of 500 events in one transaction held them 300 ms). While webhooks never pause, one
        // round every maxDeferMs: on PostgreSQL 20 ms in every 250, ~130 events/s per process at
        // ~0.6 ms an event, so a steady stream below that does not pile up (with 1 s: ~30/s). PGlite
        // has one connection in this thread: one round every 5 s at most (each stalls every
        // acknowledgement under way: with 1 s, the p99 of a 2,000-webhook burst doubled), for the
        // small stores it serves
        roundBudgetMs: 20,
        maxDeferMs: onPostgres ? 250 : 5_000,
      },
      work.webhookTraffic,
    );
  }
  // PostgreSQL: stored webhooks go to the shared queue from every process (a process without the
  // role only acknowledges); PGlite: this process's runner takes them
  const queue = config.databaseUrl ? await PgBossWebhookQueue.start(config.databaseUrl, webhooks, log('webhook processing')) : null;
  if (queue) {
    stops.push(work.webhookStored.on((id) => queue.enqueueSoon(id)));
    stops.push(() => queue.stop());
  } else if (webhooks) {
    const processor = webhooks;
    stops.push(work.webhookStored.on(() => processor.schedule()));
  }
  if (webhooks) {
    const processor = webhooks;
    stops.push(work.webhooksRetried.on(() => void processor.kick().catch(log('webhook processing'))));
    // events persisted before a restart (or never queued) are processed on start
    void processor.kick().catch(log('webhook processing'));
    stops.push(() => processor.close());
  }

  return {
    jobs: has('jobs') ? runner : null,
    webhooks,
    emails,
    outgoing: pass(OUTGOING_DELIVERY_JOB),
    async stop() {
      // the last started stops first
      for (const stop of stops.toReversed()) await stop();
    },
  };
}
