import { describe, expect, it } from 'vitest';
import { systemClock } from '../clock.ts';
import type { Db } from '../db/connection.ts';
import { verifyLedger } from '../domain/ledger/index.ts';
import { neutralOrderPaid, storeWithOrderRule } from '../../tests/helpers/orders.ts';
import { twoProcessesOnPostgres } from '../../tests/helpers/processes.ts';
import { PgBossWebhookQueue } from './queue.ts';
import { persistWebhook } from './webhook-inbox.ts';
import { WebhookRunner } from './webhook-runner.ts';

const ADMIN_URL = process.env.TEST_DATABASE_URL;

// two server processes: each its own pool, runner and pg-boss worker, on one PostgreSQL
describe.skipIf(!ADMIN_URL)('pg-boss webhook queue shared by two processes', () => {
  const processes = twoProcessesOnPostgres(ADMIN_URL!);

  it('processes every enqueued event exactly once between the two', async () => {
    const { url, dbs } = processes;
    const [first] = dbs as [Db, Db];
    const queues: PgBossWebhookQueue[] = [];
    const store = { id: await storeWithOrderRule(first, 'queue-store') };
    for (const db of dbs) {
      const queue = await PgBossWebhookQueue.start(url, new WebhookRunner(db, systemClock, { bigcommerceApiUrl: 'http://127.0.0.1:9' }));
      processes.onStop(() => queue.stop());
      queues.push(queue);
    }
    const orders = 500;
    for (let n = 0; n < orders; n += 1) {
      const id = await persistWebhook(first, neutralOrderPaid(store.id, n, `q${n % 40}@queue.test`, 2_000 + n), new Date());
      await queues[n % 2]!.enqueue(id!);
    }
    const deadline = Date.now() + 30_000;
    let open = orders;
    while (open > 0 && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 250));
      open = Number(
        (
          await first
            .selectFrom('webhook_events')
            .select((eb) => eb.fn.countAll<number>().as('n'))
            .where('processed_at', 'is', null)
            .executeTakeFirstOrThrow()
        ).n,
      );
    }
    expect(open).toBe(0);
    const events = await first.selectFrom('webhook_events').select('attempts').execute();
    expect(events.every((event) => event.attempts === 1)).toBe(true);
    const entries = await first
      .selectFrom('ledger_entries')
      .select((eb) => [eb.fn.countAll<number>().as('n'), eb.fn.sum<number>('points').as('points')])
      .executeTakeFirstOrThrow();
    const expected = Array.from({ length: orders }, (_, n) => Math.floor((2_000 + n) / 100)).reduce((a, b) => a + b, 0);
    expect([Number(entries.n), Number(entries.points)]).toEqual([orders, expected]);
    expect(await verifyLedger(first)).toEqual([]);
  });
});
