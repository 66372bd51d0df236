/**
 * Ledger throughput (issue 7): order earns per second on PGlite and PostgreSQL beside a raw
 * insert+update transaction bound (8 clients), webhook acknowledgement p99 and a 10,000-order
 * burst. PostgreSQL figures need BENCH_DATABASE_URL or TEST_DATABASE_URL (an admin URL: a
 * scratch database is created and dropped).
 */
import { createHmac, randomBytes } from 'node:crypto';
import { Pool } from 'pg';
import { loadConfig } from '../../server/config.ts';
import { openDatabase, type Db } from '../../server/db/connection.ts';
import { migrateToLatest } from '../../server/db/migrate.ts';
import { earningRuleBody } from '../../server/contract/points.ts';
import { applyOrderEvents } from '../../server/domain/orders/process.ts';
import type { OrderEvent } from '../../server/domain/orders/normalized.ts';
import { createEarningRule } from '../../server/domain/rules/earning.ts';
import { verifyLedger } from '../../server/domain/ledger/index.ts';
import { buildApp } from '../../server/http/app.ts';
import { webhookRunnerOf } from '../../server/http/routes/webhooks.ts';
import type { BenchRow } from './run.ts';
import { scratchPostgresDatabase } from '../helpers/postgres.ts';
import { paidOrder, unprocessedWebhooks } from '../helpers/orders.ts';

const ADMIN_URL = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;

const scratchDatabase = () => scratchPostgresDatabase(ADMIN_URL!, 'ls_bench');

async function seedStore(db: Db, slug: string): Promise<{ id: number; secret: string }> {
  const secret = randomBytes(16).toString('hex');
  const store = await db
    .insertInto('stores')
    .values({ title: slug, platform: 'shopify', store_name: slug, domain: `${slug}.myshopify.com`, website: null, hmac_secret: secret, access_token: null })
    .returning('id')
    .executeTakeFirstOrThrow();
  await createEarningRule(db, store.id, earningRuleBody.parse({ type: 'order', title: 'Order', points: 1 }), new Date());
  return { id: store.id, secret };
}

function orderEvents(count: number, offset: number, customers: number): OrderEvent[] {
  return Array.from({ length: count }, (_, index) => {
    const n = offset + index;
    const cents = 1_000 + ((n * 7919) % 20_000);
    return {
      platform: 'custom',
      orderExternalId: `o${n}`,
      order: paidOrder(`o${n}`, `c${n % customers}@bench.test`, cents),
    };
  });
}

/** Order earns per second: batches of 250 orders, `workers` batches at a time. */
async function earnRate(db: Db, storeId: number, total: number, workers: number): Promise<number> {
  await applyOrderEvents(db, storeId, orderEvents(250, 10_000_000, 1_000), new Date()); // warm up, customers created
  const started = performance.now();
  let next = 0;
  await Promise.all(
    Array.from({ length: workers }, async () => {
      while (next < total) {
        const offset = next;
        next += 250;
        await applyOrderEvents(db, storeId, orderEvents(Math.min(250, total - offset), offset, 1_000), new Date());
      }
    }),
  );
  return total / ((performance.now() - started) / 1000);
}

/** The bound: a raw INSERT + balance UPDATE transaction, 8 clients, 3 seconds. */
async function rawBound(url: string): Promise<number> {
  const pool = new Pool({ connectionString: url, max: 8 });
  await pool.query('create table bench_raw (id bigserial primary key, account int not null, points int not null, at timestamptz not null default now())');
  await pool.query('create table bench_acc (id int primary key, balance int not null)');
  await pool.query('insert into bench_acc select g, 0 from generate_series(1, 1000) g');
  let done = 0;
  const until = performance.now() + 3_000;
  await Promise.all(
    Array.from({ length: 8 }, async () => {
      const client = await pool.connect();
      while (performance.now() < until) {
        const account = 1 + Math.floor(Math.random() * 1000);
        await client.query('begin');
        await client.query('insert into bench_raw (account, points) values ($1, $2)', [account, 10]);
        await client.query('update bench_acc set balance = balance + $2 where id = $1', [account, 10]);
        await client.query('commit');
        done += 1;
      }
      client.release();
    }),
  );
  await pool.end();
  return done / 3;
}

const shopifyOrder = (id: number) =>
  JSON.stringify({
    id,
    name: `#${id}`,
    email: `w${id % 500}@bench.test`,
    currency: 'USD',
    financial_status: 'paid',
    total_line_items_price: '42.00',
    total_price: '42.00',
    total_discounts: '0.00',
    total_tax: '0.00',
    created_at: '2026-03-01T10:00:00Z',
    updated_at: '2026-03-01T10:00:00Z',
    customer: { id: id % 500, email: `w${id % 500}@bench.test`, first_name: 'W', last_name: 'H' },
    line_items: [],
    refunds: [],
  });

/**
 * Webhook acks under `senders` concurrent senders — each sends its next webhook as soon as the
 * last is acknowledged, as a platform's delivery workers do — with processing running meanwhile;
 * and the time until the burst is fully processed.
 */
