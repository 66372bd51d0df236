/**
 * Dashboard and analytics at scale (issue 17): server time of each call's work for a 12-month
 * range on a large store — PostgreSQL with `BENCH_ANALYTICS_CUSTOMERS` customers (1,000,000 by
 * default, about 5,000,000 ledger entries; needs BENCH_DATABASE_URL or TEST_DATABASE_URL) and
 * PGlite with a tenth of them. p95 of repeated calls, against the budgets: analytics ≤ 300 ms,
 * dashboard ≤ 150 ms.
 */
import { openDatabase, type Db } from '../../server/db/connection.ts';
import { migrateToLatest } from '../../server/db/migrate.ts';
import {
  freshenRollups,
  outstandingLiability,
  periodCharts,
  periodMetrics,
  periodOf,
  previousPeriod,
  refreshRollups,
} from '../../server/domain/analytics/index.ts';
import { headlineFigures, latestActivity, setupProgress } from '../../server/domain/dashboard/index.ts';
import { scratchPostgresDatabase } from '../helpers/postgres.ts';
import { seedLargeStore } from './large-store.ts';
import type { BenchRow } from './run.ts';

const ADMIN_URL = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
const CUSTOMERS = Number(process.env.BENCH_ANALYTICS_CUSTOMERS ?? 1_000_000);
const RUNS = 15;

async function p95(work: () => Promise<unknown>): Promise<number> {
  await work(); // warm the caches as a live server's would be
  const times: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const started = performance.now();
    await work();
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  return times[Math.ceil(times.length * 0.95) - 1]!;
}

async function measure(db: Db, label: string, customers: number): Promise<BenchRow[]> {
  const now = new Date();
  const seedStarted = performance.now();
  const store = await seedLargeStore(db, customers, now);
  const seeded = ((performance.now() - seedStarted) / 1000).toFixed(0);
  const rollupStarted = performance.now();
  const { days } = await refreshRollups(db, { storeId: store.storeId });
  const rolledUp = performance.now() - rollupStarted;
  const to = now.toISOString().slice(0, 10);
  const from = new Date(now.getTime() - 364 * 86_400_000).toISOString().slice(0, 10);
  const year = periodOf(from, to);
  const id = store.storeId;
  const calls: [string, number, () => Promise<unknown>][] = [
    [
      'analytics/metrics',
      300,
      () =>
        Promise.all([
          periodMetrics(db, id, year, 'USD', null),
          periodMetrics(db, id, previousPeriod(year), 'USD', null),
          outstandingLiability(db, id, now, null),
        ]),
    ],
    [
      'analytics/charts',
      300,
      async () => {
        await freshenRollups(db, id);
        return Promise.all([periodCharts(db, id, year, 'USD', null), periodCharts(db, id, previousPeriod(year), 'USD', null)]);
      },
    ],
    ['analytics/metrics, members tagged vip', 300, () => periodMetrics(db, id, year, 'USD', { tag: 'vip' })],
    ['dashboard/status', 150, () => Promise.all([setupProgress(db, id), headlineFigures(db, id, now)])],
    ['dashboard/activities', 150, () => latestActivity(db, id, 20)],
  ];
  const rows: BenchRow[] = [
    {
      metric: `${label}: store seeded`,
      ours: `${store.customers.toLocaleString('en-US')} customers, ${store.orders.toLocaleString('en-US')} orders, ${store.entries.toLocaleString('en-US')} entries`,
      compare: `${seeded} s`,
    },
  ];
  rows.push({
    metric: `${label}: first roll-up of the whole history`,
    ours: `${(rolledUp / 1000).toFixed(1)} s`,
    compare: `${days} days, once (then only the days that change)`,
  });
  for (const [name, budget, work] of calls) {
    const time = await p95(work);
    rows.push({
      metric: `${label}: ${name}, 12 months, p95`,
      ours: `${time.toFixed(0)} ms`,
      compare: `≤ ${budget} ms`,
      verdict: time <= budget ? 'ok' : 'over budget',
    });
  }
  return rows;
}

export async function run(): Promise<BenchRow[]> {
  const rows: BenchRow[] = [];
  const lite = await openDatabase({});
  await migrateToLatest(lite);
  rows.push(...(await measure(lite, 'PGlite', Math.round(CUSTOMERS / 10))));
  await lite.destroy();
  if (!ADMIN_URL) return [...rows, { metric: 'PostgreSQL figures', ours: 'skipped', verdict: 'set BENCH_DATABASE_URL or TEST_DATABASE_URL' }];
  const scratch = await scratchPostgresDatabase(ADMIN_URL, 'ls_bench');
  try {
    const pg = await openDatabase({ databaseUrl: scratch.url, maxConnections: 8 });
    await migrateToLatest(pg);
    rows.push(...(await measure(pg, 'PostgreSQL', CUSTOMERS)));
    await pg.destroy();
  } finally {
    await scratch.drop();
  }
  return rows;
}
