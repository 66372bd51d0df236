import { beforeAll, describe, expect, it } from 'vitest';
import { describeEachDatabase } from '../../tests/helpers/db.ts';
import { twoProcessesOnPostgres } from '../../tests/helpers/processes.ts';
import { systemClock } from '../clock.ts';
import { earningRuleBody } from '../contract/points.ts';
import type { Db } from '../db/connection.ts';
import { verifyLedger } from '../domain/ledger/index.ts';
import { applyImportItems, type ImportItem } from '../domain/orders/import.ts';
import { claimImport, createImport, findImport } from '../domain/orders/import-jobs.ts';
import { createEarningRule } from '../domain/rules/earning.ts';
import { ImportRunner } from './import-runner.ts';
import { IMPORT_QUEUE, PgBossJobQueue } from './queue.ts';

const ADMIN_URL = process.env.TEST_DATABASE_URL;

/** `count` paid orders of $12.34 spread over `customers` customers. */
const importRows = (prefix: string, count: number, customers: number) =>
  Array.from({ length: count }, (_, n) => ({
    order_id: `${prefix}-${n}`,
    email: `${prefix.toLowerCase()}${n % customers}@import.test`,
    items: '12.34',
    total: '12.34',
    placed_at: '2026-02-01T10:00:00Z',
  }));

async function balancesOf(db: Db, storeId: number, prefix: string): Promise<number[]> {
  const rows = await db
    .selectFrom('points_accounts')
    .innerJoin('customers', 'customers.id', 'points_accounts.customer_id')
    .select('points_accounts.balance')
    .where('points_accounts.store_id', '=', storeId)
    .where('customers.email', 'like', `${prefix.toLowerCase()}%`)
    .execute();
  return rows.map((row) => row.balance);
}

describeEachDatabase('order import runner', (ctx) => {
  beforeAll(async () => {
    await createEarningRule(ctx.db, ctx.fixture.storeC.id, earningRuleBody.parse({ type: 'order', title: 'Order', points: 1 }), ctx.clock.now());
  });

  it('resumes an import whose process stopped half-way, from its last progress, crediting nothing twice', async () => {
    const storeId = ctx.fixture.storeC.id;
    const { record, background } = await createImport(ctx.db, storeId, importRows('Resume', 450, 9), ctx.clock.now());
    expect(background).toBe(true);
    // a process takes it, imports 250 orders but records progress for 200 only, and stops
    const claimed = await claimImport(ctx.db, ctx.clock.now());
    expect(claimed?.id).toBe(record.id);
    expect(await applyImportItems(ctx.db, storeId, claimed!.orders.slice(0, 250) as ImportItem[], ctx.clock.now())).toEqual([]);
    await ctx.db.updateTable('order_imports').set({ processed: 200 }).where('id', '=', record.id).execute();
    const runner = new ImportRunner(ctx.db, ctx.clock, 100);
    // while it may still be running elsewhere, nobody takes it
    await runner.kick();
    expect(await findImport(ctx.db, storeId, record.id)).toMatchObject({ status: 'running', processed: 200 });
    ctx.clock.advance(61_000);
    await runner.kick();
    expect(await findImport(ctx.db, storeId, record.id)).toMatchObject({ status: 'done', total: 450, processed: 450, failed_rows: [], orders: [] });
    // 50 orders × 12 points for each of the 9 customers
    expect(await balancesOf(ctx.db, storeId, 'Resume')).toEqual(Array.from({ length: 9 }, () => 600));
    const entries = await ctx.db
      .selectFrom('ledger_entries')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('store_id', '=', storeId)
      .executeTakeFirstOrThrow();
    expect(Number(entries.n)).toBe(450);
    expect(await verifyLedger(ctx.db, storeId)).toEqual([]);
    await runner.close();
  });
});

// two server processes on one PostgreSQL, each with its pg-boss worker for imports
describe.skipIf(!ADMIN_URL)('order imports on pg-boss shared by two processes', () => {
  const processes = twoProcessesOnPostgres(ADMIN_URL!);

  it('runs every queued import to done between them, with exact balances', async () => {
    const { url, dbs } = processes;
    const [first] = dbs as [Db, Db];
    const queues: Array<PgBossJobQueue<{ importId: number }>> = [];
    const store = await first
      .insertInto('stores')
      .values({ title: 'Imports', platform: 'custom', store_name: 'import-queue', domain: null, website: null, hmac_secret: 's', access_token: null })
      .returning('id')
      .executeTakeFirstOrThrow();
    await createEarningRule(first, store.id, earningRuleBody.parse({ type: 'order', title: 'Order', points: 1 }), new Date());
    for (const db of dbs) {
      const runner = new ImportRunner(db, systemClock);
      const queue = await PgBossJobQueue.start<{ importId: number }>(
        url,
        IMPORT_QUEUE,
        async (jobs) => {
          for (const job of jobs) await runner.process(job.importId);
        },
        { batchSize: 1 },
      );
      processes.onStop(() => queue.stop());
      queues.push(queue);
    }
    const ids: number[] = [];
    for (let n = 0; n < 3; n += 1) {
      const { record } = await createImport(first, store.id, importRows(`Q${n}x`, 300, 10), new Date());
      ids.push(record.id);
      await queues[n % 2]!.enqueue({ importId: record.id });
    }
    const deadline = Date.now() + 30_000;
    let open = ids.length;
    while (open > 0 && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 200));
      open = (await first.selectFrom('order_imports').select('id').where('status', '!=', 'done').execute()).length;
    }
    expect(open).toBe(0);
    for (let n = 0; n < 3; n += 1) expect(await balancesOf(first, store.id, `Q${n}x`)).toEqual(Array.from({ length: 10 }, () => 360));
    const entries = await first
      .selectFrom('ledger_entries')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(entries.n)).toBe(900);
    expect(await verifyLedger(first)).toEqual([]);
  }, 60_000);
});
