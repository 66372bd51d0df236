/**
 * The Shopify customer backfill from a bulk operation's file (budget ≥ 5,000 customers/s):
 * SHOPIFY_BACKFILL_BENCH customers (default 100,000), one in ten with an order of the last 12
 * months, as `bulkOperationRunQuery` writes them (JSONL, orders after their customer with
 * `__parentId`), written by the backfill job's import on PGlite and, with BENCH_DATABASE_URL or
 * TEST_DATABASE_URL, on PostgreSQL. A second run of the same file shows the idempotent path: the
 * customers and orders that did not change are compared in bulk and left as they were. The ledger
 * is verified after both passes.
 */
import type { Db } from '../../server/db/connection.ts';
import { verifyLedger } from '../../server/domain/ledger/index.ts';
import { upsertPlatformCustomers } from '../../server/modules/customers/index.ts';
import { applyOrderEvents } from '../../server/modules/orders/index.ts';
import { importBulkFile, registerPlatformHooks } from '../../server/modules/platforms/index.ts';
import { createDefaultProgram } from '../../server/modules/rules/index.ts';
import { measureOnEachDatabase } from './pglite.ts';
import type { BenchRow } from './run.ts';

const BUDGET = 5_000;

// the backfill writes its customers through the customers module and applies its orders through the orders module (the server registers these when it builds the app)
registerPlatformHooks({ upsertCustomers: upsertPlatformCustomers, applyOrders: applyOrderEvents });

function bulkFile(count: number, since: Date): string {
  const lines: string[] = [];
  const money = (amount: string) => ({ shopMoney: { amount, currencyCode: 'USD' } });
  for (let n = 1; n <= count; n++) {
    const id = `gid://shopify/Customer/${n}`;
    lines.push(
      JSON.stringify({
        id,
        firstName: `First${n}`,
        lastName: `Last${n % 500}`,
        defaultEmailAddress: { emailAddress: `c${n}@bulk.bench` },
        tags: n % 3 ? [] : ['vip'],
      }),
    );
    if (n % 10 === 0) {
      const at = new Date(since.getTime() + (n % 300) * 86_400_000).toISOString();
      lines.push(
        JSON.stringify({
          id: `gid://shopify/Order/${n}`,
          name: `#${n}`,
          email: `c${n}@bulk.bench`,
          createdAt: at,
          updatedAt: at,
          cancelledAt: null,
          currencyCode: 'USD',
          displayFinancialStatus: 'PAID',
          sourceName: 'web',
          discountCodes: [],
          subtotalPriceSet: money('42.00'),
          totalPriceSet: money('45.00'),
          totalTaxSet: money('3.00'),
          totalDiscountsSet: money('0.00'),
          totalShippingPriceSet: money('0.00'),
          __parentId: id,
        }),
      );
    }
  }
  return `${lines.join('\n')}\n`;
}

async function measure(db: Db, label: string, count: number): Promise<BenchRow[]> {
  const store = await db
    .insertInto('stores')
    .values({ title: 'Bench', platform: 'shopify', store_name: 'backfill-bench', domain: null, website: null, hmac_secret: null, access_token: null })
    .returning('id')
    .executeTakeFirstOrThrow();
  await createDefaultProgram(db, store.id, new Date());
  const file = bulkFile(count, new Date(Date.now() - 330 * 86_400_000));
  const job = { db, now: () => new Date(), checkpoint: async () => undefined };
  const rows: BenchRow[] = [];
  for (const pass of ['first backfill', 'same file again'] as const) {
    const start = performance.now();
    const done = await importBulkFile(job, store.id, file, 0);
    const seconds = (performance.now() - start) / 1000;
    const rate = done.customers / seconds;
    rows.push({
      metric: `${label}: ${pass} (${done.customers.toLocaleString('en-US')} customers: ${done.created.toLocaleString('en-US')} created, ${done.updated.toLocaleString('en-US')} updated, ${done.unchanged.toLocaleString('en-US')} unchanged; ${done.orders.toLocaleString('en-US')} orders; ${seconds.toFixed(1)} s)`,
      ours: `${Math.round(rate).toLocaleString('en-US')} customers/s`,
      compare: `≥ ${BUDGET.toLocaleString('en-US')} customers/s`,
      verdict: rate >= BUDGET ? 'ok' : 'under budget',
    });
  }
  const breaches = await verifyLedger(db, store.id);
  rows.push({
    metric: `${label}: the ledger after both passes (every account against its entries and batches)`,
    ours: breaches.length === 0 ? 'exact' : `${breaches.length} breaches`,
    verdict: breaches.length === 0 ? 'ok' : 'ledger broken',
  });
  return rows;
}

export async function run(): Promise<BenchRow[]> {
  const count = Number(process.env.SHOPIFY_BACKFILL_BENCH ?? 100_000);
  return measureOnEachDatabase('ls_shopify_backfill_bench', (db, label) => measure(db, label, count));
}
