import type { LightMyRequestResponse } from 'fastify';
import { afterAll, expect, it } from 'vitest';
import { describeEachDatabase } from '../../helpers/db.ts';
import { runJobs } from '../../helpers/jobs.ts';
import { signInOnStore } from '../../helpers/server.ts';
import { hashPassword } from '../../../server/auth/passwords.ts';
import { SHOPIFY_BACKFILL_JOB } from '../../../server/modules/platforms/shopify/backfill.ts';
import { SYNC_KIND } from '../../../server/modules/platforms/shopify/webhook-sync.ts';
import { install, onApp, startStandIn } from './install-flow.ts';

let clockNow = () => new Date();
const { standIn, config } = await startStandIn(() => clockNow());
afterAll(() => standIn.stop());
const SHOP = 'hooks-shop.myshopify.com';

describeEachDatabase(
  'Shopify webhooks, privacy requests, the app proxy, uninstall and reinstall',
  (ctx) => {
    let storeId = 0;
    const send = (topic: string, payload: unknown, secret?: string) => {
      const webhook = standIn.webhook(SHOP, topic, payload);
      const headers = secret ? { ...webhook.headers, 'x-shopify-hmac-sha256': Buffer.from(secret).toString('base64') } : webhook.headers;
      return ctx.app.inject({ method: 'POST', url: '/platforms/shopify/webhooks', headers, payload: webhook.body });
    };
    const proxy = (path: string, customerId: string, extra: Record<string, string> = {}, timestamp?: string) =>
      ctx.app.inject({ method: 'GET', url: `/platforms/shopify/proxy/${path}?${standIn.proxyQuery(SHOP, customerId, extra, timestamp)}` });
    const customer = (externalId: string) =>
      ctx.db
        .insertInto('customers')
        .values({ store_id: storeId, external_id: externalId, first_name: 'Ada', last_name: 'Lovelace', email: `ada.${externalId}@example.com` })
        .returning('id')
        .executeTakeFirstOrThrow();
    const connection = () => ctx.db.selectFrom('platform_connections').selectAll().where('store_id', '=', storeId).executeTakeFirstOrThrow();
    const jobOutcome = (id: number) => ctx.db.selectFrom('jobs').select(['state', 'error']).where('id', '=', id).executeTakeFirstOrThrow();
    /** The shop revokes the app's token, then the owner asks the integrations screen for a re-sync: the check's job. */
    const revokeAndCheck = async () => {
      standIn.revokeTokens(SHOP);
      const owner = await signInOnStore(ctx.app, 'owner@hooks-shop.example', 'owner-password', storeId);
      // later than the last check (a check is one job per moment it was asked for)
      ctx.clock.advance(1_000);
      const response = await ctx.app.inject({ method: 'POST', url: '/data/v1/account/webhooks-sync', headers: owner.headers, payload: {} });
      return { owner, jobId: response.json().data.platform_check_job_id as number };
    };
    const data = (response: LightMyRequestResponse) => (response.json() as { data: Record<string, unknown> }).data;

    it('installs the shop and subscribes it', async () => {
      clockNow = () => ctx.clock.now();
      expect((await install(ctx.app, standIn, SHOP)).statusCode).toBe(303);
      storeId = (await ctx.db.selectFrom('stores').select('id').where('domain', '=', SHOP).executeTakeFirstOrThrow()).id;
      await runJobs(ctx.db, ctx.clock, false, ctx.config);
      expect(standIn.shop(SHOP).subscriptions).toHaveLength(12);
    });

    it.each(['customers/data_request', 'customers/redact', 'shop/redact', 'app/uninstalled', 'orders/create'])(
      '%s with a bad HMAC: 401, nothing done',
      async (topic) => {
        const response = await send(topic, { shop_domain: SHOP, customer: { id: 1 } }, 'not-the-signature');
        expect(response.statusCode).toBe(401);
        expect((await connection()).status).toBe('connected');
      },
    );

    it("an order webhook signed with the app secret joins the inbox for the shop's store", async () => {
      const response = await send('orders/create', { id: 501, email: 'ada@example.com', total_price: '20.00', currency: 'USD' });
      expect(response.statusCode).toBe(200);
      const event = await ctx.db
        .selectFrom('webhook_events')
        .select(['store_id', 'platform', 'topic'])
        .where('store_id', '=', storeId)
        .executeTakeFirstOrThrow();
      expect(event).toEqual({ store_id: storeId, platform: 'shopify', topic: 'orders/create' });
    });

    it('the app proxy answers the storefront API for the logged-in customer Shopify names, never one the page sends', async () => {
      const ada = await customer('9001');
      await customer('9002');
      const anonymous = await proxy('bootstrap', '');
      expect(anonymous.statusCode).toBe(200);
      expect(data(anonymous).member).toBeNull();
      const signedIn = await proxy('bootstrap', '9001', { customer_id: '9002' });
      expect(signedIn.statusCode).toBe(200);
      expect(data(signedIn).member).not.toBeNull();
      const member = await proxy('member', '9001');
      expect(member.statusCode).toBe(200);
      expect(ada.id).toBeGreaterThan(0);
    });

    it('the app proxy refuses a bad signature, a stale timestamp and another shop', async () => {
      const forged = await ctx.app.inject({
        method: 'GET',
        url: `/platforms/shopify/proxy/bootstrap?${standIn.proxyQuery(SHOP, '9001').replace('9001', '9002')}`,
      });
      expect(forged.statusCode).toBe(401);
      const stale = await proxy('bootstrap', '9001', {}, String(Math.floor(ctx.clock.now().getTime() / 1000) - 3600));
      expect(stale.statusCode).toBe(401);
      const unknown = await ctx.app.inject({ method: 'GET', url: `/platforms/shopify/proxy/bootstrap?${standIn.proxyQuery('nobody.myshopify.com', '')}` });
      expect(unknown.statusCode).toBe(404);
    });

    it('customers/data_request: recorded on the customer; the merchant downloads their profile, ledger, rewards and referrals', async () => {
      const response = await send('customers/data_request', {
        shop_domain: SHOP,
        customer: { id: 9002, email: 'ada.9002@example.com' },
        data_request: { id: 77 },
      });
      expect(response.statusCode).toBe(200);
      expect(data(response).recorded).toBe(true);
      // the same request again is the same request
      await send('customers/data_request', { shop_domain: SHOP, customer: { id: 9002 }, data_request: { id: 77 } });
      await ctx.db
        .updateTable('users')
        .set({ password_hash: await hashPassword('owner-password') })
        .where('email', '=', 'owner@hooks-shop.example')
        .execute();
      const owner = await signInOnStore(ctx.app, 'owner@hooks-shop.example', 'owner-password', storeId);
      const customerId = (await ctx.db.selectFrom('customers').select('id').where('external_id', '=', '9002').executeTakeFirstOrThrow()).id;
      const list = await ctx.app.inject({ method: 'GET', url: `/data/v1/customer/data-requests?customer_id=${customerId}`, headers: owner.headers });
      const requests = (list.json() as { data: Array<{ id: number; request_ref: string }> }).data;
      expect(requests).toEqual([expect.objectContaining({ platform: 'shopify', request_ref: '77' })]);
      const file = await ctx.app.inject({ method: 'GET', url: `/data/v1/customer/data-requests/${requests[0]!.id}/file`, headers: owner.headers });
      expect(file.headers['content-disposition']).toMatch(/attachment; filename="customer-data-\d+\.json"/);
      expect(file.json()).toMatchObject({ customer: { external_id: '9002', email: 'ada.9002@example.com' }, ledger: [], rewards: [], referrals: [] });
      // another store's session sees none of it
      const other = await signInOnStore(ctx.app, ctx.fixture.users.bob, ctx.fixture.password, ctx.fixture.storeB.id);
      expect((await ctx.app.inject({ method: 'GET', url: `/data/v1/customer/data-requests/${requests[0]!.id}/file`, headers: other.headers })).statusCode).toBe(
        404,
      );
    });

    it('customers/redact erases that customer as a delete does; the ledger row stays anonymous', async () => {
      const response = await send('customers/redact', { shop_domain: SHOP, customer: { id: 9001, email: 'ada.9001@example.com' }, orders_to_redact: [] });
      expect(response.statusCode).toBe(200);
      const rows = await ctx.db.selectFrom('customers').select(['external_id', 'email', 'deleted_at']).where('store_id', '=', storeId).orderBy('id').execute();
      expect(rows[0]).toMatchObject({ external_id: null, email: expect.stringMatching(/@deleted\.invalid$/) });
      expect(rows[0]!.deleted_at).not.toBeNull();
      expect(rows[1]).toMatchObject({ external_id: '9002', deleted_at: null });
    });

    it("the integrations screen's re-sync checks the subscriptions and puts back a missing one, once", async () => {
      const subscriptions = standIn.shop(SHOP).subscriptions;
      const [removed] = subscriptions.splice(
        subscriptions.findIndex((subscription) => subscription.topic === 'ORDERS_PAID'),
        1,
      );
      const owner = await signInOnStore(ctx.app, 'owner@hooks-shop.example', 'owner-password', storeId);
      // later than the install's own check (a check is one job per moment it was asked for)
      ctx.clock.advance(1_000);
      const response = await ctx.app.inject({ method: 'POST', url: '/data/v1/account/webhooks-sync', headers: owner.headers, payload: {} });
      expect(response.statusCode).toBe(200);
      expect(response.json().data.platform_check_job_id).toEqual(expect.any(Number));
      await runJobs(ctx.db, ctx.clock, false, ctx.config);
      expect(subscriptions).toHaveLength(12);
      expect(subscriptions.filter((subscription) => subscription.topic === 'ORDERS_PAID')).toEqual([expect.objectContaining({ uri: removed!.uri })]);
    });

    it('a new HMAC secret calls nothing on Shopify (its webhooks are signed with the app secret): they are still accepted, the proxy still answers', async () => {
      const owner = await signInOnStore(ctx.app, 'owner@hooks-shop.example', 'owner-password', storeId);
      const jobs = async () => (await ctx.db.selectFrom('jobs').select('id').where('store_id', '=', storeId).execute()).length;
      const before = await jobs();
      const rotated = await ctx.app.inject({ method: 'POST', url: '/api/v1/store/setting/generate-hmac-secrets', headers: owner.headers, payload: {} });
      expect(rotated.statusCode).toBe(200);
      expect(await jobs()).toBe(before);
      expect((await send('orders/create', { id: 503, email: 'ada@example.com', total_price: '20.00', currency: 'USD' })).statusCode).toBe(200);
      expect(data(await proxy('bootstrap', '9002')).member).not.toBeNull();
    });

    it('a token the shop revoked: the check fails saying so, the store asks to reconnect, and the program stays', async () => {
      const { owner, jobId } = await revokeAndCheck();
      // the install's backfill is due now too (its bulk operation's next look): only the check runs,
      // so it is the check that meets the refusal (the last test has the backfill meet it first)
      await runJobs(ctx.db, ctx.clock, false, ctx.config, [SYNC_KIND]);
      expect(await jobOutcome(jobId)).toMatchObject({ state: 'failed', error: expect.stringContaining('reconnect your shop') });
      expect(await connection()).toMatchObject({ status: 'reconnect' });
      const overview = await ctx.app.inject({ method: 'GET', url: '/data/v1/platform', headers: owner.headers });
      expect(overview.json().data).toMatchObject({ platform: 'shopify', status: 'reconnect' });
      expect(await ctx.db.selectFrom('earning_rules').select('id').where('store_id', '=', storeId).execute()).toHaveLength(2);
    });

    it('app/uninstalled: the token is erased, platform work cancelled, the embed and the proxy answer as for an unknown store; the program stays', async () => {
      await ctx.db
        .insertInto('jobs')
        .values({ kind: 'shopify.webhook-sync', store_id: storeId, payload: '{}', run_after: new Date('2030-01-01'), created_at: ctx.clock.now() })
        .execute();
      expect((await send('app/uninstalled', { id: 1, domain: SHOP })).statusCode).toBe(200);
      expect(await connection()).toMatchObject({ status: 'uninstalled', sealed_token: null });
      const queued = await ctx.db.selectFrom('jobs').select('state').where('store_id', '=', storeId).where('state', '=', 'queued').execute();
      expect(queued).toEqual([]);
      const store = await ctx.db.selectFrom('stores').select('store_name').where('id', '=', storeId).executeTakeFirstOrThrow();
      expect((await ctx.app.inject({ method: 'GET', url: `/storefront/v1/${store.store_name}/bootstrap` })).statusCode).toBe(404);
      expect((await proxy('bootstrap', '')).statusCode).toBe(404);
      // an order after the uninstall is acknowledged, not stored
      const events = () => ctx.db.selectFrom('webhook_events').select('id').where('store_id', '=', storeId).execute();
      const stored = await events();
      await send('orders/create', { id: 502 });
      expect(await events()).toEqual(stored);
      expect(await ctx.db.selectFrom('earning_rules').select('id').where('store_id', '=', storeId).execute()).toHaveLength(2);
    });

    it('a reinstall restores the same store and program, and the owner lands where they left off', async () => {
      await ctx.db.updateTable('users').set({ stage: 0 }).where('email', '=', 'owner@hooks-shop.example').execute();
      const response = await install(ctx.app, standIn, SHOP);
      expect(response.statusCode).toBe(303);
      expect(await ctx.db.selectFrom('stores').select('id').where('domain', '=', SHOP).execute()).toEqual([{ id: storeId }]);
      expect(await connection()).toMatchObject({ status: 'connected' });
      expect((await proxy('bootstrap', '')).statusCode).toBe(200);
      expect(await ctx.db.selectFrom('earning_rules').select('id').where('store_id', '=', storeId).execute()).toHaveLength(2);
      expect(onApp(`http://x${String(response.headers.location)}`)).toBe('/auth-check');
    });

    it('shop/redact erases the personal data of every customer of the store', async () => {
      expect((await send('shop/redact', { shop_id: 1, shop_domain: SHOP })).statusCode).toBe(200);
      const left = await ctx.db.selectFrom('customers').select('id').where('store_id', '=', storeId).where('deleted_at', 'is', null).execute();
      expect(left).toEqual([]);
    });

    it('a check queued before another job met the revoked token fails saying so too, not done', async () => {
      const { jobId } = await revokeAndCheck();
      // the reinstall's backfill, due as well, meets the refusal before the check runs
      await runJobs(ctx.db, ctx.clock, false, ctx.config, [SHOPIFY_BACKFILL_JOB]);
      expect(await connection()).toMatchObject({ status: 'reconnect' });
      await runJobs(ctx.db, ctx.clock, false, ctx.config);
      expect(await jobOutcome(jobId)).toMatchObject({ state: 'failed', error: expect.stringContaining('reconnect your shop') });
    });
  },
  { config, postgres: true },
);
