/**
 * Customer list at scale: list pages with one filter or sort, e-mail prefix search,
 * one customer's detail and the CSV export of every customer (rows/s and the process's peak RSS
 * growth) on the shared large store (tests/bench/scale-store.ts: 1,000,000 customers and about
 * 5,000,000 ledger entries on PostgreSQL, 100,000 customers on PGlite). Server time is the domain
 * call's time (no HTTP).
 */
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { type CustomerListOptions, exportCustomers, listCustomers, searchCustomers, showCustomer } from '../../server/modules/customers/index.ts';
import type { BenchRow } from './run.ts';
import { isSkipped, p95, ProgressRows, scaleStore, seededRow, type ScaleBackend, type ScaleStore } from './scale-store.ts';

const BUDGETS = { list: 50, search: 30, detail: 30 };
/** live memory that may differ between 100,000 rows and the end of the export for it to count as flat */
const FLAT_TOLERANCE = 5e6;

setFlagsFromString('--expose-gc');
const collectGarbage = runInNewContext('gc') as () => void;

/**
 * The process's live memory (V8 heap and buffers) after full collections: a buffer's memory is
 * given back after the collection that found it unreachable, so a second one counts it gone (with
 * one, the seed's 451 MB of buffers made the export's growth read −451 MB).
 */
function liveMemory(): number {
  collectGarbage();
  collectGarbage();
  const { heapUsed, external } = process.memoryUsage();
  return heapUsed + external;
}

const LIST_CASES: Array<[string, Partial<CustomerListOptions>]> = [
  ['newest first (default)', {}],
  ['sort by balance desc', { sort: { by: 'balance', desc: true } }],
  ['sort by name', { sort: { by: 'name', desc: false } }],
  ['filter program status guest', { programStatus: 'guest' }],
  ['filter source import', { source: 'import' }],
  ['filter VIP tier gold', { vipTier: 'gold' }],
  ['filter balance 100-200', { points: { min: 100, max: 200 } }],
  ['filter tag vip', { tag: 'vip' }],
  ['search e-mail prefix', { search: 'c4242', type: 'email' }],
];

async function measure(store: ScaleStore): Promise<BenchRow[]> {
  const { db, storeId, backend: label, customers: count } = store;
  const budgets = BUDGETS;
  const rows = new ProgressRows();
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
  // memory after the first 100,000 rows and after all of them: flat memory is the same figure for
  // both. The live memory (after a full collection) is what the export holds; the peak RSS also
  // counts the garbage V8 lets pile up between collections, which follows its heuristics, not the file.
  const rssBefore = process.memoryUsage().rss;
  const liveBefore = liveMemory();
  let peak = rssBefore;
  let at100k: { rss: number; live: number } | undefined;
  let lines = 0;
  const start = performance.now();
  for await (const chunk of exportCustomers(db, storeId, {})) {
    lines += chunk.split('\r\n').length - 1;
    peak = Math.max(peak, process.memoryUsage().rss);
    if (at100k === undefined && lines - 1 >= 100_000) at100k = { rss: peak, live: liveMemory() };
  }
  const seconds = (performance.now() - start) / 1000;
  const liveAfter = liveMemory();
  const megabytes = (bytes: number) => `${(bytes / 1e6).toFixed(0)} MB`;
  const exported = (lines - 1).toLocaleString('en-US');
  rows.push({ metric: `${label}: export ${exported} rows`, ours: `${Math.round((lines - 1) / seconds).toLocaleString('en-US')} rows/s` });
  const liveGrowth = [at100k?.live ?? liveAfter, liveAfter].map((live) => live - liveBefore);
  rows.push({
    metric: `${label}: export live memory growth (after a full GC)`,
    ours: `${megabytes(liveGrowth[0]!)} at 100,000 rows, ${megabytes(liveGrowth[1]!)} at ${exported}`,
    compare: 'flat',
    verdict: liveGrowth[1]! - liveGrowth[0]! <= FLAT_TOLERANCE ? 'flat' : 'grows with the rows',
  });
  rows.push({
    metric: `${label}: export peak RSS growth`,
    ours: `${megabytes((at100k?.rss ?? peak) - rssBefore)} at 100,000 rows, ${megabytes(peak - rssBefore)} at ${exported}`,
    verdict: 'reported (garbage between collections included)',
  });
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
