import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { systemClock } from '../../../server/clock.ts';
import type { PlatformsConfig } from '../../../server/config.ts';
import { credit } from '../../../server/domain/ledger/index.ts';
import { newCustomer } from '../../../server/domain/ledger/testing.ts';
import { createRedeemRule, redeemReward } from '../../../server/modules/rules/index.ts';
import { redeemRuleBody } from '../../../server/modules/rules/contract/redeem-rules.ts';
import { JobRunner } from '../../../server/jobs/engine.ts';
import { platformAdapters, saveConnection } from '../../../server/modules/platforms/index.ts';
import { rewardCodeJobs } from '../../../server/modules/platforms/codes/jobs.ts';
import { twoProcessesOnPostgres } from '../../helpers/processes.ts';
import { grantToken, startStandIn } from './install-flow.ts';

const ADMIN_URL = process.env.TEST_DATABASE_URL;
const SHOP = 'outbox-shop.myshopify.com';
const REWARDS = 24;

/**
 * Two server processes — each its own connection pool and job runner — drain the reward codes'
 * outbox of one PostgreSQL database together, against the Shopify stand-in: every code is
 * created in the shop's discounts exactly once, and their calls, paced together to the shop's
 * cost bucket (here a small one: the codes cost three times what it holds), never overdraw it.
 * The store holds a non-expiring token, as stores installed before expiring ones did: the first
 * calls of both processes need it cycled to an expiring one, which is done once.
 */
describe.skipIf(!ADMIN_URL)('two processes draining the platform codes outbox', () => {
  const processes = twoProcessesOnPostgres(ADMIN_URL!);
  let standIn: Awaited<ReturnType<typeof startStandIn>>['standIn'];
  let platforms: PlatformsConfig;
  const codes: string[] = [];

  beforeAll(async () => {
    const started = await startStandIn(() => new Date());
    standIn = started.standIn;
    platforms = started.config.platforms as PlatformsConfig;
    const db = processes.dbs[0]!;
    const now = new Date();
    const store = await db
      .insertInto('stores')
      .values({
        title: 'Outbox',
        platform: 'shopify',
        store_name: 'outbox-shop',
        domain: SHOP,
        website: `https://${SHOP}`,
        hmac_secret: null,
        access_token: null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const token = await grantToken(standIn, SHOP, 'write_discounts');
    Object.assign(standIn.shop(SHOP).bucket, { maximumAvailable: 100, currentlyAvailable: 100, restoreRate: 100 });
    await saveConnection(db, platforms.tokenKeys, { storeId: store.id, platform: 'shopify', shop: SHOP, token, scopes: 'write_discounts', now });
    const rule = await createRedeemRule(
      db,
      store.id,
      redeemRuleBody.parse({ type: 'fixed_amount', title: '$5 off', points_cost: 100, discount_value: 500 }),
      now,
    );
    for (let n = 0; n < REWARDS; n += 1) {
      const customerId = await newCustomer(db, store.id, 'outbox');
      await credit(
        db,
        { storeId: store.id, customerId, type: 'adjustment', points: 100, sourceType: 'test', sourceId: `fund-${n}`, computation: 'funds' },
        now,
      );
      codes.push((await redeemReward(db, { storeId: store.id, customerId, redeemId: rule.id }, now)).code);
    }
  });
  afterAll(() => standIn.stop());

  it('both processes drain the outbox at once: every code is created in the shop once, and no query is throttled', async () => {
    const runners = processes.dbs.map(
      (db) => new JobRunner(db, systemClock, rewardCodeJobs({ adapters: platformAdapters(platforms), keys: platforms.tokenKeys })),
    );
    await Promise.all(runners.map((runner) => runner.drain()));
    const discounts = standIn.shop(SHOP).discounts;
    expect(standIn.shop(SHOP).bucket.throttled).toBe(0);
    // its non-expiring token was cycled to an expiring one once, by the first call of either process
    expect(standIn.tokens.migrations.get(SHOP)).toBe(1);
    expect(discounts.map((discount) => discount.code).sort()).toEqual([...codes].sort());
    const states = await processes.dbs[1]!.selectFrom('reward_codes').select('state').execute();
    expect(states).toHaveLength(REWARDS);
    expect(states.every((row) => row.state === 'created')).toBe(true);
  });
});
