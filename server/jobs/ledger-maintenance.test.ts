import { expect, it } from 'vitest';
import { describeEachDatabase } from '../../tests/helpers/db.ts';
import { earningRuleBody } from '../contract/points.ts';
import { redeemRuleBody } from '../contract/redeem.ts';
import { credit, verifyLedger } from '../domain/ledger/index.ts';
import { newCustomer, totals } from '../domain/ledger/testing.ts';
import { createEarningRule, createRedeemRule, redeemReward, rollbackReward, useRewardCode } from '../modules/rules/index.ts';
import type { Db } from '../db/connection.ts';
import { maintainLedger } from './ledger-maintenance.ts';

const DAY = 86_400_000;

/** A customer who joined at `joinedAt`. */
async function memberSince(db: Db, storeId: number, joinedAt: Date): Promise<number> {
  const id = await newCustomer(db, storeId, 'member');
  await db
    .updateTable('customers')
    .set({ created_at: joinedAt } as never)
    .where('id', '=', id)
    .execute();
  return id;
}

describeEachDatabase('ledger maintenance job', (ctx) => {
  it('releases due pending points and expires old batches for every account, once', async () => {
    const storeId = ctx.fixture.storeA.id;
    const now = ctx.clock.now();
    const [a, b] = [await newCustomer(ctx.db, storeId), await newCustomer(ctx.db, storeId)];
    await credit(
      ctx.db,
      {
        storeId,
        customerId: a,
        type: 'order_earn',
        points: 30,
        sourceType: 'order',
        sourceId: 'm1',
        computation: 'x',
        releaseAt: new Date(now.getTime() + 3 * DAY),
      },
      now,
    );
    await credit(
      ctx.db,
      {
        storeId,
        customerId: b,
        type: 'order_earn',
        points: 12,
        sourceType: 'order',
        sourceId: 'm2',
        computation: 'x',
        expiresAt: new Date(now.getTime() + 2 * DAY),
      },
      now,
    );
    ctx.clock.advance(4 * DAY);
    const first = await maintainLedger(ctx.db, ctx.clock);
    expect(first).toMatchObject({ anniversaries: 0, released: 1, expired: 1, rewardsExpired: 0 });
    expect(first.analyticsDays).toBeGreaterThan(0); // the days the entries were written on, rolled up
    expect(await maintainLedger(ctx.db, ctx.clock)).toEqual({
      anniversaries: 0,
      released: 0,
      expired: 0,
      rewardsExpired: 0,
      referralsCompleted: 0,
      expiryReminders: 0,
      jobsPurged: 0,
      tiersMoved: 0,
      tierBirthdays: 0,
      analyticsDays: 0,
    });
    expect(await totals(ctx.db, storeId, a)).toEqual({ balance: 30, pending: 0, lifetime: 30 });
    expect(await totals(ctx.db, storeId, b)).toEqual({ balance: 0, pending: 0, lifetime: 12 });
    expect(await verifyLedger(ctx.db)).toEqual([]);
  });

  it('rewards each anniversary of joining once a year, within its grace days, under active rules and their limits', async () => {
    const [storeB, storeC] = [ctx.fixture.storeB.id, ctx.fixture.storeC.id];
    const start = ctx.clock.now();
    const at = (years: number, days: number, hour = 9) =>
      new Date(Date.UTC(start.getUTCFullYear() - years, start.getUTCMonth(), start.getUTCDate() + days, hour));
    const yearly = await createEarningRule(ctx.db, storeB, earningRuleBody.parse({ type: 'anniversary', title: 'Anniversary', points: 100 }), start);
    await createEarningRule(ctx.db, storeB, earningRuleBody.parse({ type: 'anniversary', title: 'Old anniversary', points: 500, status: 'inactive' }), start);
    const onceOnly = await createEarningRule(
      ctx.db,
      storeC,
      earningRuleBody.parse({ type: 'anniversary', title: 'First anniversary', points: 40, limit_type: 'once' }),
      start,
    );
    // the rules were made a month ago: anniversaries since then count, older ones never
    await ctx.db
      .updateTable('earning_rules')
      .set({ created_at: new Date(start.getTime() - 30 * DAY) } as never)
      .where('id', 'in', [yearly.id, onceOnly.id])
      .execute();
    const inTwoDays = await memberSince(ctx.db, storeB, at(2, 2));
    const threeDaysAgo = await memberSince(ctx.db, storeB, at(1, -3));
    const twentyDaysAgo = await memberSince(ctx.db, storeB, at(1, -20));
    const today = await memberSince(ctx.db, storeB, at(3, 0, 23));
    const newcomer = await memberSince(ctx.db, storeB, at(0, -100));
    const onceMember = await memberSince(ctx.db, storeC, at(1, -1));
    // joined on 29 February: celebrates on 1 March in common years (today is 5 March)
    const leapDay = await memberSince(ctx.db, storeB, new Date(Date.UTC(2024, 1, 29, 15)));
    expect(start.toISOString().slice(0, 10)).toBe('2026-03-05');

    expect((await maintainLedger(ctx.db, ctx.clock)).anniversaries).toBe(4);
    expect((await maintainLedger(ctx.db, ctx.clock)).anniversaries).toBe(0);
    const balance = async (storeId: number, customerId: number) => (await totals(ctx.db, storeId, customerId)).balance;
    expect(await Promise.all([inTwoDays, threeDaysAgo, twentyDaysAgo, today, newcomer, leapDay].map((id) => balance(storeB, id)))).toEqual([
      0, 100, 0, 100, 0, 100,
    ]);
    expect(await balance(storeC, onceMember)).toBe(40);
    const entry = await ctx.db.selectFrom('ledger_entries').select(['computation', 'source_id']).where('customer_id', '=', today).executeTakeFirstOrThrow();
    expect(entry).toEqual({
      computation: `Anniversary (3 years since joining on ${at(3, 0).toISOString().slice(0, 10)}): 100 points`,
      source_id: `${today}:anniversary:${start.getUTCFullYear()}`,
    });

    ctx.clock.advance(2 * DAY);
    expect((await maintainLedger(ctx.db, ctx.clock)).anniversaries).toBe(1);
    expect(await balance(storeB, inTwoDays)).toBe(100);

    // a year on: the yearly rule rewards again, the once-only rule does not
    ctx.clock.advance(363 * DAY);
    expect((await maintainLedger(ctx.db, ctx.clock)).anniversaries).toBe(3);
    expect(await Promise.all([inTwoDays, threeDaysAgo, today, leapDay].map((id) => balance(storeB, id)))).toEqual([100, 200, 200, 200]);
    expect(await balance(storeC, onceMember)).toBe(40);
    expect((await maintainLedger(ctx.db, ctx.clock)).anniversaries).toBe(0);
    expect(await verifyLedger(ctx.db)).toEqual([]);
  });

  it('marks unused rewards past their expiry expired, keeps their points spent, and refuses their codes', async () => {
    const storeId = ctx.fixture.storeA.id;
    const now = ctx.clock.now();
    const customerId = await newCustomer(ctx.db, storeId, 'rewards');
    await credit(
      ctx.db,
      { storeId, customerId, type: 'adjustment', points: 1_000, sourceType: 'test', sourceId: `fund-${customerId}`, computation: 'test funds' },
      now,
    );
    const lapsing = await createRedeemRule(
      ctx.db,
      storeId,
      redeemRuleBody.parse({ type: 'fixed_amount', title: '$5 off', points_cost: 300, discount_value: 500, config: { reward_expiry_days: 30 } }),
      now,
    );
    const lasting = await createRedeemRule(ctx.db, storeId, redeemRuleBody.parse({ type: 'free_shipping', title: 'Free shipping', points_cost: 100 }), now);
    const unused = await redeemReward(ctx.db, { storeId, customerId, redeemId: lapsing.id }, now);
    const used = await redeemReward(ctx.db, { storeId, customerId, redeemId: lapsing.id }, now);
    const forever = await redeemReward(ctx.db, { storeId, customerId, redeemId: lasting.id }, now);
    await useRewardCode(ctx.db, storeId, used.code.toLowerCase(), now);

    ctx.clock.advance(29 * DAY);
    expect((await maintainLedger(ctx.db, ctx.clock)).rewardsExpired).toBe(0);
    ctx.clock.advance(2 * DAY);
    // not yet marked, but past its expiry: a rollback is already refused
    await expect(rollbackReward(ctx.db, storeId, unused.id, null, ctx.clock.now())).rejects.toMatchObject({ status: 409, code: 'reward_expired' });
    expect((await maintainLedger(ctx.db, ctx.clock)).rewardsExpired).toBe(1);
    expect((await maintainLedger(ctx.db, ctx.clock)).rewardsExpired).toBe(0);
    const statuses = await ctx.db.selectFrom('rewards').select(['id', 'status']).where('customer_id', '=', customerId).orderBy('id').execute();
    expect(statuses).toEqual([
      { id: unused.id, status: 'expired' },
      { id: used.id, status: 'used' },
      { id: forever.id, status: 'active' },
    ]);
    // 1,000 − 300 − 300 − 100: the expired reward's points stay spent
    expect(await totals(ctx.db, storeId, customerId)).toEqual({ balance: 300, pending: 0, lifetime: 1_000 });
    const expiredOn = unused.expires_at!.toISOString().slice(0, 10);
    await expect(useRewardCode(ctx.db, storeId, unused.code, ctx.clock.now())).rejects.toMatchObject({
      status: 409,
      code: 'reward_expired',
      message: `This reward expired on ${expiredOn}; its code no longer works and its points are not given back.`,
    });
    await expect(rollbackReward(ctx.db, storeId, unused.id, null, ctx.clock.now())).rejects.toMatchObject({ code: 'reward_expired' });
    expect(await totals(ctx.db, storeId, customerId)).toEqual({ balance: 300, pending: 0, lifetime: 1_000 });
    expect((await useRewardCode(ctx.db, storeId, forever.code, ctx.clock.now())).status).toBe('used');
    expect(await verifyLedger(ctx.db)).toEqual([]);
  });
});
