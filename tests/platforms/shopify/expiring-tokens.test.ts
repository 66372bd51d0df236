import { afterAll, expect, it } from 'vitest';
import { describeEachDatabase } from '../../helpers/db.ts';
import { runJobs } from '../../helpers/jobs.ts';
import { openToken, platformOverviewOf, saveConnection } from '../../../server/modules/platforms/index.ts';
import { queueTokenCycles, queueWebhookSync } from '../../../server/modules/platforms/shopify/webhook-sync.ts';
import type { PlatformsConfig } from '../../../server/config.ts';
import { grantToken, install, startStandIn, tokenStatus } from './install-flow.ts';

let clockNow = () => new Date();
const { standIn, config } = await startStandIn(() => clockNow());
afterAll(() => standIn.stop());
const platforms = config.platforms as PlatformsConfig;
const HOUR = 3_600_000;
/** each database's suite has its own shops in the one stand-in */
let suites = 0;

/** Whether the stand-in takes this access token for the shop's Admin API. */
const works = async (token: string) => (await tokenStatus(standIn, token)) === 200;

/**
 * Shopify's expiring offline access tokens: the install asks for one, a call near its end renews
 * it first (once), a refused renewal asks the merchant to reconnect, an outage waits, and a store
 * still holding a non-expiring token is cycled to an expiring one before its first call.
 */
