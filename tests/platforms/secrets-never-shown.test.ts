/**
 * The platforms' access tokens and the app's secrets are never logged and never answered: a
 * Shopify and a BigCommerce store go through install, an order webhook, redemptions whose code
 * jobs call the platform (one created, one failing while the platform is down and then refuses
 * the revoked token) and the console's screens about the connection, with the app logging at its
 * most verbose level; no log line, console message or answer may hold any of them. The one-time
 * codes, signed JWTs and digests the app is handed in URLs are never logged either.
 */
import { randomBytes } from 'node:crypto';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { afterAll, afterEach, beforeEach, expect, it, vi } from 'vitest';
import { challengeOf } from '../../server/auth/pkce.ts';
import { describeEachDatabase } from '../helpers/db.ts';
import { standInClient } from './bigcommerce/client.ts';
import { currentCustomerJwt } from './bigcommerce/signing.ts';
import { startBigCommerceStandIn } from './bigcommerce/stand-in.ts';
import { API_SECRET, approve, onApp, startInstall, startStandIn } from './shopify/install-flow.ts';
import { restOrder } from './shopify/standin.ts';

let clockNow = () => new Date();
const shopify = await startStandIn(() => clockNow());
const bigcommerce = await startBigCommerceStandIn({ clientId: 'secrets-bc-client', clientSecret: `bc-client-secret-${randomBytes(12).toString('hex')}` });
const bc = standInClient(bigcommerce.url);
afterAll(() => Promise.all([shopify.standIn.stop(), bigcommerce.close()]));
const platforms = {
  ...shopify.config.platforms!,
  bigcommerce: { clientId: bigcommerce.clientId, clientSecret: bigcommerce.clientSecret, loginUrl: bigcommerce.url },
  bigcommerceApiUrl: bigcommerce.url,
};

/** Every line the app logs (pino's JSON lines) and everything printed on the console. */
const logged: string[] = [];
/** Every answer the app gave: status, headers and body. */
const answered: string[] = [];
/** What must never be in either: the secrets, and the tokens as the platforms hand them out. */
const secrets = new Map<string, string>([
  ['the Shopify app secret', API_SECRET],
  ['the BigCommerce client secret', bigcommerce.clientSecret],
  ...platforms.tokenKeys.flatMap((key, index): Array<[string, string]> => [
    [`token key ${index} (hex)`, key.toString('hex')],
    [`token key ${index} (base64)`, key.toString('base64')],
  ]),
]);
/** What the app is handed in a URL and answers where it must, but never logs: one-time codes, signed JWTs, a shopper's digest. */
const credentials = new Map<string, string>();

/** The places a secret or credential was found in, by name. */
function leaks(): string[] {
  const found: string[] = [];
  for (const [name, value] of [...secrets, ...credentials]) {
    if (logged.some((line) => line.includes(value))) found.push(`${name} in the log`);
  }
  for (const [name, value] of secrets) {
    if (answered.some((answer) => answer.includes(value))) found.push(`${name} in an answer`);
  }
  return found;
}

