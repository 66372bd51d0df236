import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { systemClock } from '../clock.ts';
import { openDatabase, type Db } from '../db/connection.ts';
import { migrateToLatest } from '../db/migrate.ts';
import { earningRuleBody } from '../contract/points.ts';
import { verifyLedger } from '../domain/ledger/index.ts';
import { createEarningRule } from '../domain/rules/earning.ts';
import { scratchPostgresDatabase } from '../../tests/helpers/postgres.ts';
import { persistWebhook, WebhookRunner } from './webhook-runner.ts';

const ADMIN_URL = process.env.TEST_DATABASE_URL;

// two server processes = two connection pools, each with its own runner, on one PostgreSQL
describe.skipIf(!ADMIN_URL)('webhook runners of two processes on one PostgreSQL', () => {
  let drop: () => Promise<void> = async () => {};
  let first: Db;
  let second: Db;
  beforeAll(async () => {
    const scratch = await scratchPostgresDatabase(ADMIN_URL!);
    drop = scratch.drop;
    first = await openDatabase({ databaseUrl: scratch.url, maxConnections: 4 });
    second = await openDatabase({ databaseUrl: scratch.url, maxConnections: 4 });
    await migrateToLatest(first);
  });
  afterAll(async () => {
    await first?.destroy();
    await second?.destroy();
    await drop();
  });

  it('process a burst exactly once between them', async () => {
    const store = await first
      .insertInto('stores')
      .values({ title: 'Two', platform: 'custom', store_name: 'two-processes', domain: null, website: null, hmac_secret: 's', access_token: null })
      .returning('id')
      .executeTakeFirstOrThrow();
    await createEarningRule(first, store.id, earningRuleBody.parse({ type: 'order', title: 'Order', points: 1 }), new Date());
    const orders = 1_000;
    for (let n = 0; n < orders; n += 1) {
      await persistWebhook(
        first,
        {
          storeId: store.id,
          platform: 'custom',
          topic: 'order.paid',
          eventKey: `evt-${n}`,
          payload: {
            event_id: `evt-${n}`,
            type: 'order.paid',
            order: {
              id: `o${n}`,
              currency: 'USD',
              status: 'paid',
              cancelled: false,
              amounts: { items: 1_000 + n, discounts: 0, shipping: 0, tax: 0, total: 1_000 + n },
              lines: [],
              customer: { email: `p${n % 50}@two.test`, first_name: '', last_name: '' },
              placed_at: '2026-03-01T00:00:00Z',
            },
          },
        },
        new Date(),
      );
    }
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
  }, 60_000);
});
