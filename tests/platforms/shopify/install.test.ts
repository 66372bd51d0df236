import { afterAll, expect, it } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import { challengeOf } from '../../../server/auth/pkce.ts';
import { describeEachDatabase } from '../../helpers/db.ts';
import { runJobs } from '../../helpers/jobs.ts';
import { signQuery } from './standin.ts';
import { API_KEY, API_SECRET, approve, install, onApp, startInstall, startStandIn } from './install-flow.ts';

let clockNow = () => new Date();
const { standIn, config } = await startStandIn(() => clockNow());
afterAll(() => standIn.stop());

describeEachDatabase(
  'Shopify install through OAuth',
  (ctx) => {
    /** The console's sign-in after the callback: the provider session it set hands a code bound to this browser. */
    async function signInThroughProvider(callback: LightMyRequestResponse) {
      const provider = String(callback.headers['set-cookie'] ?? '')
        .split(/,(?=\s*\w+=)/)
        .find((cookie) => cookie.trim().startsWith('ls_provider_session='));
      expect(provider).toMatch(/HttpOnly/i);
      const verifier = 'v'.repeat(50);
      const start = await ctx.app.inject({
        method: 'GET',
        url: `/auth/login?code_challenge=${challengeOf(verifier)}&code_challenge_method=S256`,
        headers: { cookie: provider!.split(';')[0]!.trim() },
      });
      expect(start.headers.location).toMatch(/^\/auth-check\?code=/);
      const code = new URL(`http://x${String(start.headers.location)}`).searchParams.get('code');
      const login = await ctx.app.inject({ method: 'POST', url: '/api/v1/account/login', payload: { code, code_verifier: verifier } });
      expect(login.statusCode).toBe(200);
      return (login.json() as { data: { user: { stage: number; store: { id: number } | null } } }).data;
    }

    it('starts at the shop: the signed install redirects to its authorize page with a single-use state bound by a cookie', async () => {
      clockNow = () => ctx.clock.now();
      const { response, cookie, location } = await startInstall(ctx.app, standIn, 'first-shop.myshopify.com');
      expect(response.statusCode).toBe(302);
      const authorize = new URL(location);
      expect(authorize.origin).toBe(standIn.origin);
      expect(authorize.pathname).toBe('/admin/oauth/authorize');
      expect(authorize.searchParams.get('client_id')).toBe(API_KEY);
      expect(authorize.searchParams.get('redirect_uri')).toBe('http://localhost:4000/platforms/shopify/callback');
      expect(authorize.searchParams.get('scope')).toContain('write_discounts');
      expect(cookie).toBe(`ls_shopify_state=${authorize.searchParams.get('state')}`);
      expect(String(response.headers['set-cookie'])).toMatch(/HttpOnly/i);
    });

    it('a first install creates the store, its owner and the default program, and lands the owner signed in on onboarding', async () => {
      const response = await install(ctx.app, standIn, 'first-shop.myshopify.com');
      expect(response.statusCode).toBe(303);
      expect(response.headers.location).toBe('/auth-check');
      const store = await ctx.db.selectFrom('stores').selectAll().where('domain', '=', 'first-shop.myshopify.com').executeTakeFirstOrThrow();
      expect(store).toMatchObject({ platform: 'shopify', store_name: 'first-shop', title: 'First Shop', settings: { currency: 'USD' } });
      const owner = await ctx.db
        .selectFrom('memberships')
        .innerJoin('users', 'users.id', 'memberships.user_id')
        .select(['users.email', 'users.stage', 'memberships.role'])
        .where('store_id', '=', store.id)
        .executeTakeFirstOrThrow();
      expect(owner).toEqual({ email: 'owner@first-shop.example', stage: 2, role: 'owner' });
      const earn = await ctx.db.selectFrom('earning_rules').select(['type', 'points']).where('store_id', '=', store.id).orderBy('id').execute();
      expect(earn).toEqual([
        { type: 'order', points: 1 },
        { type: 'signup', points: 50 },
      ]);
      const redeem = await ctx.db.selectFrom('redeem_rules').select(['type', 'points_cost', 'discount_value']).where('store_id', '=', store.id).execute();
      expect(redeem).toEqual([{ type: 'fixed_amount', points_cost: 500, discount_value: 500 }]);
      // the console's sign-in, bound to this browser, goes through at once as the owner
      expect((await signInThroughProvider(response)).user.stage).toBe(2);
      // the token is sealed, never stored as it is
      const connection = await ctx.db.selectFrom('platform_connections').selectAll().where('store_id', '=', store.id).executeTakeFirstOrThrow();
      expect(connection).toMatchObject({ platform: 'shopify', shop: 'first-shop.myshopify.com', status: 'connected' });
      expect(connection.sealed_token).not.toMatch(/shpat_/);
      // the widget works at once
      const bootstrap = await ctx.app.inject({ method: 'GET', url: '/storefront/v1/first-shop/bootstrap' });
      expect(bootstrap.statusCode).toBe(200);
    });

    it('registers the webhooks after the install (a job): every topic once, at the app webhook endpoint', async () => {
      await runJobs(ctx.db, ctx.clock, false, ctx.config);
      const topics = standIn.shop('first-shop.myshopify.com').subscriptions.map((subscription) => `${subscription.topic} ${subscription.uri}`);
      expect(topics).toHaveLength(12);
      expect(topics).toContain('APP_UNINSTALLED http://localhost:4000/platforms/shopify/webhooks');
      expect(topics).toContain('ORDERS_PAID http://localhost:4000/platforms/shopify/webhooks');
      const job = await ctx.db.selectFrom('jobs').select(['state', 'result']).where('kind', '=', 'shopify.webhook-sync').executeTakeFirstOrThrow();
      expect(job.state).toBe('done');
    });

    it.each([
      ['a bad HMAC', { shop: 'evil.myshopify.com', timestamp: 'now' }, 'bad', 401],
      ['no HMAC', { shop: 'evil.myshopify.com', timestamp: 'now' }, null, 401],
      ['a shop that is not *.myshopify.com', { shop: 'evil.example.com', timestamp: 'now' }, 'sign', 400],
      ['a stale timestamp', { shop: 'evil.myshopify.com', timestamp: 'old' }, 'sign', 401],
    ] as const)('refuses an install with %s, writing nothing', async (_name, base, hmac, status) => {
      const seconds = Math.floor(ctx.clock.now().getTime() / 1000) - (base.timestamp === 'old' ? 2 * 86_400 : 0);
      const params: Record<string, string> = { shop: base.shop, timestamp: String(seconds) };
      if (hmac === 'sign') params.hmac = signQuery(API_SECRET, params);
      if (hmac === 'bad') params.hmac = signQuery('another-secret', params);
      const before = await ctx.db.selectFrom('platform_oauth_states').select(ctx.db.fn.countAll<string>().as('n')).executeTakeFirstOrThrow();
      const response = await ctx.app.inject({ method: 'GET', url: `/platforms/shopify/install?${new URLSearchParams(params)}` });
      expect(response.statusCode).toBe(status);
      expect(response.body).toContain('The install was refused');
      expect(response.headers['set-cookie']).toBeUndefined();
      const after = await ctx.db.selectFrom('platform_oauth_states').select(ctx.db.fn.countAll<string>().as('n')).executeTakeFirstOrThrow();
      expect(after.n).toBe(before.n);
    });

    const storeCount = async () => Number((await ctx.db.selectFrom('stores').select(ctx.db.fn.countAll<string>().as('n')).executeTakeFirstOrThrow()).n);

    it('refuses a callback without the state cookie, without a state, with a reused state, or for a shop that did not start it', async () => {
      const stores = await storeCount();
      const started = await startInstall(ctx.app, standIn, 'second-shop.myshopify.com');
      const callback = onApp(await approve(started.location));
      const noCookie = await ctx.app.inject({ method: 'GET', url: callback });
      expect(noCookie.statusCode).toBe(403);
      expect(noCookie.body).toContain('not started in this browser');

      // the state of second-shop, in a callback Shopify signed for another shop
      const other = new URL(`http://x${callback}`).searchParams;
      const forged: Record<string, string> = { ...Object.fromEntries(other), shop: 'third-shop.myshopify.com' };
      delete forged.hmac;
      forged.hmac = signQuery(API_SECRET, forged);
      const wrongShop = await ctx.app.inject({
        method: 'GET',
        url: `/platforms/shopify/callback?${new URLSearchParams(forged)}`,
        headers: { cookie: started.cookie },
      });
      expect(wrongShop.statusCode).toBe(403);

      // signed by Shopify, but without the state the browser holds
      const stateless: Record<string, string> = Object.fromEntries(other);
      delete stateless.state;
      delete stateless.hmac;
      stateless.hmac = signQuery(API_SECRET, stateless);
      const noState = await ctx.app.inject({
        method: 'GET',
        url: `/platforms/shopify/callback?${new URLSearchParams(stateless)}`,
        headers: { cookie: started.cookie },
      });
      expect(noState.statusCode).toBe(403);

      const tampered = await ctx.app.inject({ method: 'GET', url: callback.replace('code=', 'code=x'), headers: { cookie: started.cookie } });
      expect(tampered.statusCode).toBe(401);

      const first = await ctx.app.inject({ method: 'GET', url: callback, headers: { cookie: started.cookie } });
      expect(first.statusCode).toBe(303);
      const replay = await ctx.app.inject({ method: 'GET', url: callback, headers: { cookie: started.cookie } });
      expect(replay.statusCode).toBe(403);
      expect(replay.body).toContain('already used');
      expect(await storeCount()).toBe(stores + 1);
    });

    it('Shopify down at the callback: a clear answer (502), nothing written, nobody signed in; the install started again goes through', async () => {
      const stores = await storeCount();
      const shop = 'down-shop.myshopify.com';
      const started = await startInstall(ctx.app, standIn, shop);
      const callback = onApp(await approve(started.location));
      standIn.shop(shop).outage.push(503);
      const down = await ctx.app.inject({ method: 'GET', url: callback, headers: { cookie: started.cookie } });
      expect(standIn.shop(shop).outage).toEqual([]);
      expect(down.statusCode).toBe(502);
      expect(down.body).toContain('Shopify answered 503. Try the install again in a moment.');
      expect(String(down.headers['set-cookie'] ?? '')).not.toContain('ls_provider_session');
      expect(await storeCount()).toBe(stores);
      expect(await ctx.db.selectFrom('platform_connections').select('store_id').where('shop', '=', shop).execute()).toEqual([]);
      expect((await install(ctx.app, standIn, shop)).statusCode).toBe(303);
      expect(await storeCount()).toBe(stores + 1);
    });

    it('refuses a callback signed more than a day ago (401), writing nothing', async () => {
      const stores = await storeCount();
      const started = await startInstall(ctx.app, standIn, 'late-shop.myshopify.com');
      const callback = onApp(await approve(started.location));
      ctx.clock.advance(2 * 86_400_000);
      const late = await ctx.app.inject({ method: 'GET', url: callback, headers: { cookie: started.cookie } });
      expect(late.statusCode).toBe(401);
      expect(late.body).toContain('This install link has expired');
      expect(await storeCount()).toBe(stores);
    });
  },
  { config, postgres: true },
);
