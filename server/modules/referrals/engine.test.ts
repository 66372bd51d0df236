import { expect, it } from 'vitest';
import { describeEachDatabase } from '../../../tests/helpers/db.ts';
import { paidOrder } from '../../../tests/helpers/orders.ts';
import { verifyLedger } from '../../domain/ledger/index.ts';
import { getMemberState } from '../program/index.ts';
import { memberRewardTitle } from '../../../renderers/format/index.ts';
import { catalogFor } from '../../../renderers/i18n/index.ts';
import { applyOrderEvents } from '../orders/index.ts';
import { deleteTier, memberTier, saveSettings as saveVipSettings, storeTier } from '../vip/index.ts';
import type { NormalizedOrder } from '../../domain/schemas/normalized-order.ts';
import { DEFAULT_REFERRAL_SETTINGS, type ReferralSettings } from './contract.ts';
import {
  cancelReferral,
  claimFriendCoupon,
  completeDueReferrals,
  recordVisit,
  referralCode,
  saveReferralSettings,
  unblockReferral,
  type ClaimAnswer,
} from './service.ts';

const DAY = 86_400_000;

describeEachDatabase(
  'referral engine',
  (ctx) => {
    const store = () => ctx.fixture.storeA.id;
    let serial = 0;
    const member = async (email?: string) => {
      serial += 1;
      const row = await ctx.db
        .insertInto('customers')
        .values({ store_id: store(), email: email ?? `referrer.${serial}@shop.test`, first_name: `Ref${serial}`, last_name: 'Errer' })
        .returning(['id', 'email'])
        .executeTakeFirstOrThrow();
      return row;
    };
    const settings = (change: Partial<ReferralSettings> = {}) =>
      saveReferralSettings(ctx.db, store(), { ...DEFAULT_REFERRAL_SETTINGS, referrer_reward: { type: 'points', value: 500 }, ...change }, ctx.clock.now());
    /** a visit through the member's link and the friend's claim, from its own IP unless told */
    const refer = async (referrerId: number, friend: string, ip = `10.0.${serial}.${friend.length}`): Promise<ClaimAnswer> => {
      const code = await referralCode(ctx.db, store(), referrerId, ctx.clock.now());
      const visit = await recordVisit(ctx.db, store(), { code, ip, device: null }, ctx.clock.now());
      return claimFriendCoupon(ctx.db, store(), { visitor: visit.visitor, email: friend, ip, device: null }, ctx.clock.now());
    };
    const order = (id: string, email: string, cents: number, extra: Partial<NormalizedOrder> = {}) =>
      applyOrderEvents(ctx.db, store(), [{ platform: 'custom', orderExternalId: id, order: paidOrder(id, email, cents, extra) }], ctx.clock.now());
    const referralOf = (friend: string) => ctx.db.selectFrom('referrals').selectAll().where('friend_email', '=', friend).executeTakeFirstOrThrow();
    const rewards = (referrerId: number) =>
      ctx.db.selectFrom('ledger_entries').selectAll().where('customer_id', '=', referrerId).where('type', '=', 'referral_reward').execute();

    it('keeps one code per member, remembers the first link a visitor opened and refuses unknown or foreign codes', async () => {
      await settings();
      const [a, b] = [await member(), await member()];
      const code = await referralCode(ctx.db, store(), a.id, ctx.clock.now());
      expect(await referralCode(ctx.db, store(), a.id, ctx.clock.now())).toBe(code);
      const first = await recordVisit(ctx.db, store(), { code, ip: null, device: null }, ctx.clock.now());
      // the friend's offer as figures: the storefront words it in the shopper's language
      expect(first.offer).toEqual({ kind: 'amount_off', amountMinor: 500 });
      const codeB = await referralCode(ctx.db, store(), b.id, ctx.clock.now());
      const second = await recordVisit(ctx.db, store(), { code: codeB, visitor: first.visitor, ip: null, device: null }, ctx.clock.now());
      expect(second.referrer_name).toBe(first.referrer_name); // first touch wins
      await expect(recordVisit(ctx.db, store(), { code: 'NOSUCHCODE', ip: null, device: null }, ctx.clock.now())).rejects.toMatchObject({ status: 404 });
      const foreign = await ctx.db
        .insertInto('customers')
        .values({ store_id: ctx.fixture.storeB.id, email: 'x@b.test', first_name: 'X', last_name: '' })
        .returning('id')
        .executeTakeFirstOrThrow();
      const foreignCode = await referralCode(ctx.db, ctx.fixture.storeB.id, foreign.id, ctx.clock.now());
      await expect(recordVisit(ctx.db, store(), { code: foreignCode, ip: null, device: null }, ctx.clock.now())).rejects.toMatchObject({ status: 404 });
    });

    it('issues the friend coupon once per e-mail', async () => {
      const referrer = await member();
      const answer = await refer(referrer.id, 'once.friend@mail.test');
      expect(answer).toMatchObject({ ok: true, offer: { kind: 'amount_off', amountMinor: 500 } });
      // the shop's discount is named in the console's words
      const issued = await ctx.db
        .selectFrom('referrals')
        .select('friend_reward')
        .where('store_id', '=', store())
        .where('friend_email', '=', 'once.friend@mail.test')
        .executeTakeFirstOrThrow();
      expect(issued.friend_reward).toMatchObject({ title: '$5 off coupon' });
      await expect(refer(referrer.id, 'ONCE.friend@mail.test')).rejects.toMatchObject({
        status: 409,
        message: 'This e-mail address already took its friend coupon.',
      });
    });

    it("completes on the friend's first paid order exactly once under webhook replay", async () => {
      const referrer = await member();
      const friend = 'replay.friend@mail.test';
      const claim = await refer(referrer.id, friend);
      expect(claim.ok).toBe(true);
      for (let i = 0; i < 3; i += 1) await order('R-100', friend, 4000);
      await order('R-101', friend, 9000); // a second order rewards nobody again
      const referral = await referralOf(friend);
      expect(referral).toMatchObject({ state: 'completed', order_number: '#R-100', order_total_minor: 4000 });
      const entries = await rewards(referrer.id);
      expect(entries.map((entry) => entry.points)).toEqual([500]);
      const customer = await ctx.db.selectFrom('customers').select('referral_count').where('id', '=', referrer.id).executeTakeFirstOrThrow();
      expect(customer.referral_count).toBe(1);
      const mails = await ctx.db
        .selectFrom('email_outbox')
        .select('data')
        .where('email_key', '=', 'referral-completed')
        .where('to_address', '=', referrer.email)
        .execute();
      expect(mails).toHaveLength(1);
      expect(await verifyLedger(ctx.db)).toEqual([]);
    });

    it('attributes an order by the friend coupon code even under another e-mail, and honours the minimum order', async () => {
      await settings({ friend_min_order_minor: 5000 });
      const referrer = await member();
      const claim = await refer(referrer.id, 'code.friend@mail.test');
      if (!claim.ok) throw new Error('claim refused');
      await order('C-1', 'other.address@mail.test', 3000, { discountCodes: [claim.code] });
      expect((await referralOf('code.friend@mail.test')).state).toBe('pending');
      await order('C-2', 'other.address@mail.test', 6000, { discountCodes: [claim.code.toLowerCase()] });
      expect(await referralOf('code.friend@mail.test')).toMatchObject({ state: 'completed', order_number: '#C-2' });
      await settings();
    });

    it('holds self-referrals by e-mail, customer and shipping address for review with their reason; the shopper reads only the generic message', async () => {
      const referrer = await member();
      const self = await refer(referrer.id, referrer.email);
      expect(self).toEqual({ ok: false, message: 'This referral could not be completed.' });
      expect(await referralOf(referrer.email)).toMatchObject({ state: 'blocked', friend_code: null, flags: ['self_referral_email'] });

      // the referrer's own earlier order ships to the same address as the friend's
      await order('A-1', referrer.email, 2000, { addressKey: '1 main st|12345|us' });
      const friend = 'address.friend@mail.test';
      expect((await refer(referrer.id, friend)).ok).toBe(true);
      await order('A-2', friend, 3000, { addressKey: '1 main st|12345|us' });
      const held = await referralOf(friend);
      expect(held).toMatchObject({ state: 'blocked', flags: ['self_referral_address'] });
      expect(held.reason).toContain("address of the referrer's orders");
      expect(await rewards(referrer.id)).toEqual([]);

      // approving it completes it: its order was recorded
      expect(await unblockReferral(ctx.db, store(), held.id, 'Owner', ctx.clock.now())).toMatchObject({ state: 'completed' });
      expect((await rewards(referrer.id)).map((entry) => entry.points)).toEqual([500]);
    });

    it('flags a burst of claims from one IP address and disposable mailboxes', async () => {
      const referrer = await member();
      const answers = [];
      for (const n of [1, 2, 3, 4]) answers.push(await refer(referrer.id, `burst.${n}@mail.test`, '203.0.113.9'));
      expect(answers.map((answer) => answer.ok)).toEqual([true, true, true, false]);
      expect(await referralOf('burst.4@mail.test')).toMatchObject({ state: 'blocked', flags: ['ip_burst'] });
      expect(await refer(referrer.id, 'someone@mailinator.com')).toMatchObject({ ok: false });
      expect((await referralOf('someone@mailinator.com')).flags).toEqual(['disposable_email']);
      // the review queue: unblocking issues the coupon, cancelling closes it
      const unblocked = await unblockReferral(ctx.db, store(), (await referralOf('burst.4@mail.test')).id, 'Owner', ctx.clock.now());
      expect(unblocked).toMatchObject({ state: 'pending' });
      expect(unblocked.friend_code).toMatch(/^REF-/);
      const cancelled = await cancelReferral(ctx.db, store(), (await referralOf('someone@mailinator.com')).id, 'fake', 'Owner', ctx.clock.now());
      expect(cancelled).toMatchObject({ state: 'cancelled', reason: 'cancelled by Owner: fake' });
      await expect(unblockReferral(ctx.db, ctx.fixture.storeB.id, cancelled.id, 'Bob', ctx.clock.now())).rejects.toMatchObject({ status: 404 });
    });

    it('waits out the pending window: a refund inside it cancels, otherwise the referrer is rewarded when it ends', async () => {
      await settings({ pending_days: 7 });
      const referrer = await member();
      await refer(referrer.id, 'refund.friend@mail.test');
      await refer(referrer.id, 'keep.friend@mail.test');
      await order('W-1', 'refund.friend@mail.test', 5000);
      await order('W-2', 'keep.friend@mail.test', 5000);
      expect((await referralOf('refund.friend@mail.test')).state).toBe('pending');
      await applyOrderEvents(
        ctx.db,
        store(),
        [{ platform: 'custom', orderExternalId: 'W-1', refunds: [{ refundId: 'rf-1', amountMinor: 5000 }] }],
        ctx.clock.now(),
      );
      expect(await referralOf('refund.friend@mail.test')).toMatchObject({ state: 'cancelled' });
      ctx.clock.advance(8 * DAY);
      expect(await completeDueReferrals(ctx.db, ctx.clock.now())).toBe(1);
      expect(await completeDueReferrals(ctx.db, ctx.clock.now())).toBe(0);
      expect((await referralOf('keep.friend@mail.test')).state).toBe('completed');
      // a refund after the window changes nothing
      await applyOrderEvents(
        ctx.db,
        store(),
        [{ platform: 'custom', orderExternalId: 'W-2', refunds: [{ refundId: 'rf-2', amountMinor: 5000 }] }],
        ctx.clock.now(),
      );
      expect((await referralOf('keep.friend@mail.test')).state).toBe('completed');
      expect((await rewards(referrer.id)).map((entry) => entry.points)).toEqual([500]);
      await settings();
    });

    it('gives a coupon reward with its code, and stops rewarding at the per-referrer limit', async () => {
      await settings({ referrer_reward: { type: 'percentage', value: 5 }, max_rewards_per_referrer: 1 });
      const referrer = await member();
      await refer(referrer.id, 'limit.1@mail.test');
      await refer(referrer.id, 'limit.2@mail.test');
      await order('L-1', 'limit.1@mail.test', 5000);
      await order('L-2', 'limit.2@mail.test', 5000);
      const coupons = await ctx.db.selectFrom('rewards').selectAll().where('customer_id', '=', referrer.id).execute();
      expect(coupons).toHaveLength(1);
      expect(coupons[0]).toMatchObject({ discount_type: 'percentage', discount_value: 5, points_spent: 0 });
      expect(await referralOf('limit.2@mail.test')).toMatchObject({
        state: 'completed',
        reward_entry_id: null,
        reason: 'the referrer reached the limit of 1 referral rewards',
      });
      await settings();
    });

    it("lists the referrer's coupon among the member's rewards as figures, worded in the shopper's language", async () => {
      await settings({ referrer_reward: { type: 'fixed_amount', value: 500 } });
      const referrer = await member();
      await refer(referrer.id, 'worded.friend@mail.test');
      await order('RC-1', 'worded.friend@mail.test', 5000);
      expect(await referralOf('worded.friend@mail.test')).toMatchObject({ state: 'completed', reason: null });
      const state = await getMemberState(ctx.db, store(), referrer.id, ctx.clock.now());
      expect(state?.rewards).toHaveLength(1);
      const [coupon] = state!.rewards;
      expect(coupon).toMatchObject({ referral: { kind: 'amount_off', amountMinor: 500 } });
      const wording = (locale: string) => ({ locale, messages: catalogFor(locale), program: { pointsLabel: 'points', currency: 'USD' } });
      expect(memberRewardTitle(coupon!, wording('en'))).toBe('Referral reward: $5 off coupon');
      expect(memberRewardTitle(coupon!, wording('fr'))).toMatch(/^Récompense de parrainage : coupon de 5\s\$US de réduction$/);
      expect(memberRewardTitle(coupon!, wording('ar'))).toMatch(/^مكافأة الإحالة: قسيمة خصم .*5/);
      await settings();
    });

    it("moves the referrer up a tier as soon as a referral's points reward them, not at their next order", async () => {
      await settings({ referrer_reward: { type: 'points', value: 500 } });
      await saveVipSettings(ctx.db, store(), { enabled: true, basis: 'points', period: 'lifetime', fall_below: 'drop' }, ctx.clock.now());
      const tier = await storeTier(ctx.db, store(), { name: 'Referral Gold', threshold: 400, description: '' }, ctx.clock.now());
      try {
        const referrer = await member();
        await refer(referrer.id, 'tiered.friend@mail.test');
        expect((await memberTier(ctx.db, store(), referrer.id)).tier).toBeNull();
        await order('RT-1', 'tiered.friend@mail.test', 5000);
        expect(await referralOf('tiered.friend@mail.test')).toMatchObject({ state: 'completed' });
        expect(await memberTier(ctx.db, store(), referrer.id)).toMatchObject({ tier: 'Referral Gold', value: 500 });
        const moved = await ctx.db.selectFrom('customers').select('vip_tier').where('id', '=', referrer.id).executeTakeFirstOrThrow();
        expect(moved.vip_tier).toBe('Referral Gold');
      } finally {
        await deleteTier(ctx.db, store(), tier.id);
        await settings();
      }
    });
  },
  { postgres: true },
);
