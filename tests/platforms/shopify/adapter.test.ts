import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  PlatformRefused,
  PlatformThrottled,
  PlatformUnauthorized,
  platformAdapters,
  type Connection,
  type RewardCode,
} from '../../../server/modules/platforms/index.ts';
import type { PlatformsConfig } from '../../../server/config.ts';
import { grantToken, startStandIn } from './install-flow.ts';
import { UNPACED } from '../../../server/modules/platforms/call-budget.ts';
import { ShopifyUnavailable } from '../../../server/modules/platforms/shopify/admin-api.ts';

const { standIn, config } = await startStandIn(() => new Date());
const adapter = platformAdapters(config.platforms as PlatformsConfig).shopify!;
const SHOP = 'codes-shop.myshopify.com';
let connection: Connection;

const reward = (overrides: Partial<RewardCode>): RewardCode => ({
  rewardId: 1,
  code: 'LOYAL-1',
  title: '$5 off',
  discount: { type: 'fixed_amount', amount: 500 },
  currency: 'USD',
  minimumSubtotal: null,
  productIds: [],
  collectionIds: [],
  customerPlatformId: '7001',
  endsAt: new Date('2027-01-01T00:00:00Z'),
  ...overrides,
});

const held = (code: string) => standIn.shop(SHOP).discounts.find((discount) => discount.code === code);

beforeAll(async () => {
  connection = {
    storeId: 1,
    platform: 'shopify',
    shop: SHOP,
    token: await grantToken(standIn, SHOP, 'write_discounts'),
    scopes: 'write_discounts',
    budget: UNPACED,
  };
});
afterAll(() => standIn.stop());

