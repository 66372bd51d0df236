/**
 * Ledger throughput: order earns per second on PGlite and PostgreSQL beside a raw
 * insert+update transaction bound (8 clients); the webhook bursts are in webhooks.ts. PostgreSQL
 * figures need BENCH_DATABASE_URL or TEST_DATABASE_URL (an admin URL: a scratch database is
 * created and dropped).
 */
import { randomBytes } from 'node:crypto';
import { Pool } from 'pg';
import { openDatabase, type Db } from '../../server/db/connection.ts';
import { scratchPglite } from './pglite.ts';
import { migrateToLatest } from '../../server/db/migrate.ts';
import { earningRuleBody } from '../../server/contract/points.ts';
import { applyOrderEvents } from '../../server/modules/orders/index.ts';
import type { OrderEvent } from '../../server/domain/schemas/normalized-order.ts';
import { createEarningRule } from '../../server/modules/rules/index.ts';
import { verifyLedger } from '../../server/domain/ledger/index.ts';
import type { BenchRow } from './run.ts';
import { scratchPostgresDatabase } from '../helpers/postgres.ts';
import { paidOrder } from '../helpers/orders.ts';

const ADMIN_URL = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;

const scratchDatabase = () => scratchPostgresDatabase(ADMIN_URL!, 'ls_bench');

/** A Shopify store earning 1 point per currency unit of an order (the webhook bench uses it too). */
export async function seedStore(db: Db, slug: string): Promise<{ id: number; domain: string; secret: string }> {
  const secret = randomBytes(16).toString('hex');
  const domain = `${slug}.myshopify.com`;
  const store = await db
    .insertInto('stores')
    .values({ title: slug, platform: 'shopify', store_name: slug, domain, website: null, hmac_secret: secret, access_token: null })
    .returning('id')
    .executeTakeFirstOrThrow();
  await createEarningRule(db, store.id, earningRuleBody.parse({ type: 'order', title: 'Order', points: 1 }), new Date());
  return { id: store.id, domain, secret };
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

export async function run(): Promise<BenchRow[]> {
  const rows: BenchRow[] = [];
  const lite = await scratchPglite();
  try {
    await migrateToLatest(lite.db);
    const liteStore = await seedStore(lite.db, 'bench-lite');
    const liteRate = await earnRate(lite.db, liteStore.id, 5_000, 1);
    rows.push({ metric: 'order earns/s, PGlite', ours: liteRate.toFixed(0), compare: '≥ 1,000 (budget)', verdict: liteRate >= 1_000 ? 'ok' : 'under budget' });
    if ((await verifyLedger(lite.db)).length > 0) rows.push({ metric: 'ledger:verify after PGlite runs', ours: 'BREACHED', verdict: 'fail' });
  } finally {
    await lite.drop();
  }

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
