import { randomBytes } from 'node:crypto';
import { beforeAll, expect, it } from 'vitest';
import { describeEachDatabase } from '../../../../tests/helpers/db.ts';
import { deadRunner } from '../../../../tests/helpers/jobs.ts';
import { credit, verifyLedger } from '../../../domain/ledger/index.ts';
import { newCustomer, totals } from '../../../domain/ledger/testing.ts';
import { getMemberState } from '../../program/index.ts';
import { createRedeemRule, expireDueRewards, redeemReward, rollbackReward } from '../../rules/index.ts';
import { redeemRuleBody } from '../../rules/contract/redeem-rules.ts';
import { JobRunner } from '../../../jobs/engine.ts';
import { connectionStatus, saveConnection } from '../connections.ts';
import { CREATE_CODE_ATTEMPTS, CREATE_CODE_JOB, DEACTIVATE_CODE_JOB } from './issue.ts';
import { RECONNECT_MESSAGE, rewardCodeJobs } from './jobs.ts';
import { FakePlatform } from './testing.ts';
import { UNPACED } from '../call-budget.ts';

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;

describeEachDatabase(
  'reward codes on the shop’s platform',
  (ctx) => {
    const key = randomBytes(32);
    const storeId = () => ctx.fixture.storeA.id;
    let ruleId: number;

    beforeAll(async () => {
      const now = ctx.clock.now();
      await saveConnection(ctx.db, [key], { storeId: storeId(), platform: 'shopify', shop: 'alpha.myshopify.com', token: 'shpat', scopes: '', now });
      await ctx.db.updateTable('stores').set({ website: 'https://alpha.example' }).where('id', '=', storeId()).execute();
      const rule = redeemRuleBody.parse({ type: 'fixed_amount', title: '$5 off', points_cost: 100, discount_value: 500, config: { min_order_minor: 2_000 } });
      ruleId = (await createRedeemRule(ctx.db, storeId(), rule, now)).id;
    });

    const runner = (platform: FakePlatform) =>
      new JobRunner(ctx.db, ctx.clock, rewardCodeJobs({ adapters: { shopify: platform, bigcommerce: null }, keys: [key] }));
    const member = async (points = 1_000, store = storeId()) => {
      const customerId = await newCustomer(ctx.db, store, 'codes');
      await credit(
        ctx.db,
        { storeId: store, customerId, type: 'adjustment', points, sourceType: 'test', sourceId: `fund-${customerId}`, computation: 'funds' },
        ctx.clock.now(),
      );
      return customerId;
    };
    const redeem = (customerId: number) => redeemReward(ctx.db, { storeId: storeId(), customerId, redeemId: ruleId }, ctx.clock.now());
    const codeOf = (rewardId: number) => ctx.db.selectFrom('reward_codes').selectAll().where('reward_id', '=', rewardId).executeTakeFirstOrThrow();
    const jobsOf = (rewardId: number) => ctx.db.selectFrom('jobs').selectAll().where('key', '=', `reward:${rewardId}`).orderBy('id').execute();
    const balance = async (customerId: number) => (await totals(ctx.db, storeId(), customerId)).balance;
    /** the points given back to the customer for refused codes */
    const refundsOf = (customerId: number) =>
      ctx.db.selectFrom('ledger_entries').selectAll().where('customer_id', '=', customerId).where('type', '=', 'redemption_rollback').execute();

    it('a redemption on a connected store enqueues one job, shows "preparing", and ends with the code created once', async () => {
      const platform = new FakePlatform();
      const customerId = await member();
      const reward = await redeem(customerId);
      const jobs = await jobsOf(reward.id);
      expect(jobs.map((job) => job.kind)).toEqual([CREATE_CODE_JOB]);
      expect(await codeOf(reward.id)).toMatchObject({ state: 'preparing', code: reward.code, platform: 'shopify' });
      expect((await getMemberState(ctx.db, storeId(), customerId, ctx.clock.now()))?.rewards[0]).toMatchObject({ code: reward.code, platform: 'preparing' });

      await runner(platform).drain();
      expect(await codeOf(reward.id)).toMatchObject({ state: 'created', platform_id: expect.stringMatching(/^gid:/), error: null });
      expect(platform.creations.get(reward.code)).toBe(1);
      // a first attempt: nothing can have created it yet, so the platform is not asked to look first
      expect(platform.calls).toEqual([{ op: 'create', code: reward.code, mayExist: false }]);
      expect(platform.codes.get(reward.code)?.spec).toMatchObject({
        rewardId: reward.id,
        discount: { type: 'fixed_amount', amount: 500 },
        minimumSubtotal: 2_000,
      });
      const shown = (await getMemberState(ctx.db, storeId(), customerId, ctx.clock.now()))?.rewards[0];
      expect(shown).toMatchObject({ platform: 'ready', applyUrl: `https://alpha.example/discount/${reward.code}?redirect=%2Fcart` });
      // the job is done: another drain calls nothing
      await runner(platform).drain();
      expect(platform.calls.filter((call) => call.code === reward.code)).toHaveLength(1);
    });

    it('a throttled platform is waited for as asked, without counting an attempt', async () => {
      const platform = new FakePlatform();
      platform.script.push('throttle', 'throttle');
      const reward = await redeem(await member());
      await runner(platform).drain();
      let [job] = await jobsOf(reward.id);
      expect(job).toMatchObject({ state: 'queued', attempts: 0 });
      expect(new Date(job!.run_after).getTime() - ctx.clock.now().getTime()).toBe(2_000);
      ctx.clock.advance(2_000);
      await runner(platform).drain();
      ctx.clock.advance(2_000);
      await runner(platform).drain();
      [job] = await jobsOf(reward.id);
      expect(job).toMatchObject({ state: 'done', attempts: 1 });
      expect(platform.creations.get(reward.code)).toBe(1);
    });

    it('a refusal gives the points back once, records why, and the shopper reads it', async () => {
      const platform = new FakePlatform();
      platform.script.push('refuse');
      const customerId = await member(1_000);
      const reward = await redeem(customerId);
      expect(await balance(customerId)).toBe(900);
      await runner(platform).drain();
      expect(await codeOf(reward.id)).toMatchObject({ state: 'refused', error: 'Discount code is already taken by another discount.' });
      expect(await balance(customerId)).toBe(1_000);
      const refunds = await refundsOf(customerId);
      expect(refunds).toHaveLength(1);
      expect(refunds[0]!.reason).toContain('already taken');
      // a rollback afterwards gives nothing more
      await expect(rollbackReward(ctx.db, storeId(), reward.id, null, ctx.clock.now())).resolves.toMatchObject({ status: 'rolled_back' });
      expect(await balance(customerId)).toBe(1_000);
      const shown = (await getMemberState(ctx.db, storeId(), customerId, ctx.clock.now()))?.rewards.find((item) => item.id === String(reward.id));
      expect(shown).toMatchObject({ platform: 'refused', platformError: expect.stringContaining('already taken') });
      expect(await verifyLedger(ctx.db, storeId())).toEqual([]);
    });

    it('a platform failing past the last attempt gives the points back once', async () => {
      const platform = new FakePlatform();
      platform.always = 'fail';
      const customerId = await member(500);
      const reward = await redeem(customerId);
      for (let attempt = 0; attempt < CREATE_CODE_ATTEMPTS; attempt += 1) {
        await runner(platform).drain();
        ctx.clock.advance(31 * MINUTE);
      }
      const [job] = await jobsOf(reward.id);
      expect(job).toMatchObject({ state: 'failed', attempts: CREATE_CODE_ATTEMPTS });
      expect(await codeOf(reward.id)).toMatchObject({ state: 'refused', error: 'The connection to the shop was reset.' });
      expect(await balance(customerId)).toBe(500);
      expect(platform.codes.has(reward.code)).toBe(false);
    });

    it('a platform down for a minute, then asking to slow down, is waited out: the code is created once, the points spent once', async () => {
      const platform = new FakePlatform();
      platform.always = 'fail';
      const customerId = await member(1_000);
      const reward = await redeem(customerId);
      const start = ctx.clock.now().getTime();
      while (ctx.clock.now().getTime() - start < MINUTE) {
        await runner(platform).drain();
        ctx.clock.advance(5_000);
      }
      const [failing] = await jobsOf(reward.id);
      expect(failing).toMatchObject({ state: 'queued' });
      expect(failing!.attempts).toBeLessThan(CREATE_CODE_ATTEMPTS);
      // the shopper reads that the code is being prepared, not refused
      const waiting = (await getMemberState(ctx.db, storeId(), customerId, ctx.clock.now()))?.rewards.find((item) => item.id === String(reward.id));
      expect(waiting).toMatchObject({ platform: 'preparing' });
      platform.always = null;
      platform.script.push('throttle', 'throttle');
      for (let pass = 0; pass < 4; pass += 1) {
        ctx.clock.advance(MINUTE);
        await runner(platform).drain();
      }
      expect((await jobsOf(reward.id))[0]).toMatchObject({ state: 'done' });
      expect(await codeOf(reward.id)).toMatchObject({ state: 'created', error: null });
      expect(platform.creations.get(reward.code)).toBe(1);
      expect(await balance(customerId)).toBe(900);
      expect(await refundsOf(customerId)).toEqual([]);
      expect(await verifyLedger(ctx.db, storeId())).toEqual([]);
    });

    it('a revoked token asks the store to reconnect; the code waits and is created after the reinstall', async () => {
      const platform = new FakePlatform();
      platform.script.push('unauthorized');
      const customerId = await member();
      const reward = await redeem(customerId);
      await runner(platform).drain();
      expect(await connectionStatus(ctx.db, storeId())).toMatchObject({ status: 'reconnect' });
      expect(await codeOf(reward.id)).toMatchObject({ state: 'preparing', error: RECONNECT_MESSAGE });
      // a redemption meanwhile waits too
      const later = await redeem(customerId);
      ctx.clock.advance(2 * MINUTE);
      await runner(platform).drain();
      expect((await jobsOf(later.id))[0]).toMatchObject({ state: 'queued', attempts: 0 });
      await saveConnection(ctx.db, [key], {
        storeId: storeId(),
        platform: 'shopify',
        shop: 'alpha.myshopify.com',
        token: 'shpat-2',
        scopes: '',
        now: ctx.clock.now(),
      });
      ctx.clock.advance(2 * MINUTE);
      await runner(platform).drain();
      expect((await codeOf(reward.id)).state).toBe('created');
      expect((await codeOf(later.id)).state).toBe('created');
      expect(await balance(customerId)).toBe(800);
    });

    it('a crash after the platform call, before the commit: the job taken over creates the code once', async () => {
      const platform = new FakePlatform();
      const reward = await redeem(await member());
      const { id: codeId } = await codeOf(reward.id);
      // a runner claimed the job, had the platform create the code, and died before its commit
      const dead = await deadRunner(ctx.db, CREATE_CODE_JOB, 'codeId', codeId, ctx.clock.now());
      await platform.createCode(
        { storeId: storeId(), platform: 'shopify', shop: 'alpha.myshopify.com', token: 'shpat', scopes: '', expiresAt: null, budget: UNPACED },
        { ...rewardSpec(reward.code) },
      );
      await runner(platform).drain();
      expect((await codeOf(reward.id)).state).toBe('preparing'); // not taken over before a minute of silence
      ctx.clock.advance(2 * MINUTE);
      await runner(platform).drain();
      expect(await codeOf(reward.id)).toMatchObject({ state: 'created', platform_id: platform.codes.get(reward.code)?.platformId });
      expect(platform.creations.get(reward.code)).toBe(1);
      // the job taken over looks for the code first (its earlier claim may have made it)
      expect(platform.calls.filter((call) => call.code === reward.code).at(-1)).toEqual({ op: 'create', code: reward.code, mayExist: true });
      // the dead runner's late commit is refused
      await expect(ctx.db.transaction().execute((trx) => dead.checkpoint(trx, 1))).rejects.toThrow(/taken over/);
    });

    it('an answer lost after the platform created the code: the retry finds it and creates nothing more', async () => {
      const platform = new FakePlatform();
      platform.script.push('crash_after_create');
      const reward = await redeem(await member());
      await runner(platform).drain();
      expect((await codeOf(reward.id)).state).toBe('preparing');
      ctx.clock.advance(MINUTE);
      await runner(platform).drain();
      expect((await codeOf(reward.id)).state).toBe('created');
      expect(platform.creations.get(reward.code)).toBe(1);
    });

    it('a rollback deactivates the code on the platform (its own job); one rolled back before creation is never created', async () => {
      const platform = new FakePlatform();
      const customerId = await member();
      const reward = await redeem(customerId);
      await runner(platform).drain();
      await rollbackReward(ctx.db, storeId(), reward.id, 'changed mind', ctx.clock.now());
      expect((await jobsOf(reward.id)).map((job) => job.kind)).toEqual([CREATE_CODE_JOB, DEACTIVATE_CODE_JOB]);
      await runner(platform).drain();
      expect((await codeOf(reward.id)).state).toBe('deactivated');
      expect(platform.codes.get(reward.code)?.active).toBe(false);

      const early = await redeem(customerId);
      await rollbackReward(ctx.db, storeId(), early.id, null, ctx.clock.now());
      await runner(platform).drain();
      expect((await codeOf(early.id)).state).toBe('cancelled');
      expect(platform.codes.has(early.code)).toBe(false);
      expect(await balance(customerId)).toBe(1_000);
      expect(await verifyLedger(ctx.db, storeId())).toEqual([]);
    });

    it('an expiry deactivates the code on the platform (its own job)', async () => {
      const platform = new FakePlatform();
      const body = redeemRuleBody.parse({ type: 'percentage', title: '10% off', points_cost: 100, discount_value: 10, config: { reward_expiry_days: 1 } });
      const rule = await createRedeemRule(ctx.db, storeId(), body, ctx.clock.now());
      const reward = await redeemReward(ctx.db, { storeId: storeId(), customerId: await member(), redeemId: rule.id }, ctx.clock.now());
      await runner(platform).drain();
      expect(platform.codes.get(reward.code)?.spec).toMatchObject({ discount: { type: 'percentage', percent: 10 }, endsAt: reward.expires_at });
      ctx.clock.advance(2 * DAY);
      expect(await expireDueRewards(ctx.db, ctx.clock.now(), { storeId: storeId() })).toBeGreaterThanOrEqual(1);
      await runner(platform).drain();
      expect((await codeOf(reward.id)).state).toBe('deactivated');
      expect(platform.codes.get(reward.code)?.active).toBe(false);
    });

    it('a store without a platform connection is unchanged: no code row, no job', async () => {
      const otherStore = ctx.fixture.storeB.id;
      const rule = await createRedeemRule(
        ctx.db,
        otherStore,
        redeemRuleBody.parse({ type: 'free_shipping', title: 'Free shipping', points_cost: 50 }),
        ctx.clock.now(),
      );
      const customerId = await member(100, otherStore);
      const reward = await redeemReward(ctx.db, { storeId: otherStore, customerId, redeemId: rule.id }, ctx.clock.now());
      expect(await ctx.db.selectFrom('reward_codes').selectAll().where('reward_id', '=', reward.id).execute()).toEqual([]);
      expect(await jobsOf(reward.id)).toEqual([]);
      const shown = (await getMemberState(ctx.db, otherStore, customerId, ctx.clock.now()))?.rewards[0];
      expect(shown).toMatchObject({ code: reward.code });
      expect(shown?.platform).toBeUndefined();
    });

    it('two runners draining the outbox together create every code once', async () => {
      const platform = new FakePlatform('shopify', 5);
      const rewards = [];
      for (let index = 0; index < 30; index += 1) rewards.push(await redeem(await member(100)));
      await Promise.all([runner(platform).drain(), runner(platform).drain(), runner(platform).drain()]);
      expect(platform.duplicates).toEqual([]);
      for (const reward of rewards) expect(platform.creations.get(reward.code)).toBe(1);
      const states = await ctx.db
        .selectFrom('reward_codes')
        .select('state')
        .where(
          'reward_id',
          'in',
          rewards.map((reward) => reward.id),
        )
        .execute();
      expect(states.every((row) => row.state === 'created')).toBe(true);
    });
  },
  { postgres: true },
);

function rewardSpec(code: string) {
  return {
    rewardId: 0,
    code,
    title: '$5 off',
    discount: { type: 'fixed_amount' as const, amount: 500 },
    currency: 'USD',
    minimumSubtotal: null,
    productIds: [],
    collectionIds: [],
    customerPlatformId: null,
    endsAt: null,
  };
}
