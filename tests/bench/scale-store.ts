/**
 * The one large store every scale bench measures (customers and analytics), seeded once per
 * database and run and shared by the scenarios: 1,000,000 customers and about 5,000,000 ledger
 * entries on PostgreSQL (`BENCH_SCALE_CUSTOMERS`; needs BENCH_DATABASE_URL or TEST_DATABASE_URL),
 * 100,000 on PGlite (`BENCH_SCALE_LITE`), written with generate_series (tests/bench/large-store.ts)
 * and rolled up for analytics. A database that cannot be seeded is reported with the reason, and
 * the benches skip it.
 *
 * Seeding 1,000,000 customers takes many minutes. With `BENCH_SCALE_TEMPLATE=<name>` the PostgreSQL
 * store is seeded once into a kept database (named after the template, the size and a hash of
 * large-store.ts, so a changed seed makes a new one); every run brings the kept database itself to
 * the latest schema, rolled up (once after a migration) and vacuumed, and copies it: a run then
 * starts in about a minute.
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { sql } from 'kysely';
import { openDatabase, type Db } from '../../server/db/connection.ts';
import { migrateToLatest } from '../../server/db/migrate.ts';
import { refreshRollups } from '../../server/modules/analytics/index.ts';
import { scratchPostgresDatabase } from '../helpers/postgres.ts';
import { scratchPglite } from './pglite.ts';
import { seedLargeStore, type LargeStore } from './large-store.ts';
import type { BenchRow } from './run.ts';

export type ScaleBackend = 'PGlite' | 'PostgreSQL';

export interface ScaleStore extends LargeStore {
  db: Db;
  backend: ScaleBackend;
  /** when the store's history ends (its "now") */
  now: Date;
  seedSeconds: number;
  /** the kept template it was copied from (BENCH_SCALE_TEMPLATE), if any */
  template?: string;
  rollupSeconds: number;
  rolledDays: number;
}

/** A database the benches skip, and why. */
export interface Skipped {
  backend: ScaleBackend;
  skipped: string;
}

const ADMIN_URL = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
const TEMPLATE = process.env.BENCH_SCALE_TEMPLATE;
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
    const template = backend === 'PostgreSQL' && TEMPLATE ? await keptTemplate(TEMPLATE) : undefined;
    if (backend === 'PostgreSQL') {
      const copy = () => scratchPostgresDatabase(ADMIN_URL!, 'ls_scale', template?.name, 'file_copy');
      const scratch = template ? await holdingTemplate(template.name, async () => (await bringUpToDate(template.name), copy())) : await copy();
      cleanups.push(() => scratch.drop());
      db = await openDatabase({ databaseUrl: scratch.url, maxConnections: 8 });
      const opened = db;
      cleanups.unshift(() => opened.destroy());
    } else {
      const lite = await scratchPglite();
      db = lite.db;
      cleanups.unshift(() => lite.drop());
    }
    await migrateToLatest(db);
    let store: LargeStore & { now: Date };
    let seedSeconds: number;
    if (template) {
      store = await seededStore(db);
      seedSeconds = template.seedSeconds;
      await sql`analyze`.execute(db);
    } else {
      const started = performance.now();
      store = await seedNow(db, SCALE_CUSTOMERS[backend], backend);
      seedSeconds = (performance.now() - started) / 1000;
    }
    const { now } = store;
    const rollupStarted = performance.now();
    const { days } = await refreshRollups(db, { storeId: store.storeId });
    return { ...store, db, backend, now, seedSeconds, template: template?.name, rollupSeconds: (performance.now() - rollupStarted) / 1000, rolledDays: days };
  } catch (error) {
    return { backend, skipped: `the store could not be seeded: ${(error as Error).message}` };
  }
}

async function seedNow(db: Db, customers: number, backend: ScaleBackend): Promise<LargeStore & { now: Date }> {
  const now = new Date();
  console.error(`  ${backend}: seeding the large store (${customers.toLocaleString('en-US')} customers)…`);
  // the seed writes the accounts as its entries sum them, and every seeded customer has a sign-up
  // entry: the accounts the schema opens at zero with each customer would only
  // collide with them. Off while seeding, the seed (and so the kept template's hash) stays as it was.
  await sql`alter table customers disable trigger customer_accounts_after_insert`.execute(db);
  try {
    const store = { ...(await seedLargeStore(db, customers, now)), now };
    await vacuum(db);
    return store;
  } finally {
    await sql`alter table customers enable trigger customer_accounts_after_insert`.execute(db);
  }
}

