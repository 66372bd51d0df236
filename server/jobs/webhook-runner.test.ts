import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { BACKENDS, createTestDatabase, type TestDatabase } from '../../tests/helpers/db.ts';
import { systemClock } from '../clock.ts';
import { openDatabase, type Db } from '../db/connection.ts';
import { migrateToLatest } from '../db/migrate.ts';
import { verifyLedger } from '../domain/ledger/index.ts';
import { neutralOrderPaid, storeWithOrderRule } from '../../tests/helpers/orders.ts';
import { scratchPostgresDatabase } from '../../tests/helpers/postgres.ts';
import { persistWebhook, persistWebhooks } from './webhook-inbox.ts';
import { WebhookRunner } from './webhook-runner.ts';
import { WebhookTraffic } from './signals.ts';

const ADMIN_URL = process.env.TEST_DATABASE_URL;

// acknowledgements first: processing waits while webhooks are being answered
for (const backend of BACKENDS) {
  describe(`webhook processing during a burst [${backend}]`, () => {
    let database: TestDatabase;
    let storeId: number;
    beforeAll(async () => {
      database = await createTestDatabase(backend);
      storeId = await storeWithOrderRule(database.db, 'burst-store');
    });
    afterAll(() => database?.drop());

    const received = async (first: number, count: number) => {
      const ids: number[] = [];
      for (let n = first; n < first + count; n += 1)
        ids.push((await persistWebhook(database.db, neutralOrderPaid(storeId, n, 'b@burst.test', 1_000 + n), new Date()))!);
      return ids;
    };
    const processedAt = (ids: number[]) => database.db.selectFrom('webhook_events').select('processed_at').where('id', 'in', ids).execute();

    it("waits up to maxDeferMs for a burst's first round, however long ago the last round was", async () => {
      const options = { bigcommerceApiUrl: 'http://127.0.0.1:9', maxDeferMs: 300 };
      await new WebhookRunner(database.db, systemClock, options).processIds(await received(0, 1)); // warm: what follows is the wait alone
      const traffic = new WebhookTraffic();
      const runner = new WebhookRunner(database.db, systemClock, options, traffic); // its last round: never
      const ids = await received(1, 1);
      const answered = traffic.receiving(); // a webhook being answered: the burst is under way
      const started = performance.now();
      await runner.processIds(ids);
      expect(performance.now() - started).toBeGreaterThanOrEqual(300);
      expect((await processedAt(ids))[0]?.processed_at).not.toBeNull();
      answered();
      await runner.close();
    });

    it("processes a queue's batch in rounds of its budget while webhooks are being answered", async () => {
      const traffic = new WebhookTraffic();
      const runner = new WebhookRunner(database.db, systemClock, { bigcommerceApiUrl: 'http://127.0.0.1:9', roundBudgetMs: 20, maxDeferMs: 50 }, traffic);
      const ids = await received(100, 4);
      const answered = traffic.receiving();
      await runner.processIds(ids);
      answered();
      const rounds = new Set((await processedAt(ids)).map((event) => event.processed_at?.getTime()));
      expect(rounds.has(undefined)).toBe(false);
      expect(rounds.size).toBeGreaterThan(1); // one transaction each round, each with its own time
      await runner.close();
    });
  });
}

// two server processes = two connection pools, each with its own runner, on one PostgreSQL
describe.skipIf(!ADMIN_URL)('webhook runners of two processes on one PostgreSQL', () => {
  let drop: () => Promise<void> = async () => {};
  let first: Db;
  let second: Db;
  beforeAll(async () => {
    // a copy of the run's migrated template (tests/helpers/db-templates.ts)
    const template = inject('postgresTemplate') || undefined;
    const scratch = await scratchPostgresDatabase(ADMIN_URL!, 'ls_t', template);
    drop = scratch.drop;
    first = await openDatabase({ databaseUrl: scratch.url, maxConnections: 4 });
    second = await openDatabase({ databaseUrl: scratch.url, maxConnections: 4 });
    if (!template) await migrateToLatest(first);
  });
  afterAll(async () => {
    await first?.destroy();
    await second?.destroy();
    await drop();
  });

  it('process a burst exactly once between them', async () => {
    const store = { id: await storeWithOrderRule(first, 'two-processes') };
    const orders = 1_000;
    // the burst is stored as the webhook inbox stores what arrives in one tick: in one insert
    const stored = await persistWebhooks(
      first,
      Array.from({ length: orders }, (_, n) => neutralOrderPaid(store.id, n, `p${n % 50}@two.test`, 1_000 + n)),
      new Date(),
    );
    expect(stored.every((id) => typeof id === 'number')).toBe(true);
    const runners = [
      new WebhookRunner(first, systemClock, { bigcommerceApiUrl: 'http://127.0.0.1:9', batchSize: 100 }),
      new WebhookRunner(second, systemClock, { bigcommerceApiUrl: 'http://127.0.0.1:9', batchSize: 100 }),
    ];
    await Promise.all(runners.map((runner) => runner.drain()));
    const events = await first.selectFrom('webhook_events').select(['attempts', 'processed_at']).execute();
    expect(events.every((event) => event.processed_at !== null && event.attempts === 1)).toBe(true);
    const entries = await first
      .selectFrom('ledger_entries')
      .select((eb) => [eb.fn.countAll<number>().as('n'), eb.fn.sum<number>('points').as('points')])
      .executeTakeFirstOrThrow();
    const expected = Array.from({ length: orders }, (_, n) => Math.floor((1_000 + n) / 100)).reduce((a, b) => a + b, 0);
    expect([Number(entries.n), Number(entries.points)]).toEqual([orders, expected]);
    expect(await verifyLedger(first)).toEqual([]);
  });
});
