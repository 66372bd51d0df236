import { createHmac } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config.ts';
import type { Db } from '../db/connection.ts';
import { earningRuleBody } from '../contract/points.ts';
import { redeemRuleBody } from '../contract/redeem.ts';
import { credit, readAccount, verifyLedger } from '../domain/ledger/index.ts';
import { createEarningRule, createRedeemRule } from '../modules/rules/index.ts';
import { customerDigest } from '../auth/shopper-digest.ts';
import { twoProcessesOnPostgres } from '../../tests/helpers/processes.ts';
import { neutralOrderPaidBody, unprocessedWebhooks } from '../../tests/helpers/orders.ts';
import { seedFixture, type Fixture } from '../../tests/helpers/server-fixture.ts';
import { signInOnStore } from '../../tests/helpers/server.ts';
import { buildApp } from './app.ts';
import { startWorkers, type Workers } from '../workers.ts';

const ADMIN_URL = process.env.TEST_DATABASE_URL;

/**
 * Two server processes — each its own app, connection pool, webhook runner,
 * pg-boss worker and caches — on one PostgreSQL. Whatever one process does, the other sees at
 * once, and work sent to both is done exactly once.
 */
describe.skipIf(!ADMIN_URL)('two server processes on one PostgreSQL', () => {
  const processes = twoProcessesOnPostgres(ADMIN_URL!);
  const apps: FastifyInstance[] = [];
  const workers: Workers[] = [];
  let fixture: Fixture;
  let db: Db;
  const store = () => fixture.storeA;
  const balanceOf = async (customerId: number) => (await readAccount(db, store().id, customerId, new Date())).balance;

  beforeAll(async () => {
    db = processes.dbs[0]!;
    fixture = await seedFixture(db);
    for (const processDb of processes.dbs) {
      const config = { ...loadConfig({}), consoleDir: '/nonexistent', seedDemo: false, databaseUrl: processes.url, loginAttemptsPerMinute: 3 };
      const app = await buildApp({ config, db: processDb, logLevel: 'silent' });
      await app.ready();
      apps.push(app);
      workers.push(await startWorkers(app));
    }
  });
  afterAll(async () => {
    for (const worker of workers) await worker.stop();
    for (const app of apps) await app.close();
  });

  it('replays a webhook burst with duplicates across both: every order earns exactly once', async () => {
    await createEarningRule(db, store().id, earningRuleBody.parse({ type: 'order', title: 'Order', points: 1 }), new Date());
    const orders = 150;
    const expected = new Map<string, number>();
    const bodies = Array.from({ length: orders }, (_, n) => {
      const email = `burst${n % 25}@two.test`;
      const cents = 1_000 + ((n * 7919) % 9_000);
      expected.set(email, (expected.get(email) ?? 0) + Math.floor(cents / 100));
      return JSON.stringify(neutralOrderPaidBody(`two-${n}`, `two-o${n}`, email, cents));
    });
    // every event three times, each copy to the other process than the last, 50 in flight
    const deliveries = [...bodies, ...bodies, ...bodies];
    const answers: number[] = [];
    for (let start = 0; start < deliveries.length; start += 50) {
      const wave = await Promise.all(
        deliveries.slice(start, start + 50).map((raw, index) =>
          apps[(start + index) % 2]!.inject({
            method: 'POST',
            url: `/webhooks/orders/${store().storeName}`,
            payload: raw,
            headers: { 'content-type': 'application/json', 'x-signature': `sha256=${createHmac('sha256', store().hmacSecret).update(raw).digest('hex')}` },
          }),
        ),
      );
      answers.push(...wave.map((answer) => answer.statusCode));
    }
    expect(answers.every((status) => status === 200)).toBe(true);
    // both processes drain (pg-boss workers may hold some events meanwhile: go round until none is left)
    while ((await unprocessedWebhooks(db)) > 0) await Promise.all(workers.map((worker) => worker.webhooks!.drain()));
    expect(
      Number(
        (
          await db
            .selectFrom('webhook_events')
            .select((eb) => eb.fn.countAll<number>().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      ),
    ).toBe(orders);
    const earns = await db.selectFrom('ledger_entries').select('source_id').where('store_id', '=', store().id).where('type', '=', 'order_earn').execute();
    expect(earns).toHaveLength(orders);
    for (const [email, points] of expected) {
      const customer = await db.selectFrom('customers').select('id').where('store_id', '=', store().id).where('email', '=', email).executeTakeFirstOrThrow();
      expect(await balanceOf(customer.id), email).toBe(points);
    }
    expect(await verifyLedger(db, store().id)).toEqual([]);
  });

  it('races 40 redemptions of one balance through both: exactly the covered ones pass, a key redeems once', async () => {
    const customerId = store().customerIds[1]!;
    const externalId = 'two-process-shopper';
    await db.updateTable('customers').set({ external_id: externalId }).where('id', '=', customerId).execute();
    const reward = await createRedeemRule(
      db,
      store().id,
      redeemRuleBody.parse({ type: 'fixed_amount', title: '$1 off', points_cost: 100, discount_value: 100 }),
      new Date(),
    );
    const before = await balanceOf(customerId);
    await credit(
      db,
      { storeId: store().id, customerId, type: 'adjustment', points: 1_000 - before, sourceType: 'test', sourceId: 'two-fund', computation: 'test funds' },
      new Date(),
    );
    const redeem = (app: FastifyInstance, key: string) =>
      app.inject({
        method: 'POST',
        url: `/storefront/v1/${store().storeName}/redeem`,
        headers: { 'idempotency-key': key },
        payload: { customer_id: externalId, digest: customerDigest(store().hmacSecret, externalId), redeem_id: reward.id },
      });
    const answers = await Promise.all(Array.from({ length: 40 }, (_, n) => redeem(apps[n % 2]!, `race-${n}`)));
    const statuses = answers.map((answer) => answer.statusCode);
    expect(statuses.filter((status) => status === 200)).toHaveLength(10);
    expect(statuses.every((status) => status === 200 || status === 422)).toBe(true);
    expect(await balanceOf(customerId)).toBe(0);
    // one Idempotency-Key sent to both processes at once redeems once (refunded balance first)
    await credit(
      db,
      { storeId: store().id, customerId, type: 'adjustment', points: 300, sourceType: 'test', sourceId: 'two-fund-2', computation: 'test funds' },
      new Date(),
    );
    const same = await Promise.all([redeem(apps[0]!, 'same-key'), redeem(apps[1]!, 'same-key'), redeem(apps[0]!, 'same-key'), redeem(apps[1]!, 'same-key')]);
    expect(same.map((answer) => answer.statusCode)).toEqual([200, 200, 200, 200]);
    expect(new Set(same.map((answer) => answer.json().data.code)).size).toBe(1);
    expect(await balanceOf(customerId)).toBe(200);
    expect(await verifyLedger(db, store().id)).toEqual([]);
  });

  it('publishes through one process and the other serves it at once; a double publish keeps one published version', async () => {
    const [first, second] = apps as [FastifyInstance, FastifyInstance];
    const { headers } = await signInOnStore(first, fixture.users.alice, fixture.password, store().id);
    const current = (await first.inject({ method: 'GET', url: '/api/v1/onsite-display/landing_page', headers })).json().data;
    const document = structuredClone(current.document);
    const marker = 'Published through the first process';
    const text = JSON.stringify(document).replace('Join our rewards program', marker);
    expect(text).toContain(marker);
    const saved = await first.inject({
      method: 'POST',
      url: '/api/v1/onsite-display/landing_page/draft',
      headers,
      payload: { base_version: current.draft_version, document: JSON.parse(text) },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const version = saved.json().data.version as number;
    const before = await second.inject({ method: 'GET', url: `/landing/${store().storeName}` });
    expect(before.body).not.toContain(marker);
    // the same session publishes through both processes at once (a double click behind a load balancer)
    const published = await Promise.all(
      [first, second].map((app) => app.inject({ method: 'POST', url: '/api/v1/onsite-display/landing_page/publish', headers, payload: { version } })),
    );
    expect(published.map((answer) => answer.statusCode)).toEqual([200, 200]);
    const rows = await db
      .selectFrom('settings_documents')
      .select(['version', 'status'])
      .where('store_id', '=', store().id)
      .where('kind', '=', 'landing_page')
      .where('status', '=', 'published')
      .execute();
    expect(rows.map((row) => row.version)).toEqual([version]);
    expect((await second.inject({ method: 'GET', url: `/landing/${store().storeName}` })).body).toContain(marker);
    expect((await first.inject({ method: 'GET', url: `/landing/${store().storeName}` })).body).toContain(marker);
  });

  it('shares the per-minute limits of /oauth/token and the referral calls between the processes', async () => {
    const token = (app: FastifyInstance) =>
      app.inject({
        method: 'POST',
        url: '/oauth/token',
        payload: { grant_type: 'client_credentials', client_id: 'nobody', client_secret: 'wrong' },
        remoteAddress: '10.9.0.2',
      });
    // 60 a minute per address: sent to both at once, each counted once, then both refuse
    const first = await Promise.all(Array.from({ length: 60 }, (_, n) => token(apps[n % 2]!)));
    expect(first.map((answer) => answer.statusCode)).toEqual(Array.from({ length: 60 }, () => 401));
    expect((await token(apps[0]!)).statusCode).toBe(429);
    expect((await token(apps[1]!)).statusCode).toBe(429);

    const visit = (app: FastifyInstance) =>
      app.inject({ method: 'POST', url: `/storefront/v1/${store().storeName}/referral/visit`, payload: { code: 'UNKNOWN1' }, remoteAddress: '10.9.0.2' });
    for (let n = 0; n < 20; n += 1) expect((await visit(apps[n % 2]!)).statusCode).toBe(404);
    expect((await visit(apps[0]!)).statusCode).toBe(429);
    expect((await visit(apps[1]!)).statusCode).toBe(429);
  });

  it('shares sign-in counters and a rotated webhook secret between the processes at once', async () => {
    const login = (app: FastifyInstance, password: string) =>
      app.inject({ method: 'POST', url: '/api/v1/account/login', payload: { email: fixture.users.bob, password }, remoteAddress: '10.9.0.1' });
    expect((await login(apps[0]!, 'wrong')).statusCode).toBe(401);
    expect((await login(apps[1]!, 'wrong')).statusCode).toBe(401);
    expect((await login(apps[0]!, 'wrong')).statusCode).toBe(401);
    expect((await login(apps[1]!, fixture.password)).statusCode).toBe(429);

    const send = (app: FastifyInstance, secret: string, n: number) => {
      const raw = JSON.stringify({
        event_id: `rotate-${n}`,
        type: 'order.paid',
        order: {
          id: `rotate-o${n}`,
          currency: 'USD',
          status: 'paid',
          cancelled: false,
          amounts: { items: 100, discounts: 0, shipping: 0, tax: 0, total: 100 },
          lines: [],
          customer: { email: 'rotate@two.test', first_name: 'R', last_name: 'S' },
          placed_at: '2026-03-01T00:00:00Z',
        },
      });
      return app.inject({
        method: 'POST',
        url: `/webhooks/orders/${store().storeName}`,
        payload: raw,
        headers: { 'content-type': 'application/json', 'x-signature': `sha256=${createHmac('sha256', secret).update(raw).digest('hex')}` },
      });
    };
    // the second process has just looked the store up
    expect((await send(apps[1]!, store().hmacSecret, 1)).statusCode).toBe(200);
    const { headers } = await signInOnStore(apps[0]!, fixture.users.alice, fixture.password, store().id);
    const rotated = await apps[0]!.inject({ method: 'POST', url: '/api/v1/store/setting/generate-hmac-secrets', headers, payload: {} });
    expect(rotated.statusCode, rotated.body).toBe(200);
    const secret = rotated.json().data.hmac_secret as string;
    expect((await send(apps[1]!, store().hmacSecret, 2)).statusCode).toBe(401);
    expect((await send(apps[1]!, secret, 3)).statusCode).toBe(200);
  });
});
