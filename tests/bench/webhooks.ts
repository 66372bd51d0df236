/**
 * Webhook acknowledgement under burst: the server listens on a real port in
 * this process; 100 concurrent senders run in a child process (tests/bench/webhook-senders.ts)
 * over keep-alive HTTP/1.1 connections and time every acknowledgement themselves. Measured with processing
 * running meanwhile (as in production) and with it switched off (`WEBHOOK_PROCESSING=0`: the
 * acknowledgement path alone), on PGlite and on PostgreSQL (BENCH_DATABASE_URL or
 * TEST_DATABASE_URL, an admin URL: a scratch database is created and dropped).
 * BENCH_WEBHOOKS scales the deliveries (default 2,000 on PGlite, 10,000 on PostgreSQL).
 */
import { fork } from 'node:child_process';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { loadConfig } from '../../server/config.ts';
import { openDatabase, type Db } from '../../server/db/connection.ts';
import { migrateToLatest } from '../../server/db/migrate.ts';
import { verifyLedger } from '../../server/domain/ledger/index.ts';
import { buildApp } from '../../server/http/app.ts';
import { startWorkers } from '../../server/workers.ts';
import { seedStore } from './ledger.ts';
import { scratchPglite } from './pglite.ts';
import type { BenchRow } from './run.ts';
import type { SendersResult, SendersTask } from './webhook-senders.ts';
import { scratchPostgresDatabase } from '../helpers/postgres.ts';
import { unprocessedWebhooks } from '../helpers/orders.ts';

const ADMIN_URL = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
const SENDERS = 100;
const WARM_UP = 300;
const ACK_BUDGET_MS = 100;
/** the server's event loop is sampled this often during a burst (Burst.serverLoopDelay) */
const LOOP_SAMPLE_MS = 10;
/** rounds of bursts per database (`bursts`) */
const BURSTS = 3;
const scale = Number(process.env.BENCH_WEBHOOKS) || undefined;

/** The senders' process: one task in, its result out. */
function runSenders(task: SendersTask): Promise<SendersResult> {
  return new Promise((resolve, reject) => {
    const child = fork(join(import.meta.dirname, 'webhook-senders.ts'), { execArgv: ['--import', 'tsx'] });
    child.once('message', (result) => resolve(result as SendersResult));
    child.once('error', reject);
    child.once('exit', (code) => (code === 0 ? undefined : reject(new Error(`the senders' process exited with ${code}`))));
    child.send(task);
  });
}

/** A sampled interval of the event loop (ns) beyond the sampling period, in ms. */
const lateness = (intervalNs: number) => Math.max(0, intervalNs / 1e6 - LOOP_SAMPLE_MS);

const ascending = (values: number[]) => [...values].sort((a, b) => a - b);
const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))]!;

/** One burst: every acknowledgement's latency (ms), and the server's event loop meanwhile. */
interface Burst {
  latencies: number[];
  seconds: number;
  /**
   * How late a timer every LOOP_SAMPLE_MS ran in the server during the burst, p99 and max (ms). A
   * latency tail with a small delay here is the machine's (CPU shared with the senders,
   * PostgreSQL and whatever else runs), one with a large delay the server's own stalls.
   */
  serverLoopDelay: { p99: number; max: number };
  /** seconds until every delivery was processed (processing on) */
  processedSeconds?: number;
}

/** One burst against a fresh app on `db`, processing on or off; `firstOrder` keeps events of runs apart. */
async function burst(db: Db, store: { domain: string; secret: string }, deliveries: number, firstOrder: number, processing: boolean, databaseUrl?: string) {
  const config = { ...loadConfig({}), consoleDir: '/nonexistent', seedDemo: false, databaseUrl };
  const app = await buildApp({ config, db, logLevel: 'silent' });
  // processing off: the process only acknowledges (and on PostgreSQL queues), as with WORKERS=none
  const workers = await startWorkers(app, processing ? ['webhooks'] : []);
  const address = await app.listen({ port: 0, host: '127.0.0.1' });
  try {
    const loopDelay = monitorEventLoopDelay({ resolution: LOOP_SAMPLE_MS });
    loopDelay.enable();
    const started = performance.now();
    const result = await runSenders({
      origin: address,
      shopDomain: store.domain,
      secret: store.secret,
      senders: SENDERS,
      warmUp: WARM_UP,
      deliveries,
      firstOrder,
    });
    loopDelay.disable();
    if (result.failures > 0) throw new Error(`${result.failures} webhooks were not acknowledged with 200`);
    const measured: Burst = {
      latencies: result.latencies,
      seconds: result.seconds,
      serverLoopDelay: { p99: lateness(loopDelay.percentile(99)), max: lateness(loopDelay.max) },
    };
    if (processing) {
      await workers.webhooks!.drain();
      while ((await unprocessedWebhooks(db)) > 0) await new Promise((resolve) => setTimeout(resolve, 50));
      measured.processedSeconds = (performance.now() - started) / 1000;
    }
    return measured;
  } finally {
    await workers.stop();
    await app.close();
  }
}

