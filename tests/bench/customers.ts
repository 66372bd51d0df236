/**
 * Customer list at scale (issue 14): list pages with one filter or sort, e-mail prefix search,
 * one customer's detail and the CSV export (rows/s and the process's peak RSS growth) on a store of
 * CUSTOMER_BENCH_PG customers on PostgreSQL (default 1,000,000; needs BENCH_DATABASE_URL or
 * TEST_DATABASE_URL) and CUSTOMER_BENCH_LITE on PGlite (default 100,000). Server time is the
 * domain call's time (no HTTP). Seeded with generate_series (the ledger is not involved here).
 */
import { sql } from 'kysely';
import { openDatabase, type Db } from '../../server/db/connection.ts';
import { migrateToLatest } from '../../server/db/migrate.ts';
import { exportCustomers } from '../../server/domain/customers/export.ts';
import { listCustomers, type CustomerListOptions } from '../../server/domain/customers/list.ts';
import { showCustomer } from '../../server/domain/customers/profile.ts';
import { searchCustomers } from '../../server/domain/customers/search.ts';
import { scratchPostgresDatabase } from '../helpers/postgres.ts';
import type { BenchRow } from './run.ts';

const ADMIN_URL = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
const RUNS = 20;

async function seed(db: Db, count: number): Promise<number> {
  const store = await db
    .insertInto('stores')
    .values({ title: 'Bench', platform: 'shopify', store_name: 'customers-bench', domain: null, website: null, hmac_secret: null, access_token: null })
    .returning('id')
    .executeTakeFirstOrThrow();
  await sql`insert into customers (store_id, first_name, last_name, email, source, program_status, vip_tier, referral_count, created_at)
    select ${store.id}, 'First' || n, 'Last' || (n % 5000), 'c' || n || '@bench.test',
      (array['order','widget','import','manual'])[1 + n % 4], (array['member','member','member','guest','excluded'])[1 + n % 5],
      case when n % 7 = 0 then 'gold' end, n % 4, now() - (n || ' minutes')::interval
    from generate_series(1, ${count}) as n`.execute(db);
  await sql`insert into points_accounts (store_id, customer_id, balance, pending, lifetime)
    select store_id, id, (id * 7919) % 5000, (id * 31) % 100, (id * 7919) % 5000 + (id % 1000) from customers where store_id = ${store.id}`.execute(db);
  await sql`analyze`.execute(db);
  return store.id;
}

async function p95(call: () => Promise<unknown>): Promise<number> {
  await call(); // warm
  const times: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const start = performance.now();
    await call();
    times.push(performance.now() - start);
  }
  times.sort((a, b) => a - b);
  return times[Math.floor(times.length * 0.95) - 1] ?? times.at(-1)!;
}

const LIST_CASES: Array<[string, Partial<CustomerListOptions>]> = [
  ['newest first (default)', {}],
  ['sort by balance desc', { sort: { by: 'balance', desc: true } }],
  ['sort by name', { sort: { by: 'name', desc: false } }],
  ['filter program status guest', { programStatus: 'guest' }],
  ['filter source import', { source: 'import' }],
  ['filter VIP tier gold', { vipTier: 'gold' }],
  ['filter balance 100-200', { points: { min: 100, max: 200 } }],
  ['search e-mail prefix', { search: 'c4242', type: 'email' }],
];

async function measure(db: Db, label: string, count: number, budgets: { list: number; search: number; detail: number }): Promise<BenchRow[]> {
  const rows: BenchRow[] = [];
  const seedStart = performance.now();
  const storeId = await seed(db, count);
  rows.push({ metric: `${label}: seed ${count.toLocaleString('en-US')} customers`, ours: `${((performance.now() - seedStart) / 1000).toFixed(1)} s` });
  for (const [name, options] of LIST_CASES) {
    const ms = await p95(() => listCustomers(db, storeId, { limit: 25, offset: 0, ...options }));
    rows.push({
      metric: `${label}: list ${name} p95`,
      ours: `${ms.toFixed(1)} ms`,
      compare: `≤ ${budgets.list} ms`,
      verdict: ms <= budgets.list ? 'ok' : 'over budget',
    });
  }
  const search = await p95(() => searchCustomers(db, storeId, 'c4242', 10));
  rows.push({
    metric: `${label}: global search p95`,
    ours: `${search.toFixed(1)} ms`,
    compare: `≤ ${budgets.search} ms`,
    verdict: search <= budgets.search ? 'ok' : 'over budget',
  });
  const { id } = await db
    .selectFrom('customers')
    .select('id')
    .where('store_id', '=', storeId)
    .orderBy('id')
    .offset(Math.floor(count / 2))
    .executeTakeFirstOrThrow();
  const detail = await p95(() => showCustomer(db, storeId, id, new Date()));
  rows.push({
    metric: `${label}: customer detail p95`,
    ours: `${detail.toFixed(1)} ms`,
    compare: `≤ ${budgets.detail} ms`,
    verdict: detail <= budgets.detail ? 'ok' : 'over budget',
  });
  const rssBefore = process.memoryUsage().rss;
  let peak = rssBefore;
  let lines = 0;
  const start = performance.now();
  for await (const chunk of exportCustomers(db, storeId, {})) {
    lines += chunk.split('\r\n').length - 1;
    peak = Math.max(peak, process.memoryUsage().rss);
  }
  const seconds = (performance.now() - start) / 1000;
  rows.push({
    metric: `${label}: export ${(lines - 1).toLocaleString('en-US')} rows`,
    ours: `${Math.round((lines - 1) / seconds).toLocaleString('en-US')} rows/s`,
  });
  rows.push({ metric: `${label}: export peak RSS growth`, ours: `${((peak - rssBefore) / 1e6).toFixed(0)} MB`, verdict: 'flat: batches of 1,000' });
  return rows;
}

export async function run(): Promise<BenchRow[]> {
  const rows: BenchRow[] = [];
  const lite = await openDatabase({});
  await migrateToLatest(lite);
  rows.push(...(await measure(lite, 'PGlite', Number(process.env.CUSTOMER_BENCH_LITE ?? 100_000), { list: 50, search: 30, detail: 30 })));
  await lite.destroy();
  if (!ADMIN_URL) return [...rows, { metric: 'PostgreSQL', ours: 'not measured', verdict: 'set BENCH_DATABASE_URL or TEST_DATABASE_URL' }];
  const scratch = await scratchPostgresDatabase(ADMIN_URL, 'ls_bench');
  const pg = await openDatabase({ databaseUrl: scratch.url, maxConnections: 4 });
  try {
    await migrateToLatest(pg);
    rows.push(...(await measure(pg, 'PostgreSQL', Number(process.env.CUSTOMER_BENCH_PG ?? 1_000_000), { list: 50, search: 30, detail: 30 })));
  } finally {
    await pg.destroy();
    await scratch.drop();
  }
  return rows;
}
