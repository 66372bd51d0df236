import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { standInClient } from '../../../../tests/platforms/bigcommerce/client.ts';
import { startBigCommerceStandIn } from '../../../../tests/platforms/bigcommerce/stand-in.ts';
import { PlatformRefused, PlatformThrottled, PlatformUnauthorized, type RewardCode } from '../adapter.ts';
import type { Connection } from '../connections.ts';
import { bigcommerceAdapter } from './adapter.ts';
import { exchangeCode } from './oauth.ts';
import { UNPACED } from '../call-budget.ts';

const standIn = await startBigCommerceStandIn({ clientId: 'adapter-client', clientSecret: 'adapter-secret' });
const bc = standInClient(standIn.url);
const adapter = bigcommerceAdapter(standIn.url);
afterAll(() => standIn.close());

const code = (overrides: Partial<RewardCode> = {}): RewardCode => ({
  rewardId: 41,
  code: 'LS-FIVE-41',
  title: '$5 off coupon',
  discount: { type: 'fixed_amount', amount: 500 },
  currency: 'USD',
  minimumSubtotal: null,
  productIds: [],
  collectionIds: [],
  customerPlatformId: null,
  endsAt: null,
  ...overrides,
});

describe('the BigCommerce adapter against the stand-in', () => {
  let connection: Connection;
  let hash = '';
  let stores = 0;

  beforeEach(async () => {
    // a store of its own per test, installed through the login service as the app does
    hash = `adapter${(stores += 1)}`;
    const callback = await bc.install(hash, { id: 1, email: 'owner@adapter.example' });
    const grant = await exchangeCode(
      { clientId: standIn.clientId, clientSecret: standIn.clientSecret, loginUrl: standIn.url },
      callback,
      'https://app.example/auth',
    );
    connection = {
      storeId: 1,
      platform: 'bigcommerce',
      shop: grant.storeHash,
      token: grant.accessToken,
      scopes: grant.scope,
      expiresAt: null,
      budget: UNPACED,
    };
  });

  it('creates a v2 coupon once: a retry finds the code and answers the same coupon', async () => {
    const expires = new Date('2026-12-31T23:59:59Z');
    const first = await adapter.createCode(connection, code({ minimumSubtotal: 2500, endsAt: expires }));
    const again = await adapter.createCode(connection, code({ minimumSubtotal: 2500, endsAt: expires }));
    expect(again).toEqual(first);
    const coupons = await bc.coupons(hash);
    expect(coupons).toHaveLength(1);
    expect(coupons[0]).toMatchObject({
      id: Number(first.platformId),
      code: 'LS-FIVE-41',
      type: 'per_total_discount',
      amount: '5.00',
      min_purchase: '25.00',
      max_uses: 1,
      enabled: true,
      applies_to: { entity: 'categories', ids: [0] },
      expires: expires.toUTCString(),
    });
  });

  it('writes each kind of discount as BigCommerce holds it', async () => {
    await adapter.createCode(connection, code({ rewardId: 1, code: 'LS-PCT', discount: { type: 'percentage', percent: 10 } }));
    await adapter.createCode(connection, code({ rewardId: 2, code: 'LS-SHIP', discount: { type: 'free_shipping' } }));
    await adapter.createCode(connection, code({ rewardId: 3, code: 'LS-ITEM', productIds: ['77', '78'] }));
    await adapter.createCode(connection, code({ rewardId: 4, code: 'LS-CAT', collectionIds: ['23'] }));
    const coupons = Object.fromEntries((await bc.coupons(hash)).map((coupon) => [coupon.code, coupon]));
    expect(coupons['LS-PCT']).toMatchObject({ type: 'percentage_discount', amount: '10' });
    expect(coupons['LS-SHIP']).toMatchObject({ type: 'free_shipping' });
    expect(coupons['LS-ITEM']).toMatchObject({ type: 'per_item_discount', amount: '5.00', applies_to: { entity: 'products', ids: [77, 78] } });
    expect(coupons['LS-CAT']).toMatchObject({ type: 'per_total_discount', applies_to: { entity: 'categories', ids: [23] } });
  });

  it('deactivates a code by disabling its coupon; a coupon already deleted is fine', async () => {
    const created = await adapter.createCode(connection, code());
    await adapter.deactivateCode(connection, { code: 'LS-FIVE-41', platformId: created.platformId });
    expect((await bc.coupons(hash))[0]!.enabled).toBe(false);
    standIn.stores.get(hash)!.coupons = [];
    await expect(adapter.deactivateCode(connection, { code: 'LS-FIVE-41', platformId: created.platformId })).resolves.toBeUndefined();
  });

  it('a spent request budget (429) is PlatformThrottled with the reset time BigCommerce gives, and nothing is created', async () => {
    await bc.throttle(hash, 0, 4_000);
    const error = await adapter.createCode(connection, code()).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(PlatformThrottled);
    expect((error as PlatformThrottled).delayMs).toBeGreaterThan(3_000);
    expect((error as PlatformThrottled).delayMs).toBeLessThanOrEqual(4_000);
    // after the reset, the same call goes through once
    await bc.throttle(hash, 10, 30_000);
    await adapter.createCode(connection, code());
    expect(await bc.coupons(hash)).toHaveLength(1);
  });

  it('a store API that is down (5xx) is neither a refusal nor a revoked token, so the job retries it; once back, the coupon is created once', async () => {
    standIn.stores.get(hash)!.outage = 503;
    const error = await adapter.createCode(connection, code()).catch((caught: unknown) => caught);
    standIn.stores.get(hash)!.outage = null;
    expect(error).toBeInstanceOf(Error);
    for (const kind of [PlatformRefused, PlatformUnauthorized, PlatformThrottled]) expect(error).not.toBeInstanceOf(kind);
    expect((error as Error).message).toContain('503');
    expect(await bc.coupons(hash)).toEqual([]);
    await adapter.createCode(connection, code());
    expect(await bc.coupons(hash)).toHaveLength(1);
  });

  it("a refusal is PlatformRefused in BigCommerce's words; a revoked token is PlatformUnauthorized", async () => {
    const refused = await adapter.createCode(connection, code({ discount: { type: 'percentage', percent: 150 } })).catch((caught: unknown) => caught);
    expect(refused).toBeInstanceOf(PlatformRefused);
    expect((refused as Error).message).toContain("'amount'");
    expect(await bc.coupons(hash)).toEqual([]);
    await bc.revoke(hash);
    await expect(adapter.createCode(connection, code())).rejects.toBeInstanceOf(PlatformUnauthorized);
    await expect(adapter.deactivateCode(connection, { code: 'X', platformId: '1' })).rejects.toBeInstanceOf(PlatformUnauthorized);
  });

  it("answers the storefront cart API's coupon address: BigCommerce has no one-step apply link", () => {
    expect(adapter.applyUrl('https://outdoor.example/', 'LS-FIVE-41', '/cart.php')).toBe('/api/storefront/checkouts/{checkoutId}/coupons');
  });
});