async function webhookFigures(db: Db, slug: string, secret: string, orders: number, senders: number, databaseUrl?: string) {
  // with a database URL the app runs as in production on PostgreSQL: pg-boss jobs
  const app = await buildApp({ config: { ...loadConfig({}), consoleDir: '/nonexistent', seedDemo: false, databaseUrl }, db, logLevel: 'silent' });
  await app.ready();
  const latencies: number[] = [];
  const started = performance.now();
  let next = 0;
  await Promise.all(
    Array.from({ length: senders }, async () => {
      while (next < orders) {
        const n = next;
        next += 1;
        const raw = shopifyOrder(1_000_000 + n);
        const sent = performance.now();
        const response = await app.inject({
          method: 'POST',
          url: '/webhooks/shopify',
          payload: raw,
          headers: {
            'content-type': 'application/json',
            'x-shopify-topic': 'orders/paid',
            'x-shopify-shop-domain': `${slug}.myshopify.com`,
            'x-shopify-event-id': `e${n}`,
            'x-shopify-hmac-sha256': createHmac('sha256', secret).update(raw).digest('base64'),
          },
        });
        latencies.push(performance.now() - sent);
        if (response.statusCode !== 200) throw new Error(`webhook answered ${response.statusCode}`);
      }
    }),
  );
  await webhookRunnerOf(app).drain();
  while ((await unprocessedWebhooks(db)) > 0) {
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  const seconds = (performance.now() - started) / 1000;
  await app.close();
  latencies.sort((a, b) => a - b);
  return { p99: latencies[Math.floor(latencies.length * 0.99)]!, seconds };
}

/** Issue 19 item 9: the acknowledgement budget holds under 100 concurrent senders on both databases. */
const SENDERS = 100;

export async function run(): Promise<BenchRow[]> {
  const rows: BenchRow[] = [];
  const lite = await openDatabase({});
  await migrateToLatest(lite);
  const liteStore = await seedStore(lite, 'bench-lite');
  const liteRate = await earnRate(lite, liteStore.id, 5_000, 1);
  rows.push({ metric: 'order earns/s, PGlite', ours: liteRate.toFixed(0), compare: '≥ 1,000 (budget)', verdict: liteRate >= 1_000 ? 'ok' : 'under budget' });
  const liteHooks = await webhookFigures(lite, 'bench-lite', liteStore.secret, 2_000, SENDERS);
  rows.push({ metric: '2,000-order burst fully processed, PGlite', ours: `${liteHooks.seconds.toFixed(1)} s`, verdict: 'measured' });
  rows.push({
    metric: `webhook ack p99, PGlite (2,000, ${SENDERS} concurrent senders)`,
    ours: `${liteHooks.p99.toFixed(1)} ms`,
    compare: '≤ 100 ms',
    verdict: liteHooks.p99 <= 100 ? 'ok' : 'over budget',
  });
  if ((await verifyLedger(lite)).length > 0) rows.push({ metric: 'ledger:verify after PGlite runs', ours: 'BREACHED', verdict: 'fail' });
  await lite.destroy();

  if (!ADMIN_URL) {
    rows.push({ metric: 'PostgreSQL figures', ours: 'skipped', verdict: 'set BENCH_DATABASE_URL or TEST_DATABASE_URL' });
    return rows;
  }
  const scratch = await scratchDatabase();
  try {
    const bound = await rawBound(scratch.url);
    const pg = await openDatabase({ databaseUrl: scratch.url, maxConnections: 8 });
    await migrateToLatest(pg);
    const pgStore = await seedStore(pg, 'bench-pg');
    const pgRate = await earnRate(pg, pgStore.id, 20_000, 4);
    rows.push({ metric: 'raw insert+update tx/s, PostgreSQL, 8 clients', ours: bound.toFixed(0), compare: '≈ 4,700 (NOTES.md)', verdict: 'bound' });
    rows.push({
      metric: 'order earns/s, PostgreSQL',
      ours: pgRate.toFixed(0),
      compare: `≥ 3,000 (budget); bound ${bound.toFixed(0)} tx/s`,
      verdict: pgRate >= 3_000 ? 'ok' : 'under budget',
    });
    const burst = await webhookFigures(pg, 'bench-pg', pgStore.secret, 10_000, SENDERS, scratch.url);
    rows.push({
      metric: `webhook ack p99, PostgreSQL (10,000, ${SENDERS} concurrent senders)`,
      ours: `${burst.p99.toFixed(1)} ms`,
      compare: '≤ 100 ms',
      verdict: burst.p99 <= 100 ? 'ok' : 'over budget',
    });
    rows.push({
      metric: '10,000-order burst fully processed, PostgreSQL',
      ours: `${burst.seconds.toFixed(1)} s`,
      compare: '≤ 15 s',
      verdict: burst.seconds <= 15 ? 'ok' : 'over budget',
    });
    const breaches = await verifyLedger(pg);
    rows.push({
      metric: 'ledger:verify after the runs',
      ours: breaches.length === 0 ? 'clean' : `${breaches.length} breaches`,
      verdict: breaches.length === 0 ? 'ok' : 'fail',
    });
    await pg.destroy();
  } finally {
    await scratch.drop();
  }
  return rows;
}
