/**
 * The one large store every scale bench measures (issues 14 and 17), seeded once per database and
 * run and shared by the scenarios: 1,000,000 customers and about 5,000,000 ledger entries on
 * PostgreSQL (`BENCH_SCALE_CUSTOMERS`; needs BENCH_DATABASE_URL or TEST_DATABASE_URL), 100,000
 * on PGlite (`BENCH_SCALE_LITE`), written with generate_series (tests/bench/large-store.ts) and
 * rolled up for analytics. A database that cannot be seeded is reported with the reason, and the
 * benches skip it.
 */
import { openDatabase, type Db } from '../../server/db/connection.ts';
import { migrateToLatest } from '../../server/db/migrate.ts';
import { refreshRollups } from '../../server/domain/analytics/index.ts';
import { scratchPostgresDatabase } from '../helpers/postgres.ts';
import { seedLargeStore, type LargeStore } from './large-store.ts';
import type { BenchRow } from './run.ts';

export type ScaleBackend = 'PGlite' | 'PostgreSQL';

export interface ScaleStore extends LargeStore {
  db: Db;
  backend: ScaleBackend;
  /** when the store's history ends (its "now") */
  now: Date;
  seedSeconds: number;
  rollupSeconds: number;
  rolledDays: number;
}

/** A database the benches skip, and why. */
export interface Skipped {
  backend: ScaleBackend;
  skipped: string;
}

const ADMIN_URL = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
export const SCALE_CUSTOMERS: Record<ScaleBackend, number> = {
  PostgreSQL: Number(process.env.BENCH_SCALE_CUSTOMERS ?? 1_000_000),
  PGlite: Number(process.env.BENCH_SCALE_LITE ?? 100_000),
};

const stores = new Map<ScaleBackend, Promise<ScaleStore | Skipped>>();
const cleanups: (() => Promise<void>)[] = [];

async function seed(backend: ScaleBackend): Promise<ScaleStore | Skipped> {
  if (backend === 'PostgreSQL' && !ADMIN_URL) return { backend, skipped: 'set BENCH_DATABASE_URL or TEST_DATABASE_URL to seed the PostgreSQL store' };
  let db: Db | undefined;
  try {
    if (backend === 'PostgreSQL') {
      const scratch = await scratchPostgresDatabase(ADMIN_URL!, 'ls_scale');
      cleanups.push(() => scratch.drop());
      db = await openDatabase({ databaseUrl: scratch.url, maxConnections: 8 });
    } else {
      db = await openDatabase({});
    }
    const opened = db;
    cleanups.unshift(() => opened.destroy());
    await migrateToLatest(db);
    const now = new Date();
    console.error(`  ${backend}: seeding the large store (${SCALE_CUSTOMERS[backend].toLocaleString('en-US')} customers)…`);
    const started = performance.now();
    const store = await seedLargeStore(db, SCALE_CUSTOMERS[backend], now);
    const seedSeconds = (performance.now() - started) / 1000;
    const rollupStarted = performance.now();
    const { days } = await refreshRollups(db, { storeId: store.storeId });
    return { ...store, db, backend, now, seedSeconds, rollupSeconds: (performance.now() - rollupStarted) / 1000, rolledDays: days };
  } catch (error) {
    return { backend, skipped: `the store could not be seeded: ${(error as Error).message}` };
  }
}

/** The large store on this backend, seeded on first use and shared by every bench of the run. */
export function scaleStore(backend: ScaleBackend): Promise<ScaleStore | Skipped> {
  if (!stores.has(backend)) stores.set(backend, seed(backend));
  return stores.get(backend)!;
}

export const isSkipped = (store: ScaleStore | Skipped): store is Skipped => 'skipped' in store;

/** Closes the stores' databases and drops the PostgreSQL one (run.ts calls it once every bench ran). */
export async function closeScaleStores(): Promise<void> {
  for (const cleanup of cleanups.splice(0)) await cleanup().catch(() => undefined);
  stores.clear();
}

/** Rows that are also written to stderr as they are measured: a long run shows its figures as it goes. */
export class ProgressRows extends Array<BenchRow> {
  override push(...rows: BenchRow[]): number {
    for (const row of rows) console.error(`  ${row.metric}: ${row.ours}${row.compare ? ` (${row.compare})` : ''}${row.verdict ? ` ${row.verdict}` : ''}`);
    return super.push(...rows);
  }
}

/** p95 of `runs` calls after one warm-up call (the caches warm as a live server's would be). */
export async function p95(work: () => Promise<unknown>, runs = 20): Promise<number> {
  await work();
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const started = performance.now();
    await work();
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  return times[Math.ceil(times.length * 0.95) - 1]!;
}

/** The first row of a backend's table: what was seeded, or why it was skipped. */
export function seededRow(store: ScaleStore | Skipped): BenchRow {
  if (isSkipped(store)) return { metric: `${store.backend}: large store`, ours: 'skipped', verdict: store.skipped };
  return {
    metric: `${store.backend}: large store (shared by the scale benches)`,
    ours: `${store.customers.toLocaleString('en-US')} customers, ${store.orders.toLocaleString('en-US')} orders, ${store.entries.toLocaleString('en-US')} entries`,
    compare: `seeded in ${store.seedSeconds.toFixed(0)} s, ${store.rolledDays} days rolled up in ${store.rollupSeconds.toFixed(0)} s`,
  };
}