/**
 * Vacuums the seeded store as autovacuum would a real one: without it no page is all-visible, and
 * an index-only scan (the holdout lift's sample, a capped count) reads the table for every row.
 * Cheap once done: a later vacuum skips the pages still all-visible.
 */
const vacuum = (db: Db) => sql`vacuum (analyze)`.execute(db);

/** The store a kept template holds; its "now" is in its name (large-<epoch ms>). */
async function seededStore(db: Db): Promise<LargeStore & { now: Date }> {
  const row = await sql<{ id: number; store_name: string; customers: string; orders: string; entries: string }>`
    select s.id, s.store_name,
      (select count(*) from customers where store_id = s.id) as customers,
      (select count(*) from orders where store_id = s.id) as orders,
      (select count(*) from ledger_entries where store_id = s.id) as entries
    from stores s where s.title = 'Large store' order by s.id desc limit 1`.execute(db);
  const store = row.rows[0];
  if (!store) throw new Error('the kept template holds no large store');
  return {
    storeId: store.id,
    customers: Number(store.customers),
    orders: Number(store.orders),
    entries: Number(store.entries),
    now: new Date(Number(store.store_name.slice('large-'.length))),
  };
}

/**
 * The kept, seeded PostgreSQL template, made on first use: seeded under a scratch name and renamed
 * when complete, so its existence means it is whole (a second seeder that loses the race drops its copy).
 */
async function keptTemplate(prefix: string): Promise<{ name: string; seedSeconds: number }> {
  const seedHash = createHash('sha256')
    .update(readFileSync(new URL('./large-store.ts', import.meta.url)))
    .digest('hex')
    .slice(0, 8);
  const name = `${prefix}_${SCALE_CUSTOMERS.PostgreSQL}_${seedHash}`;
  const admin = await openDatabase({ databaseUrl: ADMIN_URL!, maxConnections: 1 });
  try {
    const exists = await sql`select 1 from pg_database where datname = ${name}`.execute(admin);
    if (exists.rows.length) return { name, seedSeconds: 0 };
    const scratch = await scratchPostgresDatabase(ADMIN_URL!, `${prefix}_seeding`);
    const started = performance.now();
    const db = await openDatabase({ databaseUrl: scratch.url, maxConnections: 8 });
    try {
      await migrateToLatest(db);
      await seedNow(db, SCALE_CUSTOMERS.PostgreSQL, 'PostgreSQL');
    } finally {
      await db.destroy();
    }
    const seedSeconds = (performance.now() - started) / 1000;
    const scratchName = new URL(scratch.url).pathname.slice(1);
    try {
      await sql.raw(`alter database ${scratchName} rename to ${name}`).execute(admin);
    } catch {
      await scratch.drop();
    }
    return { name, seedSeconds };
  } finally {
    await admin.destroy();
  }
}

/**
 * Runs `work` holding the kept template's lock (a session advisory lock of the admin database):
 * one run at a time brings it up to date and copies it, as a copy needs the template unconnected.
 */
async function holdingTemplate<T>(name: string, work: () => Promise<T>): Promise<T> {
  const admin = await openDatabase({ databaseUrl: ADMIN_URL!, maxConnections: 1 });
  try {
    await sql`select pg_advisory_lock(hashtext(${name}))`.execute(admin);
    return await work();
  } finally {
    await admin.destroy(); // the session's end releases the lock
  }
}

/**
 * Migrates the kept template itself to the latest schema and rolls its days up, so each copy starts
 * migrated and rolled up: a migration that re-marks the history (the member segments of
 * `analytics_segments`) is paid once, not by every run.
 */
async function bringUpToDate(name: string): Promise<void> {
  const url = new URL(ADMIN_URL!);
  url.pathname = `/${name}`;
  const db = await openDatabase({ databaseUrl: url.toString(), maxConnections: 2 });
  try {
    await migrateToLatest(db);
    const { days } = await refreshRollups(db);
    if (days > 0) console.error(`  PostgreSQL: the kept template ${name} rolled up ${days} days`);
    await vacuum(db);
  } finally {
    await db.destroy();
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
    compare: `${store.template && !store.seedSeconds ? `copied from ${store.template}` : `seeded in ${store.seedSeconds.toFixed(0)} s`}, ${store.rolledDays} days rolled up in ${store.rollupSeconds.toFixed(0)} s`,
  };
}