describeEachDatabase(
  'Shopify expiring offline access tokens',
  (ctx) => {
    const suite = (suites += 1);
    const shopNamed = (name: string) => `${name}-${suite}.myshopify.com`;
    const row = (storeId: number) => ctx.db.selectFrom('platform_connections').selectAll().where('store_id', '=', storeId).executeTakeFirstOrThrow();
    const storeOf = async (shop: string) => Number((await ctx.db.selectFrom('stores').select('id').where('domain', '=', shop).executeTakeFirstOrThrow()).id);
    /** A Shopify call of the store (its webhooks checked), run as a job; answers the job's state and error. */
    const sync = async (storeId: number) => {
      // a sync is keyed by its time: one a second
      ctx.clock.advance(1000);
      const { jobId } = await queueWebhookSync(ctx.db, storeId, ctx.clock.now());
      await runJobs(ctx.db, ctx.clock, false, ctx.config);
      return ctx.db.selectFrom('jobs').select(['state', 'error']).where('id', '=', jobId).executeTakeFirstOrThrow();
    };
    const installed = async (shop: string) => {
      clockNow = () => ctx.clock.now();
      expect((await install(ctx.app, standIn, shop)).statusCode).toBe(303);
      await runJobs(ctx.db, ctx.clock, false, ctx.config);
      return storeOf(shop);
    };

    it('an install asks for an expiring token and saves it with its refresh token, both sealed, with their ends', async () => {
      const shop = shopNamed('expiring-shop');
      const storeId = await installed(shop);
      const connection = await row(storeId);
      expect(connection.sealed_token).not.toMatch(/shpat_/);
      expect(connection.sealed_refresh_token).not.toMatch(/shprt_/);
      expect(openToken(platforms.tokenKeys, connection.sealed_refresh_token!)).toBe(standIn.tokens.latestRefresh(shop));
      expect(connection.token_expires_at?.getTime()).toBe(ctx.clock.now().getTime() + HOUR);
      expect(connection.refresh_token_expires_at?.getTime()).toBe(ctx.clock.now().getTime() + 90 * 24 * HOUR);
      expect(standIn.shop(shop).subscriptions).toHaveLength(12);
    });

    it('a call after the token expired renews it first, once, and goes through; both tokens are replaced', async () => {
      const shop = shopNamed('expiring-shop');
      const storeId = await storeOf(shop);
      const before = await row(storeId);
      ctx.clock.advance(2 * HOUR);
      expect(await works(openToken(platforms.tokenKeys, before.sealed_token!))).toBe(false);
      expect(await sync(storeId)).toMatchObject({ state: 'done' });
      expect(standIn.tokens.refreshes.get(shop)).toBe(1);
      const after = await row(storeId);
      expect(after.token_expires_at?.getTime()).toBe(ctx.clock.now().getTime() + HOUR);
      expect(openToken(platforms.tokenKeys, after.sealed_refresh_token!)).toBe(standIn.tokens.latestRefresh(shop));
      expect(await works(openToken(platforms.tokenKeys, after.sealed_token!))).toBe(true);
      // a token good for more than a minute is used as it is
      ctx.clock.advance(HOUR - 2 * 60_000);
      expect(await sync(storeId)).toMatchObject({ state: 'done' });
      expect(standIn.tokens.refreshes.get(shop)).toBe(1);
      // within a minute of its end, it is renewed before the call
      ctx.clock.advance(90_000);
      expect(await sync(storeId)).toMatchObject({ state: 'done' });
      expect(standIn.tokens.refreshes.get(shop)).toBe(2);
    });

    it('a renewal whose answer was lost: the refresh token still stored works, as Shopify keeps it until its replacement is used', async () => {
      const shop = shopNamed('expiring-shop');
      const storeId = await storeOf(shop);
      ctx.clock.advance(2 * HOUR);
      // Shopify renewed, but the answer never reached the app: its stored tokens are the old ones
      const stored = openToken(platforms.tokenKeys, (await row(storeId)).sealed_refresh_token!);
      expect(standIn.tokens.refresh(stored)).not.toBeNull();
      expect(standIn.tokens.latestRefresh(shop)).not.toBe(stored);
      expect(await sync(storeId)).toMatchObject({ state: 'done' });
      expect(openToken(platforms.tokenKeys, (await row(storeId)).sealed_refresh_token!)).toBe(standIn.tokens.latestRefresh(shop));
      expect((await row(storeId)).status).toBe('connected');
    });

    it('Shopify down at the renewal (503): the job tries again later, nothing is lost; then it goes through', async () => {
      const shop = shopNamed('expiring-shop');
      const storeId = await storeOf(shop);
      const before = await row(storeId);
      ctx.clock.advance(2 * HOUR);
      standIn.shop(shop).outage.push(503);
      const down = await sync(storeId);
      expect(down.state).not.toBe('done');
      expect(down.state).not.toBe('failed');
      expect(down.error).toContain('Shopify answered 503');
      expect(await row(storeId)).toMatchObject({ status: 'connected', sealed_refresh_token: before.sealed_refresh_token });
      ctx.clock.advance(10 * 60_000);
      await runJobs(ctx.db, ctx.clock, false, ctx.config);
      const jobs = await ctx.db.selectFrom('jobs').select('state').where('store_id', '=', storeId).where('state', 'not in', ['done']).execute();
      expect(jobs).toEqual([]);
      expect((await row(storeId)).token_expires_at!.getTime()).toBeGreaterThan(ctx.clock.now().getTime());
    });

    it('a renewal Shopify refuses (access revoked) marks the store "Reconnect your shop", program kept; a reinstall connects it again', async () => {
      const shop = shopNamed('revoked-shop');
      const storeId = await installed(shop);
      standIn.revokeTokens(shop);
      ctx.clock.advance(2 * HOUR);
      await sync(storeId);
      // the jobs that were to call the shop (the install's backfill, still polling, and the sync) gave up or skipped it
      const failed = await ctx.db.selectFrom('jobs').select('error').where('store_id', '=', storeId).where('state', '=', 'failed').execute();
      expect(failed.length).toBeGreaterThan(0);
      expect(new Set(failed.map((job) => job.error))).toEqual(new Set(['The shop refused our access token: reconnect your shop.']));
      expect(standIn.tokens.refreshes.get(shop)).toBeUndefined();
      expect(await platformOverviewOf(ctx.db, storeId)).toMatchObject({ platform: 'shopify', shop, status: 'reconnect' });
      expect(await ctx.db.selectFrom('redeem_rules').select('id').where('store_id', '=', storeId).execute()).toHaveLength(1);
      expect(await installed(shop)).toBe(storeId);
      expect(await platformOverviewOf(ctx.db, storeId)).toMatchObject({ status: 'connected' });
      expect(await sync(storeId)).toMatchObject({ state: 'done' });
    });

    it('a store still holding a non-expiring token is cycled to an expiring one by token exchange, at start and before its first call', async () => {
      const shop = shopNamed('old-token-shop');
      const storeId = await installed(shop);
      // as it was installed before the app asked for expiring tokens
      const old = await grantToken(standIn, shop, 'write_discounts');
      await saveConnection(ctx.db, platforms.tokenKeys, { storeId, platform: 'shopify', shop, token: old, scopes: 'write_discounts', now: ctx.clock.now() });
      expect(await row(storeId)).toMatchObject({ token_expires_at: null, sealed_refresh_token: null });
      // a process starting its jobs queues a webhook check for each such store: its call cycles the token
      ctx.clock.advance(1000);
      expect(await queueTokenCycles(ctx.db, ctx.clock.now())).toBe(1);
      await runJobs(ctx.db, ctx.clock, false, ctx.config);
      expect(standIn.tokens.migrations.get(shop)).toBe(1);
      const cycled = await row(storeId);
      expect(cycled.token_expires_at?.getTime()).toBe(ctx.clock.now().getTime() + HOUR);
      expect(openToken(platforms.tokenKeys, cycled.sealed_refresh_token!)).toBe(standIn.tokens.latestRefresh(shop));
      expect(await works(old)).toBe(false);
      expect(await sync(storeId)).toMatchObject({ state: 'done' });
      expect(standIn.tokens.migrations.get(shop)).toBe(1);
    });
  },
  { config, postgres: true },
);
