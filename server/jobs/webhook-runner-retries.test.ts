/**
 * BigCommerce's order and customer webhooks carry ids only: processing one reads the order or the
 * customer from the store's API. When that call fails the event waits and is tried again by the
 * runner itself — the API down (on the platforms' schedule, then the merchant's re-sync), a 429
 * (as long as BigCommerce said), a revoked token (the store asks to reconnect; after the reinstall)
 * — and the points arrive once, whatever the replays. The test clock stands for the time waited.
 */
import { afterAll, expect, it, vi } from 'vitest';
import { describeEachDatabase } from '../../tests/helpers/db.ts';
import type { WebhookRequest } from '../../tests/platforms/bigcommerce/client.ts';
import type { StandInOrder } from '../../tests/platforms/bigcommerce/store-api.ts';
import { bigcommerceStandInForFile } from '../../tests/platforms/bigcommerce/suite.ts';
import { systemClock } from '../clock.ts';
import { verifyLedger } from '../domain/ledger/index.ts';
import { retryFailedWebhooks } from '../modules/apps/index.ts';
import { platformOverviewOf, WEBHOOK_RECONNECT_MESSAGE } from '../modules/platforms/index.ts';
import { JobRunner } from './engine.ts';
import { WebhookRunner } from './webhook-runner.ts';
import { jobKinds } from '../workers.ts';

const { standIn, bc, platforms } = await bigcommerceStandInForFile();

