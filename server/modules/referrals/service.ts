/** Referrals: settings, links and visits, the friend's coupon, completion through orders, fraud review. */
export type { FraudFlag, FriendReward, Referral, ReferralState } from './tables.ts';
export { describeReferralReward, isReferralCoupon, readReferralSettings, referralOffer, removeReferralPoints, saveReferralSettings } from './settings.ts';
export { NOT_COMPLETED, ReferralError, referralCode, referralLink, referrerOfCode } from './links.ts';
export { FLAG_REASONS } from './fraud.ts';
export {
  cancelReferral,
  claimFriendCoupon,
  completeDueReferrals,
  friendCouponReferral,
  recordVisit,
  sendInvite,
  settleReferralOrders,
  unblockReferral,
  type ClaimAnswer,
  type ReferralOrder,
  type VisitAnswer,
} from './engine.ts';
export { listReferrals, maskEmail, memberReferrals, referralFigures, type ReferralFigures, type ReferralFilter } from './list.ts';
