/**
 * Customer CSV import (budget ≥ 5,000 rows/s): the file checked (dry run) and then
 * written by the import job (customers upserted, opening balances credited through the ledger) on
 * CUSTOMER_IMPORT_BENCH rows (default 20,000), on PGlite and, with BENCH_DATABASE_URL or
 * TEST_DATABASE_URL, on PostgreSQL. A second run of the same file shows the idempotent path.
 * With BENCH_SCALE_TEMPLATE, the same file is also imported into the large PostgreSQL store
 * (1,000,000 customers, ~5,000,000 ledger entries: its indexes are that big).
 */
import type { Db } from '../../server/db/connection.ts';
import { measureOnEachDatabase } from './pglite.ts';
import { checkCustomerFile, createCustomerImport, runCustomerImport, startCustomerImport } from '../../server/modules/customers/index.ts';
import { isSkipped, scaleStore } from './scale-store.ts';
import type { BenchRow } from './run.ts';

const BUDGET = 5_000;

function csvOf(count: number): string {
  const lines = ['email,first_name,last_name,birthday,points,tags'];
  for (let n = 1; n <= count; n++)
    lines.push(`c${n}@import.bench,First${n},Last${n % 500},19${50 + (n % 50)}-0${1 + (n % 9)}-1${n % 9},${n % 700},${n % 3 === 0 ? 'vip;newsletter' : ''}`);
  return lines.join('\n');
}

async function measure(db: Db, label: string, count: number, storeId?: number): Promise<BenchRow[]> {
  const store = storeId
    ? { id: storeId }
    : await db
        .insertInto('stores')
        .values({ title: 'Bench', platform: 'shopify', store_name: 'import-bench', domain: null, website: null, hmac_secret: null, access_token: null })
        .returning('id')
        .executeTakeFirstOrThrow();
  const csv = csvOf(count);
  const rows: BenchRow[] = [];
  const checkStart = performance.now();
  const file = checkCustomerFile(csv, undefined, '2026-01-01');
  const checkSeconds = (performance.now() - checkStart) / 1000;
  if (file.problems.length > 0) throw new Error(`bench file has problems: ${JSON.stringify(file.problems.slice(0, 3))}`);
  rows.push({
    metric: `${label}: dry run of ${count.toLocaleString('en-US')} rows`,
    ours: `${Math.round(count / checkSeconds).toLocaleString('en-US')} rows/s`,
  });
  for (const pass of ['first import', 'same file again'] as const) {
    const start = performance.now();
    const record = await createCustomerImport(db, store.id, file.customers, 'bench', new Date());
    const claimed = (await startCustomerImport(db, record.id, new Date()))!;
    const done = await runCustomerImport(db, claimed, () => new Date());
    const seconds = (performance.now() - start) / 1000;
    const rate = count / seconds;
    rows.push({
      metric: `${label}: ${pass} (${done.created} created, ${done.updated} updated, ${Number(done.points_credited).toLocaleString('en-US')} points)`,
      ours: `${Math.round(rate).toLocaleString('en-US')} rows/s`,
      compare: `≥ ${BUDGET.toLocaleString('en-US')} rows/s`,
      verdict: done.status !== 'done' ? `failed: ${done.error}` : rate >= BUDGET ? 'ok' : 'under budget',
    });
  }
  return rows;
}

export async function run(): Promise<BenchRow[]> {
  const count = Number(process.env.CUSTOMER_IMPORT_BENCH ?? 20_000);
  const rows = await measureOnEachDatabase('ls_import_bench', (db, label) => measure(db, label, count));
  if (process.env.BENCH_SCALE_TEMPLATE) {
    const large = await scaleStore('PostgreSQL');
    if (isSkipped(large)) rows.push({ metric: 'PostgreSQL, large store', ours: 'not measured', verdict: large.skipped });
    else rows.push(...(await measure(large.db, `PostgreSQL, into the store of ${large.customers.toLocaleString('en-US')} customers`, count, large.storeId)));
  }
  return rows;
}