describeEachDatabase(
  'BigCommerce webhooks whose store API call fails',
  (ctx) => {
    // one stand-in serves both databases' runs: each its own store
    const HASH = `retry${ctx.backend}`;
    const owner = { id: 21, email: `owner@${HASH}.example` };
    const options = { bigcommerceApiUrl: standIn.url, tokenKeys: platforms.tokenKeys };
    // the process's runner on the test clock (its own wake-up when a wait is over: the second test), made once the database is open
    let runner: WebhookRunner;
    afterAll(() => runner?.close());
    const api = () => standIn.stores.get(HASH)!;
    const storeId = async () =>
      Number(
        (
          await ctx.db
            .selectFrom('platform_connections')
            .select('store_id')
            .where('platform', '=', 'bigcommerce')
            .where('shop', '=', HASH)
            .executeTakeFirstOrThrow()
        ).store_id,
      );
    const install = async () => {
      const callback = await bc.install(HASH, owner, 'Retry Outfitters');
      return (await ctx.app.inject({ method: 'GET', url: `/platforms/bigcommerce/auth?${new URLSearchParams({ ...callback })}` })).statusCode;
    };
    const order = (id: number, subtotal: string): StandInOrder => ({
      id,
      customer_id: 901,
      status: 'Completed',
      status_id: 10,
      currency_code: 'USD',
      subtotal_ex_tax: subtotal,
      total_inc_tax: subtotal,
      date_created: new Date().toUTCString(),
      billing_address: { first_name: 'Rae', last_name: 'Walker', email: 'rae@retry.example' },
    });
    /** BigCommerce's delivery of this event; `createdAt` makes it a new delivery of the same event (BigCommerce's own retry). */
    const deliver = async (request: WebhookRequest, createdAt?: number) => {
      const destination = new URL(request.destination);
      const body = createdAt === undefined ? request.body : JSON.stringify({ ...JSON.parse(request.body), created_at: createdAt });
      const response = await ctx.app.inject({ method: 'POST', url: destination.pathname + destination.search, headers: request.headers, payload: body });
      expect(response.statusCode).toBe(200);
      return response.json().data as { received: boolean; duplicate: boolean };
    };
    /** The webhook BigCommerce sends for this order (or customer), delivered; answers it and its event's id. */
    const received = async (scope: string, data: { type: string; id: number }) => {
      const [request] = await bc.webhooks(HASH, scope, data);
      expect((await deliver(request!)).duplicate).toBe(false);
      const event = await ctx.db
        .selectFrom('webhook_events')
        .select('id')
        .where('store_id', '=', await storeId())
        .where('topic', '=', scope)
        .orderBy('id', 'desc')
        .executeTakeFirstOrThrow();
      return { request: request!, id: Number(event.id) };
    };
    const eventsOf = async (...ids: number[]) =>
      (
        await ctx.db
          .selectFrom('webhook_events')
          .select(['id', 'processed_at', 'attempts', 'last_error', 'retry_at'])
          .where('id', 'in', ids)
          .orderBy('id')
          .execute()
      ).map((event) => ({
        processed: event.processed_at !== null,
        attempts: event.attempts,
        last_error: event.last_error,
        // how long it waits before its next try, on the test clock
        waitMs: event.retry_at === null ? null : new Date(event.retry_at).getTime() - ctx.clock.now().getTime(),
      }));
    /** The points the store's orders earned, and in how many ledger entries. */
    const earned = async () => {
      const row = await ctx.db
        .selectFrom('ledger_entries')
        .select((eb) => [eb.fn.countAll<number>().as('entries'), eb.fn.sum<number>('points').as('points')])
        .where('store_id', '=', await storeId())
        .where('type', '=', 'order_earn')
        .executeTakeFirstOrThrow();
      return { entries: Number(row.entries), points: Number(row.points ?? 0) };
    };
    const status = async () => (await platformOverviewOf(ctx.db, await storeId()))?.status;

    it('installs the store and registers its hooks', async () => {
      runner = new WebhookRunner(ctx.db, ctx.clock, options);
      expect(await install()).toBe(303);
      await new JobRunner(ctx.db, ctx.clock, jobKinds(false, ctx.config)).drain();
      expect((await bc.hooks(HASH)).map((hook) => hook.scope)).toEqual(expect.arrayContaining(['store/order/created', 'store/customer/created']));
    });

    it('the runner tries a throttled event again by itself once the wait BigCommerce asked for is over', async () => {
      const clockRunner = new WebhookRunner(ctx.db, systemClock, options);
      await bc.addOrders(HASH, [order(700, '10.00')]);
      await bc.throttle(HASH, 0, 200);
      const { id } = await received('store/order/created', { type: 'order', id: 700 });
      await clockRunner.kick();
      expect((await eventsOf(id))[0]).toMatchObject({ processed: false, attempts: 0 });
      // no kick: its own timer
      await vi.waitFor(async () => expect((await eventsOf(id))[0]!.processed).toBe(true), { timeout: 30_000, interval: 50 });
      await clockRunner.close();
      expect(await earned()).toEqual({ entries: 1, points: 10 });
    });

    it('the store API down during an order and a customer webhook: both wait, are tried on the schedule, and credit once when it is back', async () => {
      await bc.addOrders(HASH, [order(701, '40.00')]);
      await bc.addCustomers(HASH, [{ id: 901, email: 'rae@retry.example', first_name: 'Rae', last_name: 'Walker', customer_group_id: 0, date_created: '' }]);
      api().outage = 503;
      const customer = await received('store/customer/created', { type: 'customer', id: 901 });
      const placed = await received('store/order/created', { type: 'order', id: 701 });
      await runner.kick();
      const waits: number[] = [];
      for (let attempt = 1; attempt <= 4; attempt += 1) {
        const events = await eventsOf(customer.id, placed.id);
        for (const event of events) expect(event).toMatchObject({ processed: false, attempts: attempt, last_error: expect.stringContaining('503') });
        waits.push(events[0]!.waitMs!);
        ctx.clock.advance(events[0]!.waitMs!);
        await runner.kick();
      }
      expect(waits).toEqual([5_000, 10_000, 20_000, 40_000]);
      api().outage = null;
      // back, but the fifth try's wait is not over: nothing is tried before it
      await runner.kick();
      expect(await eventsOf(customer.id, placed.id)).toEqual([
        { processed: false, attempts: 5, last_error: expect.stringContaining('503'), waitMs: 80_000 },
        { processed: false, attempts: 5, last_error: expect.stringContaining('503'), waitMs: 80_000 },
      ]);
      expect(await earned()).toEqual({ entries: 1, points: 10 });
      ctx.clock.advance(80_000);
      await runner.kick();
      expect((await eventsOf(customer.id, placed.id)).map(({ processed, attempts, last_error }) => ({ processed, attempts, last_error }))).toEqual([
        { processed: true, attempts: 6, last_error: null },
        { processed: true, attempts: 6, last_error: null },
      ]);
      expect(await earned()).toEqual({ entries: 2, points: 50 });
      const signups = await ctx.db
        .selectFrom('ledger_entries')
        .select('points')
        .where('store_id', '=', await storeId())
        .where('type', '=', 'action_earn')
        .execute();
      expect(signups).toEqual([{ points: 50 }]);
      // replays: the same delivery, and BigCommerce sending it again as a new one
      expect((await deliver(placed.request)).duplicate).toBe(true);
      await deliver(placed.request, 1_900_000_000);
      await deliver(customer.request, 1_900_000_000);
      await runner.kick();
      expect(await earned()).toEqual({ entries: 2, points: 50 });
      expect(
        await ctx.db
          .selectFrom('ledger_entries')
          .select('id')
          .where('store_id', '=', await storeId())
          .where('type', '=', 'action_earn')
          .execute(),
      ).toHaveLength(1);
      expect(await status()).toBe('connected');
    });

    it("an outage longer than every try: the event waits for the merchant's re-sync, which credits it once", async () => {
      await bc.addOrders(HASH, [order(702, '25.00')]);
      api().outage = 500;
      const { id } = await received('store/order/created', { type: 'order', id: 702 });
      await runner.kick();
      let waited = 0;
      for (let event = (await eventsOf(id))[0]!; event.attempts < 10; event = (await eventsOf(id))[0]!) {
        waited += event.waitMs!;
        ctx.clock.advance(event.waitMs!);
        await runner.kick();
      }
      // ten tries over 5 s, 10 s … 30 min apart: more than 40 minutes of outage
      expect(waited).toBeGreaterThan(40 * 60_000);
      ctx.clock.advance(24 * 3_600_000);
      await runner.kick();
      expect((await eventsOf(id))[0]).toMatchObject({ processed: false, attempts: 10, last_error: expect.stringContaining('500') });
      api().outage = null;
      expect(await retryFailedWebhooks(ctx.db, await storeId())).toBe(1);
      await runner.kick();
      expect((await eventsOf(id))[0]).toMatchObject({ processed: true, attempts: 1, last_error: null });
      expect(await earned()).toEqual({ entries: 3, points: 75 });
    });

    it('429: the event waits as long as BigCommerce said, without using up a try, and credits once after', async () => {
      await bc.addOrders(HASH, [order(703, '30.00')]);
      await bc.throttle(HASH, 0, 120_000);
      const { id, request } = await received('store/order/created', { type: 'order', id: 703 });
      await runner.kick();
      const [throttled] = await eventsOf(id);
      expect(throttled).toMatchObject({ processed: false, attempts: 0, last_error: expect.stringContaining('slow down') });
      expect(throttled!.waitMs).toBeGreaterThan(100_000);
      expect(throttled!.waitMs).toBeLessThanOrEqual(120_000);
      ctx.clock.advance(60_000);
      await runner.kick();
      expect((await eventsOf(id))[0]).toMatchObject({ processed: false, attempts: 0, waitMs: throttled!.waitMs! - 60_000 });
      // BigCommerce's window is over
      await bc.throttle(HASH, 150, 30_000);
      ctx.clock.advance(throttled!.waitMs! - 60_000);
      await runner.kick();
      expect((await eventsOf(id))[0]).toMatchObject({ processed: true, attempts: 1, last_error: null });
      await deliver(request, 1_900_000_000);
      await runner.kick();
      expect(await earned()).toEqual({ entries: 4, points: 105 });
    });

    it('a token revoked on BigCommerce: the store asks to reconnect, its webhooks wait (none lost) and credit once after the reinstall', async () => {
      await bc.addOrders(HASH, [order(704, '12.00'), order(705, '8.00')]);
      await bc.revoke(HASH);
      const first = await received('store/order/created', { type: 'order', id: 704 });
      await runner.kick();
      expect(await status()).toBe('reconnect');
      expect(await eventsOf(first.id)).toEqual([{ processed: false, attempts: 0, last_error: WEBHOOK_RECONNECT_MESSAGE, waitMs: 60_000 }]);
      // the next one waits with it, without a call to BigCommerce
      const second = await received('store/order/created', { type: 'order', id: 705 });
      for (let minute = 0; minute < 3; minute += 1) {
        ctx.clock.advance(60_000);
        await runner.kick();
      }
      expect(await eventsOf(first.id, second.id)).toEqual([
        { processed: false, attempts: 0, last_error: WEBHOOK_RECONNECT_MESSAGE, waitMs: 60_000 },
        { processed: false, attempts: 0, last_error: WEBHOOK_RECONNECT_MESSAGE, waitMs: 60_000 },
      ]);
      expect(await earned()).toEqual({ entries: 4, points: 105 });
      // the merchant reinstalls the app
      expect(await install()).toBe(303);
      expect(await status()).toBe('connected');
      ctx.clock.advance(60_000);
      await runner.kick();
      expect((await eventsOf(first.id, second.id)).map((event) => event.processed)).toEqual([true, true]);
      expect(await earned()).toEqual({ entries: 6, points: 125 });
      await deliver(first.request, 1_900_000_000);
      await deliver(second.request, 1_900_000_000);
      await runner.kick();
      expect(await earned()).toEqual({ entries: 6, points: 125 });
    });

    it("PostgreSQL's queue hands events to processIds: a failure there waits the same way instead of being given up after the queue's retries", async () => {
      await bc.addOrders(HASH, [order(706, '5.00')]);
      api().outage = 502;
      const { id } = await received('store/order/created', { type: 'order', id: 706 });
      await runner.processIds([id]);
      expect(await eventsOf(id)).toEqual([{ processed: false, attempts: 1, last_error: expect.stringContaining('502'), waitMs: 5_000 }]);
      api().outage = null;
      ctx.clock.advance(5_000);
      await runner.kick();
      expect((await eventsOf(id))[0]).toMatchObject({ processed: true, attempts: 2 });
      expect(await earned()).toEqual({ entries: 7, points: 130 });
      expect(await verifyLedger(ctx.db)).toEqual([]);
    });
  },
  { config: { platforms }, postgres: true },
);
