/**
 * Dashboard and analytics at scale: server time of each call's work for a 12-month
 * range on the shared large store (tests/bench/scale-store.ts: 1,000,000 customers and about
 * 5,000,000 ledger entries on PostgreSQL, 100,000 customers on PGlite). p95 of repeated calls,
 * against the budgets: analytics ≤ 300 ms, dashboard ≤ 150 ms.
 */
import {
  filterOptions,
  freshenRollups,
  holdoutLift,
  outstandingLiability,
  periodCharts,
  periodMetrics,
  periodOf,
  previousPeriod,
  type MemberFilter,
} from '../../server/modules/analytics/index.ts';
import { headlineFigures, latestActivity, setupProgress } from '../../server/modules/analytics/index.ts';
import type { BenchRow } from './run.ts';
import { isSkipped, p95, ProgressRows, scaleStore, seededRow, type ScaleBackend, type ScaleStore } from './scale-store.ts';

async function measure(store: ScaleStore): Promise<BenchRow[]> {
  const { db, now, backend: label } = store;
  const to = now.toISOString().slice(0, 10);
  const from = new Date(now.getTime() - 364 * 86_400_000).toISOString().slice(0, 10);
  const year = periodOf(from, to);
  const id = store.storeId;
  // what the routes do: metrics with the previous period, the liability and the lift; charts with the previous period
  const metrics = (filter: MemberFilter | null) => () =>
    Promise.all([
      periodMetrics(db, id, year, filter),
      periodMetrics(db, id, previousPeriod(year), filter),
      outstandingLiability(db, id, now, filter),
      holdoutLift(db, id, year, 'USD'),
    ]);
  const charts = (filter: MemberFilter | null) => async () => {
    await freshenRollups(db, id);
    return Promise.all([periodCharts(db, id, year, 'USD', filter), periodCharts(db, id, previousPeriod(year), 'USD', filter, true)]);
  };
  const filters: [string, MemberFilter | null][] = [
    ['', null],
    [', members tagged vip', { tag: 'vip' }],
    [', VIP tier gold', { tier: 'gold' }],
    [', source import', { source: 'import' }],
  ];
  const calls: [string, number, () => Promise<unknown>][] = [
    ...filters.flatMap(([suffix, filter]): [string, number, () => Promise<unknown>][] => [
      [`analytics/metrics${suffix}`, 300, metrics(filter)],
      [`analytics/charts${suffix}`, 300, charts(filter)],
    ]),
    ['analytics/filter-options', 300, () => filterOptions(db, id)],
    ['dashboard/status', 150, () => Promise.all([setupProgress(db, id), headlineFigures(db, id, now)])],
    ['dashboard/activities', 150, () => latestActivity(db, id, 20)],
  ];
  const rows = new ProgressRows();
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
  for (const backend of ['PGlite', 'PostgreSQL'] as ScaleBackend[]) {
    const store = await scaleStore(backend);
    new ProgressRows().push(seededRow(store));
    rows.push(seededRow(store));
    if (!isSkipped(store)) rows.push(...(await measure(store)));
  }
  return rows;
}