describe('the Shopify adapter', () => {
  it('creates a fixed-amount code once, for the shopper only, single use; a second call answers the same code', async () => {
    const created = await adapter.createCode(connection, reward({ minimumSubtotal: 2500 }));
    expect(created.platformId).toMatch(/^gid:\/\/shopify\/DiscountCodeNode\//);
    expect(held('LOYAL-1')?.input).toMatchObject({
      code: 'LOYAL-1',
      title: '$5 off',
      usageLimit: 1,
      appliesOncePerCustomer: true,
      endsAt: '2027-01-01T00:00:00.000Z',
      context: { customers: { add: ['gid://shopify/Customer/7001'] } },
      customerGets: { value: { discountAmount: { amount: '5.00', appliesOnEachItem: false } }, items: { all: true } },
      minimumRequirement: { subtotal: { greaterThanOrEqualToSubtotal: '25.00' } },
    });
    expect(await adapter.createCode(connection, reward({}))).toEqual(created);
    // a first attempt does not look first: the shop refuses the code as taken, and the adapter finds it
    expect(await adapter.createCode(connection, reward({}), { mayExist: false })).toEqual(created);
    expect(standIn.shop(SHOP).discounts.filter((discount) => discount.code === 'LOYAL-1')).toHaveLength(1);
    expect(standIn.shop(SHOP).discounts.filter((discount) => discount.code === 'LOYAL-1')).toHaveLength(1);
  });

  it('a percentage on some products and collections, free shipping, and a free product as 100 % off it', async () => {
    await adapter.createCode(
      connection,
      reward({
        code: 'PCT-10',
        discount: { type: 'percentage', percent: 10 },
        productIds: ['11'],
        collectionIds: ['gid://shopify/Collection/22'],
        customerPlatformId: null,
      }),
    );
    expect(held('PCT-10')?.input).toMatchObject({
      context: { all: 'ALL' },
      customerGets: {
        value: { percentage: 0.1 },
        items: { products: { productsToAdd: ['gid://shopify/Product/11'] }, collections: { add: ['gid://shopify/Collection/22'] } },
      },
    });
    await adapter.createCode(connection, reward({ code: 'SHIP-1', discount: { type: 'free_shipping' } }));
    expect(held('SHIP-1')).toMatchObject({ kind: 'free_shipping', input: { destination: { all: true }, usageLimit: 1 } });
    await adapter.createCode(connection, reward({ code: 'GIFT-1', discount: { type: 'free_product', productIds: ['33'] } }));
    expect(held('GIFT-1')?.input).toMatchObject({
      customerGets: { value: { percentage: 1 }, items: { products: { productsToAdd: ['gid://shopify/Product/33'] } } },
    });
  });

  it("Shopify's user errors are a refusal (the merchant's words)", async () => {
    await expect(adapter.createCode(connection, reward({ code: 'BAD-PCT', discount: { type: 'percentage', percent: 150 } }))).rejects.toThrow(PlatformRefused);
    await expect(adapter.createCode(connection, reward({ code: 'BAD-PCT', discount: { type: 'percentage', percent: 150 } }))).rejects.toThrow(
      /between 0.0 and 1.0/,
    );
  });

  it('a product the shop does not have is a refusal, and nothing is created', async () => {
    standIn.shop(SHOP).products = new Set(['11', '33']);
    const refused = adapter.createCode(connection, reward({ code: 'GONE-1', discount: { type: 'free_product', productIds: ['99'] } }));
    await expect(refused).rejects.toThrow(PlatformRefused);
    await expect(refused).rejects.toThrow(/gid:\/\/shopify\/Product\/99 does not exist/);
    standIn.shop(SHOP).products = null;
    expect(held('GONE-1')).toBeUndefined();
  });

  it('deactivates a code; the apply address takes the shopper to the cart with the code', async () => {
    const created = await adapter.createCode(connection, reward({ code: 'OLD-1' }));
    await adapter.deactivateCode(connection, { code: 'OLD-1', platformId: created.platformId });
    expect(held('OLD-1')?.status).toBe('EXPIRED');
    expect(adapter.applyUrl(`https://${SHOP}`, 'OLD 1', '/cart')).toBe(`https://${SHOP}/discount/OLD%201?redirect=%2Fcart`);
  });

  it('Shopify unavailable a moment (503): the query is sent again and the code created once; down (500): the job is told to retry later', async () => {
    standIn.shop(SHOP).outage.push(503);
    await adapter.createCode(connection, reward({ code: 'BLIP-1' }));
    expect(standIn.shop(SHOP).outage).toEqual([]);
    expect(standIn.shop(SHOP).discounts.filter((discount) => discount.code === 'BLIP-1')).toHaveLength(1);
    standIn.shop(SHOP).outage.push(500);
    await expect(adapter.createCode(connection, reward({ code: 'DOWN-1' }))).rejects.toThrow(ShopifyUnavailable);
    expect(held('DOWN-1')).toBeUndefined();
  });

  it('THROTTLED: waits what the bucket needs at its restore rate', async () => {
    // the bucket's clock stands still: it holds exactly what the test sets, however long the call takes
    const at = Date.now();
    const throttledAfter = async (restoreRate: number, code: string) => {
      Object.assign(standIn.shop(SHOP).bucket, { currentlyAvailable: 0, restoreRate, at, clock: () => at });
      const error = await adapter.createCode(connection, reward({ code })).catch((caught: unknown) => caught);
      expect(error).toBeInstanceOf(PlatformThrottled);
      expect(held(code)).toBeUndefined();
      return (error as PlatformThrottled).delayMs;
    };
    // the lookup costs 1 point: at 0.25 a second that is four seconds; at 5 a second it is a fifth of one, waited as one
    expect(await throttledAfter(0.25, 'SLOW-1')).toBe(4000);
    expect(await throttledAfter(5, 'SLOW-2')).toBe(1000);
    Object.assign(standIn.shop(SHOP).bucket, { currentlyAvailable: 2000, restoreRate: 100, at: Date.now(), clock: Date.now });
  });

  it('a revoked token is PlatformUnauthorized', async () => {
    standIn.revokeTokens(SHOP);
    await expect(adapter.createCode(connection, reward({ code: 'LATE-1' }))).rejects.toThrow(PlatformUnauthorized);
  });
});