/**
 * The bursts of one kind (processing on or off) as one sample: p50 / p95 / p99 of all their
 * acknowledgements (the verdict), each burst's p99 and the slowest acknowledgement.
 */
function line(database: string, what: string, deliveries: number, sample: Burst[]): BenchRow {
  const latencies = ascending(sample.flatMap((one) => one.latencies));
  const p99 = percentile(latencies, 0.99);
  const ms = (value: number) => value.toFixed(0);
  const each = sample.map((one) => ms(percentile(ascending(one.latencies), 0.99))).join(' / ');
  const acksPerSecond = latencies.length / sample.reduce((sum, one) => sum + one.seconds, 0);
  const loop = (pick: (one: Burst) => number) => ms(Math.max(...sample.map(pick)));
  return {
    metric: `webhook ack, ${database}, ${what} (${sample.length} bursts of ${deliveries.toLocaleString('en')} deliveries, ${SENDERS} senders): p50 / p95 / p99`,
    ours:
      `${ms(percentile(latencies, 0.5))} / ${ms(percentile(latencies, 0.95))} / ${ms(p99)} ms (each burst's p99 ${each}, max ${ms(latencies.at(-1)!)} ms; ` +
      `${acksPerSecond.toFixed(0)} acks/s; server loop delay p99 ${loop((one) => one.serverLoopDelay.p99)}, max ${loop((one) => one.serverLoopDelay.max)} ms)`,
    compare: `p99 ≤ ${ACK_BUDGET_MS} ms`,
    verdict: p99 <= ACK_BUDGET_MS ? 'ok' : 'over budget',
  };
}

function rowsOf(database: string, deliveries: number, on: Burst[], off: Burst[], processedBudget?: number): BenchRow[] {
  const processed = Math.max(...on.map((one) => one.processedSeconds!));
  return [
    line(database, 'processing running', deliveries, on),
    line(database, 'processing off', deliveries, off),
    {
      metric: `${deliveries.toLocaleString('en')}-order burst fully processed, ${database} (slowest of ${on.length})`,
      ours: `${processed.toFixed(1)} s`,
      ...(processedBudget ? { compare: `≤ ${processedBudget} s`, verdict: processed <= processedBudget ? 'ok' : 'over budget' } : { verdict: 'measured' }),
    },
  ];
}

/**
 * BURSTS rounds on one database, each a burst with processing on (it processes its own events
 * only) then one with it off, so the machine's drift hits both alike. A p99 is read over all the
 * rounds' acknowledgements: with 100 senders, one stall of the machine (a slow disk flush holds
 * every commit waiting on it) delays about 100 acknowledgements at once, the whole 1 % of one
 * 10,000-delivery burst.
 */
async function bursts(db: Db, slug: string, deliveries: number, databaseUrl?: string) {
  await migrateToLatest(db);
  const store = await seedStore(db, slug);
  const on: Burst[] = [];
  const off: Burst[] = [];
  for (let round = 0; round < BURSTS; round++) {
    on.push(await burst(db, store, deliveries, 1_000_000 * (2 * round + 1), true, databaseUrl));
    off.push(await burst(db, store, deliveries, 1_000_000 * (2 * round + 2), false, databaseUrl));
  }
  const breaches = await verifyLedger(db);
  return { on, off, breaches: breaches.length };
}

export async function run(): Promise<BenchRow[]> {
  const rows: BenchRow[] = [];
  const load = () =>
    loadavg()
      .map((value) => value.toFixed(1))
      .join(' ');
  const loadBefore = load();
  const lite = await scratchPglite();
  try {
    const deliveries = scale ?? 2_000;
    const result = await bursts(lite.db, 'bench-lite', deliveries);
    rows.push(...rowsOf('PGlite', deliveries, result.on, result.off));
    if (result.breaches > 0) rows.push({ metric: 'ledger:verify after the PGlite bursts', ours: `${result.breaches} breaches`, verdict: 'fail' });
  } finally {
    await lite.drop();
  }
  if (!ADMIN_URL) {
    rows.push({ metric: 'PostgreSQL figures', ours: 'skipped', verdict: 'set BENCH_DATABASE_URL or TEST_DATABASE_URL' });
  } else {
    const scratch = await scratchPostgresDatabase(ADMIN_URL, 'ls_bench');
    try {
      const pg = await openDatabase({ databaseUrl: scratch.url, maxConnections: 8 });
      const deliveries = scale ?? 10_000;
      try {
        const result = await bursts(pg, 'bench-pg', deliveries, scratch.url);
        rows.push(...rowsOf('PostgreSQL', deliveries, result.on, result.off, deliveries === 10_000 ? 15 : undefined));
        if (result.breaches > 0) rows.push({ metric: 'ledger:verify after the PostgreSQL bursts', ours: `${result.breaches} breaches`, verdict: 'fail' });
      } finally {
        await pg.destroy();
      }
    } finally {
      await scratch.drop();
    }
  }
  // figures move with the machine's load (2 cores shared): read them with it
  rows.push({ metric: 'load average (1, 5, 15 min) before / after', ours: `${loadBefore} / ${load()}`, verdict: 'context' });
  return rows;
}
