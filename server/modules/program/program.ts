import { earnRuleIcon, redeemRuleIcon } from '../../../presets/rule-icons.ts';
import type { MemberState, ProgramData, ProgramEarning } from '../../../renderers/context.ts';
import { readAccount, type Executor } from '../../domain/ledger/index.ts';
import { expireDueRewards, orderRate, rewardDiscount, type EarningRule } from '../rules/index.ts';
import { programWords } from '../stores/index.ts';
import { shopperAction } from './earn-actions.ts';
import { exclusiveRedeems, memberTierProgress, programTiers, seesRedeem, tierIdOf, type ExclusiveRedeem } from '../vip/index.ts';
import { rewardCodeStatuses, shopperCodeStatus } from '../platforms/index.ts';
import { isReferralCoupon, memberReferrals, readReferralSettings, referralCode, referralLink, referralOffer } from '../referrals/index.ts';

async function storeBasics(db: Executor, storeId: number) {
  const store = await db.selectFrom('stores').select(['settings', 'store_name', 'domain', 'website']).where('id', '=', storeId).executeTakeFirstOrThrow();
  const words = programWords(store.settings);
  return { store, words, pointsLabel: words.pointsLabel, currency: words.currency };
}

/** What the active earning rules give, for texts that state them ({earn_rate}, {signup_points}, {birthday_points}): the first rule of each type. */
function programEarning(active: EarningRule[]): ProgramEarning {
  const first = (type: string) => active.find((rule) => rule.type === type);
  const order = first('order');
  const signup = first('signup');
  const birthday = first('birthday');
  return {
    ...(order ? { orderRate: orderRate(order) } : {}),
    ...(signup ? { signupPoints: signup.points } : {}),
    ...(birthday ? { birthdayPoints: birthday.points } : {}),
  };
}

/**
 * The program as shoppers see it (renderers' ProgramData): active ways to earn and to redeem.
 * A `shopper` (a member's customer id, or null for a visitor) sees only the ways to redeem open
 * to them: one kept for some VIP tiers (an exclusive_redeem perk) only by members of those tiers;
 * without a shopper (the console's preview) every way is listed.
 */
export async function getProgramData(db: Executor, storeId: number, now = new Date(), shopper?: { customerId: number | null }): Promise<ProgramData> {
  const { words, pointsLabel, currency } = await storeBasics(db, storeId);
  const [earning, allRedeeming, referral, tiers, exclusives, tierId] = await Promise.all([
    db.selectFrom('earning_rules').selectAll().where('store_id', '=', storeId).where('status', '=', 'active').orderBy('id').execute(),
    db.selectFrom('redeem_rules').selectAll().where('store_id', '=', storeId).where('status', '=', 'active').orderBy('points_cost').orderBy('id').execute(),
    readReferralSettings(db, storeId),
    programTiers(db, storeId, words, currency, now),
    shopper ? exclusiveRedeems(db, storeId) : Promise.resolve(new Map<number, ExclusiveRedeem>()),
    shopper?.customerId ? tierIdOf(db, storeId, shopper.customerId) : Promise.resolve(null),
  ]);
  const redeeming = allRedeeming.filter((rule) => seesRedeem(exclusives, rule.id, tierId));
  return {
    pointsLabel,
    ...(words.pointsLabelSingular ? { pointsLabelSingular: words.pointsLabelSingular } : {}),
    earning: programEarning(earning),
    // what the rules give travels as figures: the renderers word them in the shopper's language
    waysToEarn: earning.map((rule) => {
      const action = shopperAction(rule);
      const rate = orderRate(rule);
      return {
        id: String(rule.id),
        title: rule.title,
        ...(rate ? { rate } : { points: rule.points }),
        icon: earnRuleIcon(rule.type),
        ...(action ? { action } : {}),
      };
    }),
    waysToRedeem: redeeming.map((rule) => {
      const discount = rewardDiscount(rule);
      return { id: String(rule.id), title: rule.title, cost: rule.points_cost, ...(discount ? { discount } : {}), icon: redeemRuleIcon(rule.type) };
    }),
    vipTiers: tiers.tiers,
    tierBasis: tiers.basis,
    currency,
    // the store's referral offer (spec §9's until it saves its own), as figures like the ways
    referral: { referrer: referralOffer(referral.referrer_reward), referee: referralOffer(referral.friend_reward) },
  };
}