describeEachDatabase(
  'Platform tokens and app secrets are never logged nor answered',
  (ctx) => {
    // the stand-ins serve both databases' runs: a shop of each
    const SHOP = () => `quiet-${ctx.backend}.myshopify.com`;
    const HASH = () => `quiet${ctx.backend}`;
    const consoleSpies: Array<ReturnType<typeof vi.spyOn>> = [];
    beforeEach(() => {
      for (const method of ['log', 'info', 'warn', 'error', 'debug', 'trace'] as const) {
        consoleSpies.push(vi.spyOn(console, method).mockImplementation((...args: unknown[]) => void logged.push(args.map(String).join(' '))));
      }
    });
    afterEach(() => {
      for (const spy of consoleSpies.splice(0)) spy.mockRestore();
    });

    const call = async (options: InjectOptions): Promise<LightMyRequestResponse> => {
      const response = await ctx.app.inject(options);
      answered.push(`${response.statusCode} ${JSON.stringify(response.headers)} ${response.body}`);
      return response;
    };
    const drain = async () => {
      await ctx.workers.webhooks!.drain();
      await ctx.workers.jobs!.drain();
      await ctx.workers.webhooks!.drain();
    };
    /** The console's sign-in after an install: the provider session it set hands a code bound to this browser. */
    const signInAfter = async (install: LightMyRequestResponse) => {
      const session = install.cookies.find((cookie) => cookie.name === 'ls_provider_session')!;
      const verifier = randomBytes(32).toString('base64url');
      const provider = await call({
        method: 'GET',
        url: `/auth/login?code_challenge=${challengeOf(verifier)}`,
        cookies: { ls_provider_session: session.value },
      });
      const code = new URL(String(provider.headers.location), 'http://x').searchParams.get('code')!;
      credentials.set(`the console's sign-in code ${credentials.size}`, code);
      await call({ method: 'GET', url: String(provider.headers.location) });
      const login = await call({ method: 'POST', url: '/api/v1/account/login', payload: { code, code_verifier: verifier } });
      expect(login.statusCode).toBe(200);
      const data = login.json().data as { token: string; store_access_token: string; user: { user_access_token: string } };
      return { authorization: `Bearer ${data.token}`, 'x-store-access-token': data.store_access_token, 'x-user-access-token': data.user.user_access_token };
    };
    /** What the console reads about the store's connection: the platform card, the apps, their events, the rewards, a re-sync and the jobs it shows. */
    const readConsole = async (headers: Record<string, string>, storeId: number) => {
      const platform = await call({ method: 'GET', url: '/data/v1/platform', headers });
      expect(platform.statusCode).toBe(200);
      for (const url of ['/api/v1/apps', '/api/v1/apps/event-list', '/api/v1/store/list', '/data/v1/redeem/customer/point']) {
        const response = await call({ method: 'GET', url, headers });
        expect(response.statusCode, url).toBe(200);
      }
      expect((await call({ method: 'POST', url: '/data/v1/transaction/rewards', headers, payload: { page: 1, limit: 50 } })).statusCode).toBe(200);
      for (const app of ['shopify', 'bigcommerce'])
        expect((await call({ method: 'POST', url: '/api/v1/apps/info', headers, payload: { app } })).statusCode).toBe(200);
      expect((await call({ method: 'POST', url: '/data/v1/account/webhooks-sync', headers, payload: {} })).statusCode).toBe(200);
      await drain();
      const jobs = await ctx.db.selectFrom('jobs').select('id').where('store_id', '=', storeId).execute();
      expect(jobs.length).toBeGreaterThan(0);
      for (const job of jobs) expect((await call({ method: 'GET', url: `/data/v1/jobs/${job.id}`, headers })).statusCode).toBe(200);
      return platform.json().data as { status: string };
    };
    const redeemRuleOf = async (storeId: number) =>
      (await ctx.db.selectFrom('redeem_rules').select('id').where('store_id', '=', storeId).executeTakeFirstOrThrow()).id;
    /** The platform's errors, as the code job met them: the last one noted on the reward's code. */
    const codeErrorOf = async (code: string) =>
      (await ctx.db.selectFrom('reward_codes').select('error').where('code', '=', code).executeTakeFirstOrThrow()).error;

    it('Shopify: install through OAuth, a signed order webhook, redemptions whose codes the Admin API creates or fails to, the console', async () => {
      clockNow = () => ctx.clock.now();
      const shop = shopify.standIn.shop(SHOP());
      const started = await startInstall(ctx.app, shopify.standIn, SHOP());
      const callback = new URL(`http://x${onApp(await approve(started.location))}`);
      credentials.set('the Shopify OAuth code', callback.searchParams.get('code')!);
      credentials.set('the Shopify OAuth state', callback.searchParams.get('state')!);
      const installed = await call({ method: 'GET', url: callback.pathname + callback.search, headers: { cookie: started.cookie } });
      expect(installed.statusCode).toBe(303);
      const [token] = shopify.standIn.tokensOf(SHOP());
      expect(token).toMatch(/^shpat_/);
      secrets.set('the Shopify access token', token!);
      secrets.set('the Shopify refresh token', shopify.standIn.tokens.latestRefresh(SHOP())!);
      const storeId = (await ctx.db.selectFrom('stores').select('id').where('domain', '=', SHOP()).executeTakeFirstOrThrow()).id;
      await drain();
      expect(shop.subscriptions.length).toBeGreaterThan(0);

      const customer = shop.addCustomer({ email: 'ada@quiet.example', firstName: 'Ada' });
      const order = shop.addOrder(customer, { subtotal: '1200.00', total: '1200.00' });
      for (const topic of ['orders/create', 'orders/paid']) {
        const webhook = shopify.standIn.webhook(SHOP(), topic, restOrder(order, customer));
        expect((await call({ method: 'POST', url: '/platforms/shopify/webhooks', headers: webhook.headers, payload: webhook.body })).statusCode).toBe(200);
      }
      await drain();

      const proxied = (path: string) => `/platforms/shopify/proxy/${path}?${shopify.standIn.proxyQuery(SHOP(), String(customer.id))}`;
      credentials.set("the shopper's digest", (await call({ method: 'GET', url: proxied('shopper') })).json().data.digest);
      expect((await call({ method: 'GET', url: proxied('member') })).json().data.pointsBalance).toBe(1200);
      const redeem = async (key: string) => {
        const response = await call({
          method: 'POST',
          url: proxied('redeem'),
          headers: { 'idempotency-key': key },
          payload: { redeem_id: await redeemRuleOf(storeId) },
        });
        expect(response.statusCode, response.body).toBe(200);
        return String(response.json().data.code);
      };
      const first = await redeem('quiet-1');
      await drain();
      expect(shop.discounts.map((discount) => discount.code)).toEqual([first]);

      // Shopify down, then the token revoked: the code job fails, and its errors are noted where the console reads them
      shop.outage.push(503, 503, 503);
      const second = await redeem('quiet-2');
      await drain();
      shop.outage.length = 0;
      expect(await codeErrorOf(second)).toBeTruthy();
      await call({ method: 'GET', url: proxied('member') });
      shopify.standIn.revokeTokens(SHOP());
      ctx.clock.advance(3_600_000);
      await drain();
      expect(shop.discounts).toHaveLength(1);
      await call({ method: 'GET', url: proxied('member') });

      expect((await readConsole(await signInAfter(installed), storeId)).status).toBe('reconnect');
      expect(leaks()).toEqual([]);
    });

    it('BigCommerce: the auth and load callbacks, an order webhook, redemptions whose coupons the store API creates or fails to, the console', async () => {
      const callback = await bc.install(HASH(), { id: 7, email: 'owner@quiet.example' }, 'Quiet Outfitters');
      credentials.set('the BigCommerce OAuth code', callback.code);
      const installed = await call({ method: 'GET', url: `/platforms/bigcommerce/auth?${new URLSearchParams({ ...callback })}` });
      expect(installed.statusCode).toBe(303);
      const store = bigcommerce.stores.get(HASH())!;
      expect(store.token).toBeTruthy();
      secrets.set('the BigCommerce access token', store.token!);
      const storeId = (
        await ctx.db
          .selectFrom('platform_connections')
          .select('store_id')
          .where('shop', '=', HASH())
          .where('platform', '=', 'bigcommerce')
          .executeTakeFirstOrThrow()
      ).store_id;
      await drain();
      const signedPayload = await bc.signedPayload(HASH());
      credentials.set("the load callback's signed_payload_jwt", signedPayload);
      expect((await call({ method: 'GET', url: `/platforms/bigcommerce/load?signed_payload_jwt=${signedPayload}` })).statusCode).toBe(303);

      await bc.addOrders(HASH(), [
        {
          id: 901,
          customer_id: 77,
          status: 'Completed',
          status_id: 10,
          currency_code: 'USD',
          subtotal_ex_tax: '1200.00',
          total_inc_tax: '1200.00',
          date_created: ctx.clock.now().toUTCString(),
          billing_address: { first_name: 'Ann', last_name: 'Shopper', email: 'ann@quiet.example' },
        },
      ]);
      const [hook] = await bc.webhooks(HASH(), 'store/order/created', { type: 'order', id: 901 });
      const destination = new URL(hook!.destination);
      expect((await call({ method: 'POST', url: destination.pathname + destination.search, headers: hook!.headers, payload: hook!.body })).statusCode).toBe(
        200,
      );
      await drain();

      const { store_name: storeKey } = await ctx.db.selectFrom('stores').select('store_name').where('id', '=', storeId).executeTakeFirstOrThrow();
      const jwt = await currentCustomerJwt(bigcommerce, { storeHash: HASH(), customer: { id: 77, email: 'ann@quiet.example', groupId: '0' } });
      credentials.set("the storefront's customer JWT", jwt);
      const bootstrap = await call({ method: 'GET', url: `/storefront/v1/${storeKey}/bootstrap?customer_jwt=${jwt}` });
      const { shopper, member } = bootstrap.json().data as { shopper: { customer_id: string; digest: string }; member: { pointsBalance: number } };
      expect(member.pointsBalance).toBe(1200);
      credentials.set("the BigCommerce shopper's digest", shopper.digest);
      const redeem = async (key: string) => {
        const response = await call({
          method: 'POST',
          url: `/storefront/v1/${storeKey}/redeem`,
          headers: { 'idempotency-key': key },
          payload: { ...shopper, redeem_id: await redeemRuleOf(storeId) },
        });
        expect(response.statusCode, response.body).toBe(200);
        return String(response.json().data.code);
      };
      const first = await redeem('quiet-1');
      await drain();
      expect((await bc.coupons(HASH())).map((coupon) => coupon.code)).toEqual([first]);

      // BigCommerce down, then the token revoked: the coupon job fails, and its errors are noted where the console reads them
      store.outage = 503;
      const second = await redeem('quiet-2');
      await drain();
      store.outage = 0;
      expect(await codeErrorOf(second)).toBeTruthy();
      await call({ method: 'GET', url: `/storefront/v1/${storeKey}/member?${new URLSearchParams(shopper)}` });
      await bc.revoke(HASH());
      ctx.clock.advance(3_600_000);
      await drain();
      expect(await bc.coupons(HASH())).toHaveLength(1);
      await call({ method: 'GET', url: `/storefront/v1/${storeKey}/member?${new URLSearchParams(shopper)}` });

      expect((await readConsole(await signInAfter(installed), storeId)).status).toBe('reconnect');
      expect(leaks()).toEqual([]);
    });

    it('the log read is the one written: every request is in it, its credentials masked', () => {
      const requests = logged.filter((line) => line.includes('"msg":"incoming request"'));
      expect(requests.some((line) => line.includes('/platforms/shopify/callback?code=[redacted]'))).toBe(true);
      expect(requests.some((line) => line.includes('/platforms/bigcommerce/auth?code=[redacted]'))).toBe(true);
      expect(answered.length).toBeGreaterThan(30);
      expect(leaks()).toEqual([]);
    });
  },
  { config: { platforms }, workers: ['jobs', 'webhooks'], postgres: true, log: { level: 'trace', destination: { write: (line) => void logged.push(line) } } },
);
