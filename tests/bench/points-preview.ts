/**
 * Impact preview: server time of POST /points/preview's work (`previewImpact`) on a
 * store with 100,000 orders in the last 90 days, on PGlite and (with BENCH_DATABASE_URL or
 * TEST_DATABASE_URL) PostgreSQL. Budget: 300 ms.
 */
import { sql } from 'kysely';
import { openDatabase, type Db } from '../../server/db/connection.ts';
import { scratchPglite } from './pglite.ts';
import { migrateToLatest } from '../../server/db/migrate.ts';
import { previewImpact } from '../../server/modules/rules/index.ts';
import { scratchPostgresDatabase } from '../helpers/postgres.ts';
import type { BenchRow } from './run.ts';

const ORDERS = 100_000;
const CUSTOMERS = 10_000;
const BUDGET_MS = 300;
const ADMIN_URL = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;

async function seed(db: Db, now: Date): Promise<number> {
  const store = await db
    .insertInto('stores')
    .values({
      title: 'Preview bench',
      platform: 'custom',
      store_name: 'preview-bench',
      domain: 'preview.bench',
      website: null,
      hmac_secret: null,
      access_token: null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await sql`insert into customers (store_id, first_name, last_name, email)
    select ${store.id}::int, 'B', 'C', 'c' || n || '@bench.test' from generate_series(1, ${CUSTOMERS}::int) n`.execute(db);
  await sql`insert into orders (store_id, customer_id, external_id, total_minor, currency, status, placed_at)
    select ${store.id}::int, c.id, 'o' || n, 1000 + (n * 7919) % 20000, 'USD', case when n % 50 = 0 then 'cancelled' else 'paid' end,
      ${now}::timestamptz - ((n % 89) || ' days')::interval
    from generate_series(1, ${ORDERS}::int) n join customers c on c.store_id = ${store.id}::int and c.email = 'c' || (n % ${CUSTOMERS}::int + 1) || '@bench.test'`.execute(
    db,
  );
  await sql`analyze orders`.execute(db);
  return store.id;
}

async function measure(db: Db, label: string): Promise<BenchRow[]> {
  const now = new Date();
  const storeId = await seed(db, now);
  const times: number[] = [];
  for (let attempt = 0; attempt < 15; attempt++) {
    const started = performance.now();
    await previewImpact(
      db,
      storeId,
      { earning: { mode: 'per_amount', points: 1 + (attempt % 3), per_amount_minor: 100 }, redeem: { points_cost: 500, value_minor: 500 }, expiry_days: 30 },
      now,
    );
    times.push(performance.now() - started);
  }
  const sorted = times.slice(2).sort((a, b) => a - b); // two warm-up runs left out
  const median = sorted[Math.floor(sorted.length / 2)]!;
  const worst = sorted[sorted.length - 1]!;
  return [
    {
      metric: `${label}: preview, 100,000 orders, median`,
      ours: `${median.toFixed(0)} ms`,
      compare: `≤ ${BUDGET_MS} ms`,
      verdict: median <= BUDGET_MS ? 'ok' : 'over budget',
    },
    {
      metric: `${label}: preview, slowest of 13`,
      ours: `${worst.toFixed(0)} ms`,
      compare: `≤ ${BUDGET_MS} ms`,
      verdict: worst <= BUDGET_MS ? 'ok' : 'over budget',
    },
  ];
}

export async function run(): Promise<BenchRow[]> {
  const rows: BenchRow[] = [];
  const pglite = await scratchPglite();
  try {
    await migrateToLatest(pglite.db);
    rows.push(...(await measure(pglite.db, 'PGlite')));
  } finally {
    await pglite.drop();
  }
  if (ADMIN_URL) {
    const scratch = await scratchPostgresDatabase(ADMIN_URL, 'ls_bench');
    const db = await openDatabase({ databaseUrl: scratch.url, maxConnections: 4 });
    try {
      await migrateToLatest(db);
      rows.push(...(await measure(db, 'PostgreSQL')));
    } finally {
      await db.destroy();
      await scratch.drop();
    }
  } else rows.push({ metric: 'PostgreSQL', ours: 'not measured', verdict: 'set BENCH_DATABASE_URL or TEST_DATABASE_URL' });
  return rows;
}