/** A member's state for the storefront (renderers' MemberState), after due points were released and lapsed rewards expired. */
export async function getMemberState(db: Executor, storeId: number, customerId: number, now = new Date()): Promise<MemberState | null> {
  const customer = await db.selectFrom('customers').selectAll().where('id', '=', customerId).where('store_id', '=', storeId).executeTakeFirst();
  if (!customer) return null;
  const { store } = await storeBasics(db, storeId);
  const totals = await readAccount(db, storeId, customerId, now);
  await expireDueRewards(db, now, { storeId, customerId });
  const [rewards, last] = await Promise.all([
    db
      .selectFrom('rewards')
      .leftJoin('ledger_entries', 'ledger_entries.id', 'rewards.entry_id')
      .selectAll('rewards')
      .select('ledger_entries.type as entry_type')
      .where('rewards.store_id', '=', storeId)
      .where('rewards.customer_id', '=', customerId)
      // rolled back rewards are left out, but for those the shop refused: the shopper reads why
      .where((eb) =>
        eb.or([
          eb('rewards.status', '!=', 'rolled_back'),
          eb.exists(
            eb.selectFrom('reward_codes').select('id').whereRef('reward_codes.reward_id', '=', 'rewards.id').where('reward_codes.state', '=', 'refused'),
          ),
        ]),
      )
      .orderBy('rewards.id', 'desc')
      .limit(50)
      .execute(),
    db
      .selectFrom('ledger_entries')
      .select('points')
      .where('store_id', '=', storeId)
      .where('customer_id', '=', customerId)
      .where('points', '>', 0)
      .orderBy('id', 'desc')
      .limit(1)
      .executeTakeFirst(),
  ]);
  const codes = await rewardCodeStatuses(
    db,
    storeId,
    rewards.map((reward) => reward.id),
  );
  const origin = store.website || (store.domain ? `https://${store.domain}` : '');
  return {
    customerId: String(customer.id),
    firstName: customer.first_name,
    fullName: `${customer.first_name} ${customer.last_name}`.trim(),
    email: customer.email,
    pointsBalance: totals.balance,
    pendingPoints: totals.pending,
    lifetimePoints: totals.lifetime,
    ...(last ? { pointsEarned: last.points } : {}),
    tier: await memberTierProgress(db, storeId, customerId),
    rewards: rewards.map((reward) => ({
      // status: active, used or expired (an expired code no longer works; its points are not given back)
      id: String(reward.id),
      title: reward.title,
      // a referrer's coupon travels as figures: the renderers word it in the shopper's language
      ...(reward.entry_type === 'referral_reward' && isReferralCoupon(reward.discount_type)
        ? { referral: referralOffer({ type: reward.discount_type, value: reward.discount_value }) }
        : {}),
      code: reward.code,
      used: reward.status === 'used',
      status: reward.status === 'rolled_back' ? 'refunded' : reward.status, // the only rolled back rewards kept are the refused ones
      ...(reward.expires_at ? { expiresAt: reward.expires_at.toISOString().slice(0, 10) } : {}),
      ...shopperCodeStatus(codes.get(reward.id)),
    })),
    referralLink: referralLink(origin, await referralCode(db, storeId, customerId, now)),
    referralsEarned: customer.referral_count,
    referrals: await memberReferrals(db, storeId, customerId),
    ...(customer.birthday ? { birthday: customer.birthday } : {}),
    joinedAt: customer.created_at.toISOString().slice(0, 10),
  };
}
