/** The earning and redeem rules: what earns points (orders, actions, custom events), the rewards points buy, coupons and expiry. */
export { claimAction, setBirthday } from './actions.ts';
export { createDefaultProgram } from './default-program.ts';
export { awardAnniversaries } from './anniversary.ts';
export { createEarningRule } from './earning.ts';
export { RedeemError } from './errors.ts';
export { storeExpiryDays } from './expiry.ts';
export { previewImpact } from './impact-preview.ts';
export { limitRefusal } from './limits.ts';
export { activeOrderRules, describeRule, orderConfig, orderEarn, orderRate } from './order-earn.ts';
export { saveOnboardingReward, type OnboardingReward } from './onboarding-reward.ts';
export { couponCode, createRedeemRule, describeReward, presentReward, redeemReward, rewardDiscount, rollbackReward, updateRedeemRule } from './redeem.ts';
export { expireDueRewards, useRewardCode } from './reward-expiry.ts';
export type { EarningRule, Reward } from './tables.ts';
