import { randomBytes } from 'node:crypto';
import { expect, it } from 'vitest';
import { describeEachDatabase, snapshotTables } from '../../../../tests/helpers/db.ts';
import { authHeaders } from '../../../../tests/helpers/server.ts';
import { currentCustomerJwt } from '../../../../tests/platforms/bigcommerce/signing.ts';
import { bigcommerceStandInForFile } from '../../../../tests/platforms/bigcommerce/suite.ts';
import { challengeOf } from '../../../auth/pkce.ts';
import { JobRunner } from '../../../jobs/engine.ts';
import { jobKinds } from '../../../workers.ts';
import { connectionOf } from '../connections.ts';
import { bigcommerceWebhookSecret } from './orders.ts';
import { BIGCOMMERCE_SETUP_JOB, HOOK_SCOPES } from './setup.ts';

const { standIn, bc, platforms } = await bigcommerceStandInForFile();
const { tokenKeys } = platforms;

describeEachDatabase(
  'BigCommerce single-click app: install, load, uninstall, remove user, the storefront JWT',
  (ctx) => {
    const HASH = 'abc123';
    const owner = { id: 11, email: 'owner@outdoor.example' };
    const runJobs = () => new JobRunner(ctx.db, ctx.clock, jobKinds(false, ctx.config)).drain();
    const storeOfHash = () =>
      ctx.db
        .selectFrom('stores')
        .innerJoin('platform_connections', 'platform_connections.store_id', 'stores.id')
        .selectAll('stores')
        .where('platform_connections.shop', '=', HASH)
        .executeTakeFirstOrThrow();
    const get = (url: string) => ctx.app.inject({ method: 'GET', url });
    /** What the console does after the redirect: a sign-in bound to this browser (PKCE), answered by the provider's session. */
    const signInWith = async (response: { statusCode: number; headers: Record<string, unknown>; cookies: Array<{ name: string; value: string }> }) => {
      expect(response.statusCode).toBe(303);
      expect(response.headers.location).toBe('/auth-check');
      const session = response.cookies.find((cookie) => cookie.name === 'ls_provider_session')!;
      // plain HTTP: no browser keeps SameSite=None without Secure (behind HTTPS: iframe.test.ts)
      expect(session).toMatchObject({ sameSite: 'Lax', httpOnly: true });
      const verifier = randomBytes(32).toString('base64url');
      const provider = await ctx.app.inject({
        method: 'GET',
        url: `/auth/login?code_challenge=${challengeOf(verifier)}`,
        cookies: { ls_provider_session: session.value },
      });
      const code = new URL(String(provider.headers.location), 'http://x').searchParams.get('code')!;
      const login = await ctx.app.inject({ method: 'POST', url: '/api/v1/account/login', payload: { code, code_verifier: verifier } });
      expect(login.statusCode).toBe(200);
      return login.json().data;
    };
    // each delivery its own order (the same event again would be answered as a duplicate)
    let orderId = 600;
    /** An order webhook as the store's hooks send it now; answers our status code. */
    const deliver = async () => {
      orderId += 1;
      const [request] = await bc.webhooks(HASH, 'store/order/created', { type: 'order', id: orderId });
      const url = new URL(request!.destination);
      return (await ctx.app.inject({ method: 'POST', url: url.pathname + url.search, headers: request!.headers, payload: request!.body })).statusCode;
    };
    const install = async (storeHash = HASH, user = owner) => {
      const callback = await bc.install(storeHash, user, 'Outdoor Outfitters');
      return get(`/platforms/bigcommerce/auth?${new URLSearchParams({ ...callback })}`);
    };

    it('installs a new store: token sealed, default program, the owner signed in on onboarding', async () => {
      const response = await install();
      const login = await signInWith(response);
      expect(login.user.email).toBe(owner.email);
      expect(login.user.stage).toBe(2); // onboarding
      const store = await storeOfHash();
      expect(login.user.store.id).toBe(store.id);
      expect(store.platform).toBe('bigcommerce');
      const connection = await ctx.db.selectFrom('platform_connections').selectAll().where('store_id', '=', store.id).executeTakeFirstOrThrow();
      const token = standIn.stores.get(HASH)!.token!;
      expect(connection.sealed_token).not.toContain(token);
      expect((await connectionOf(ctx.db, tokenKeys, store.id))?.token).toBe(token);
      const earning = await ctx.db.selectFrom('earning_rules').select(['type', 'points']).where('store_id', '=', store.id).orderBy('id').execute();
      expect(earning).toEqual([
        { type: 'order', points: 1 },
        { type: 'signup', points: 50 },
      ]);
      const redeem = await ctx.db.selectFrom('redeem_rules').select(['type', 'points_cost', 'discount_value']).where('store_id', '=', store.id).execute();
      expect(redeem).toMatchObject([{ type: 'fixed_amount', points_cost: 500 }]);
      expect(Number(redeem[0]!.discount_value)).toBe(500);
      expect(response.body).not.toContain(token);
    });

    it('sets up the store by a job: its name, the v3 hooks with their secret header, the loader through the Scripts API', async () => {
      await runJobs();
      const store = await storeOfHash();
      expect(store.title).toBe('Outdoor Outfitters');
      const hooks = await bc.hooks(HASH);
      expect(hooks.map((hook) => hook.scope).sort()).toEqual([...HOOK_SCOPES].sort());
      expect(hooks[0]!.destination).toBe(`${ctx.config.publicUrl}/webhooks/bigcommerce?store=${store.store_name}`);
      expect(hooks[0]!.headers?.['X-Webhook-Secret']).toMatch(/^[0-9a-f]{64}$/);
      const scripts = await bc.scripts(HASH);
      expect(scripts).toHaveLength(1);
      expect(scripts[0]!.html).toContain(`data-store="${store.store_name}"`);
      expect(scripts[0]!.html).toContain('data-bigcommerce-client-id="bc-client-id"');
    });

    it("the integrations screen's re-sync checks the hooks and puts back a missing one, once", async () => {
      const store = await storeOfHash();
      standIn.stores.get(HASH)!.hooks.splice(0, 1);
      const login = await signInWith(await install());
      await runJobs();
      const response = await ctx.app.inject({ method: 'POST', url: '/data/v1/account/webhooks-sync', headers: authHeaders(login), payload: {} });
      expect(response.statusCode).toBe(200);
      expect(response.json().data.platform_check_job_id).toEqual(expect.any(Number));
      await runJobs();
      expect(await bc.hooks(HASH)).toHaveLength(HOOK_SCOPES.length);
      expect(await bc.scripts(HASH)).toHaveLength(1);
      expect((await storeOfHash()).id).toBe(store.id);
    });

    it("an order webhook of an installed store is fetched with its connection's token", async () => {
      const store = await storeOfHash();
      await bc.addOrders(HASH, [
        {
          id: 501,
          customer_id: 77,
          status: 'Completed',
          status_id: 10,
          currency_code: 'USD',
          subtotal_ex_tax: '40.00',
          total_inc_tax: '40.00',
          date_created: new Date().toUTCString(),
          billing_address: { first_name: 'Ann', last_name: 'Shopper', email: 'ann@shopper.example' },
        },
      ]);
      const [request] = await bc.webhooks(HASH, 'store/order/created', { type: 'order', id: 501 });
      const path = new URL(request!.destination).pathname + new URL(request!.destination).search;
      const delivered = await ctx.app.inject({ method: 'POST', url: path, headers: request!.headers, payload: request!.body });
      expect(delivered.statusCode).toBe(200);
      await ctx.workers.webhooks!.kick();
      const order = await ctx.db.selectFrom('orders').select(['external_id', 'total_minor']).where('store_id', '=', store.id).executeTakeFirst();
      expect(order).toEqual({ external_id: '#501', total_minor: 4000 });
    });

    it('a current customer JWT identifies the member on the storefront and hands the embed its signature', async () => {
      const store = await storeOfHash();
      const jwt = await currentCustomerJwt(standIn, { storeHash: HASH, customer: { id: 77, email: 'ann@shopper.example', groupId: '0' } });
      const response = await get(`/storefront/v1/${store.store_name}/bootstrap?customer_jwt=${jwt}`);
      expect(response.statusCode).toBe(200);
      const { shopper, member } = response.json().data;
      expect(member.email).toBe('ann@shopper.example');
      expect(shopper.customer_id).toBe('77');
      const next = await get(`/storefront/v1/${store.store_name}/member?customer_id=${shopper.customer_id}&digest=${shopper.digest}`);
      expect(next.statusCode).toBe(200);
      expect(next.json().data.pointsBalance).toBe(40);
    });

    it('refuses a customer JWT of another app, of another store, or altered: 401', async () => {
      const store = await storeOfHash();
      const customer = { id: 77, email: 'ann@shopper.example', groupId: '0' };
      const forged = await currentCustomerJwt({ clientId: standIn.clientId, clientSecret: 'not-the-secret' }, { storeHash: HASH, customer });
      const otherApp = await currentCustomerJwt({ clientId: 'another-app', clientSecret: standIn.clientSecret }, { storeHash: HASH, customer });
      const otherStore = await currentCustomerJwt(standIn, { storeHash: 'zzz999', customer });
      const genuine = await currentCustomerJwt(standIn, { storeHash: HASH, customer });
      const [head, , signature] = genuine.split('.');
      const altered = `${head}.${Buffer.from(JSON.stringify({ customer: { id: 1 } })).toString('base64url')}.${signature}`;
      for (const jwt of [forged, otherApp, otherStore, altered]) {
        const response = await get(`/storefront/v1/${store.store_name}/bootstrap?customer_jwt=${jwt}`);
        expect(response.statusCode).toBe(401);
        expect(response.json().code).toBe('invalid_customer_token');
      }
    });

    it('refuses a forged or used install code (401) and a malformed context (422), changing nothing', async () => {
      const before = await snapshotTables(ctx.db);
      const forged = await get(`/platforms/bigcommerce/auth?code=forged&scope=x&context=stores/${HASH}`);
      expect(forged.statusCode).toBe(401);
      expect(forged.json().code).toBe('install_refused');
      const callback = await bc.install(HASH, owner);
      expect((await get(`/platforms/bigcommerce/auth?${new URLSearchParams({ ...callback, context: 'stores/other1' })}`)).statusCode).toBe(401);
      expect((await get(`/platforms/bigcommerce/auth?code=abc&scope=x&context=nowhere`)).statusCode).toBe(422);
      expect(await snapshotTables(ctx.db)).toBe(before);
    });

    it("BigCommerce's login service down at the install: a clear answer (502), nothing written; the same code goes through once it is back", async () => {
      const before = await snapshotTables(ctx.db);
      const callback = await bc.install(HASH, owner);
      standIn.stores.get(HASH)!.outage = 503;
      const down = await get(`/platforms/bigcommerce/auth?${new URLSearchParams({ ...callback })}`);
      standIn.stores.get(HASH)!.outage = null;
      expect(down.statusCode).toBe(502);
      expect(down.json()).toMatchObject({ code: 'platform_unavailable', message: expect.stringContaining('Try the install again in a moment.') });
      expect(await snapshotTables(ctx.db)).toBe(before);
      expect((await get(`/platforms/bigcommerce/auth?${new URLSearchParams({ ...callback })}`)).statusCode).toBe(303);
    });

    it('refuses forged and expired signed payloads on load, uninstall and remove_user: 401, nothing changed', async () => {
      const before = await snapshotTables(ctx.db);
      const forged = await bc.signedPayload(HASH, { secret: 'not-the-client-secret' });
      const expired = await bc.signedPayload(HASH, { expiresIn: -60 });
      for (const callback of ['load', 'uninstall', 'remove_user']) {
        for (const jwt of [forged, expired, 'not.a.jwt']) {
          const response = await get(`/platforms/bigcommerce/${callback}?signed_payload_jwt=${jwt}`);
          expect(response.statusCode).toBe(401);
          expect(response.json().code).toBe('invalid_signed_payload');
        }
        expect((await get(`/platforms/bigcommerce/${callback}`)).statusCode).toBe(422);
      }
      expect(await snapshotTables(ctx.db)).toBe(before);
      expect((await connectionOf(ctx.db, tokenKeys, (await storeOfHash()).id))?.token).toBe(standIn.stores.get(HASH)!.token);
    });

    it('load signs the owner in on the store; a user the owner let in becomes an admin; remove_user takes them out', async () => {
      const store = await storeOfHash();
      const load = await get(`/platforms/bigcommerce/load?signed_payload_jwt=${await bc.signedPayload(HASH)}`);
      expect((await signInWith(load)).user.store.id).toBe(store.id);
      const clerk = { id: 12, email: 'clerk@outdoor.example' };
      // a user BigCommerce lets use the app, known to the program (e.g. invited)
      await ctx.db.insertInto('users').values({ email: clerk.email, name: 'Clerk', password_hash: 'x' }).execute();
      const clerkLoad = await get(`/platforms/bigcommerce/load?signed_payload_jwt=${await bc.signedPayload(HASH, { user: clerk })}`);
      const clerkLogin = await signInWith(clerkLoad);
      expect(clerkLogin.user.store.id).toBe(store.id);
      const removed = await get(`/platforms/bigcommerce/remove_user?signed_payload_jwt=${await bc.signedPayload(HASH, { user: clerk })}`);
      expect(removed.json().data.removed).toBe(true);
      const membership = await ctx.db
        .selectFrom('memberships')
        .innerJoin('users', 'users.id', 'memberships.user_id')
        .select('role')
        .where('users.email', '=', clerk.email)
        .execute();
      expect(membership).toEqual([]);
      expect((await ctx.app.inject({ method: 'GET', url: '/api/v1/user/details', headers: authHeaders(clerkLogin) })).statusCode).toBe(401);
      // the owner is never removed
      const ownerRemoved = await get(`/platforms/bigcommerce/remove_user?signed_payload_jwt=${await bc.signedPayload(HASH)}`);
      expect(ownerRemoved.json().data.removed).toBe(false);
    });

    it('uninstall erases the token at once, cancels the platform work, stops the embed and keeps the program', async () => {
      const store = await storeOfHash();
      const login = await signInWith(await get(`/platforms/bigcommerce/load?signed_payload_jwt=${await bc.signedPayload(HASH)}`));
      await ctx.app.inject({ method: 'POST', url: '/data/v1/account/webhooks-sync', headers: authHeaders(login), payload: {} });
      const response = await get(`/platforms/bigcommerce/uninstall?signed_payload_jwt=${await bc.uninstall(HASH)}`);
      expect(response.statusCode).toBe(200);
      expect(response.json().data.uninstalled).toBe(true);
      const connection = await ctx.db.selectFrom('platform_connections').selectAll().where('store_id', '=', store.id).executeTakeFirstOrThrow();
      expect(connection).toMatchObject({ sealed_token: null, status: 'uninstalled' });
      const pending = await ctx.db.selectFrom('jobs').select('state').where('store_id', '=', store.id).where('state', 'in', ['queued', 'running']).execute();
      expect(pending).toEqual([]);
      const bootstrap = await get(`/storefront/v1/${store.store_name}/bootstrap`);
      expect(bootstrap.statusCode).toBe(404);
      expect(bootstrap.json()).toMatchObject({ code: 'not_found', message: 'Store not found.' });
      expect((await get(`/storefront/v1/no-such-store/bootstrap`)).json()).toEqual(bootstrap.json());
      expect((await get(`/platforms/bigcommerce/load?signed_payload_jwt=${await bc.signedPayload(HASH)}`)).statusCode).toBe(404);
      expect(await ctx.db.selectFrom('earning_rules').select('id').where('store_id', '=', store.id).execute()).toHaveLength(2);
    });

    it('a reinstall finds the same store with its program, signs the owner in, and opens the embed again', async () => {
      const before = await storeOfHash();
      const rules = await ctx.db.selectFrom('earning_rules').select('id').where('store_id', '=', before.id).execute();
      const login = await signInWith(await install());
      expect(login.user.store.id).toBe(before.id);
      expect(await ctx.db.selectFrom('earning_rules').select('id').where('store_id', '=', before.id).execute()).toEqual(rules);
      expect((await connectionOf(ctx.db, tokenKeys, before.id))?.token).toBe(standIn.stores.get(HASH)!.token);
      expect((await get(`/storefront/v1/${before.store_name}/bootstrap`)).statusCode).toBe(200);
      expect(await ctx.db.selectFrom('stores').select('id').where('platform', '=', 'bigcommerce').execute()).toHaveLength(1);
    });

    it("a new HMAC secret: the hooks' deliveries are refused until the integrations screen's re-sync gives them the store's new secret", async () => {
      await runJobs();
      expect(await deliver()).toBe(200);
      const store = await storeOfHash();
      await ctx.db
        .updateTable('stores')
        .set({ hmac_secret: randomBytes(32).toString('hex') })
        .where('id', '=', store.id)
        .execute();
      expect(await deliver()).toBe(401);
      const login = await signInWith(await get(`/platforms/bigcommerce/load?signed_payload_jwt=${await bc.signedPayload(HASH)}`));
      await ctx.app.inject({ method: 'POST', url: '/data/v1/account/webhooks-sync', headers: authHeaders(login), payload: {} });
      await runJobs();
      expect(await bc.hooks(HASH)).toHaveLength(HOOK_SCOPES.length);
      expect(await deliver()).toBe(200);
    });

    it('the merchant generates a new HMAC secret: the rotation queues the setup, whose job gives every hook the new secret header', async () => {
      await runJobs();
      expect(await deliver()).toBe(200);
      const store = await storeOfHash();
      const setupJobs = () => ctx.db.selectFrom('jobs').select('id').where('kind', '=', BIGCOMMERCE_SETUP_JOB).where('store_id', '=', store.id).execute();
      const before = (await setupJobs()).length;
      const login = await signInWith(await get(`/platforms/bigcommerce/load?signed_payload_jwt=${await bc.signedPayload(HASH)}`));
      const rotated = await ctx.app.inject({ method: 'POST', url: '/api/v1/store/setting/generate-hmac-secrets', headers: authHeaders(login), payload: {} });
      expect(rotated.statusCode).toBe(200);
      const secret = rotated.json().data.hmac_secret as string;
      expect(await setupJobs()).toHaveLength(before + 1);
      await runJobs();
      const hooks = await bc.hooks(HASH);
      expect(hooks).toHaveLength(HOOK_SCOPES.length);
      for (const hook of hooks) expect(hook.headers?.['X-Webhook-Secret']).toBe(bigcommerceWebhookSecret(secret));
      expect(await deliver()).toBe(200);
    });
  },
  { config: { platforms }, workers: ['webhooks'], postgres: true },
);
