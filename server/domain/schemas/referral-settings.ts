import { z } from 'zod';

/**
 * A store's referral program. The domain validates what it stores with this schema;
 * the API contract re-exports it, so the console's form uses the same rules.
 */
const MAX_MINOR = 100_000_000;

/** What the friend gets: a coupon (fixed amount in minor units, or a percentage). */
const friendReward = z
  .strictObject({
    type: z.enum(['fixed_amount', 'percentage']),
    value: z.number().int().min(1).max(MAX_MINOR),
  })
  .superRefine((reward, ctx) => {
    if (reward.type === 'percentage' && reward.value > 100) ctx.addIssue({ code: 'custom', path: ['value'], message: 'A percentage is between 1 and 100.' });
  });

/** What the referrer gets: points, or a coupon like the friend's. */
const referrerReward = z
  .strictObject({
    type: z.enum(['points', 'fixed_amount', 'percentage']),
    value: z.number().int().min(1).max(MAX_MINOR),
  })
  .superRefine((reward, ctx) => {
    if (reward.type === 'percentage' && reward.value > 100) ctx.addIssue({ code: 'custom', path: ['value'], message: 'A percentage is between 1 and 100.' });
    if (reward.type === 'points' && reward.value > 1_000_000)
      ctx.addIssue({ code: 'custom', path: ['value'], message: 'At most 1,000,000 points per referral.' });
  });

/** Spec §9: give a $5 off coupon, get a 5% off coupon. */
export const DEFAULT_REFERRAL_SETTINGS = {
  enabled: true,
  friend_reward: { type: 'fixed_amount' as const, value: 500 },
  referrer_reward: { type: 'percentage' as const, value: 5 },
  friend_min_order_minor: 0,
  /** days after the friend's paid order before the referrer is rewarded; a refund inside cancels */
  pending_days: 0,
  /** a referral link's visit is remembered this many days (first touch wins) */
  visit_days: 30,
  /** rewards one referrer may get in all; null = no limit */
  max_rewards_per_referrer: null as number | null,
  /** days the issued coupons stay valid; null = no expiry */
  coupon_expiry_days: null as number | null,
  /** more claims than this from one IP address or device within the window are held for review */
  burst_max: 3,
  burst_minutes: 60,
  block_disposable_emails: true,
};

export const referralSettingsBody = z.strictObject({
  enabled: z.boolean().default(DEFAULT_REFERRAL_SETTINGS.enabled),
  friend_reward: friendReward.default(DEFAULT_REFERRAL_SETTINGS.friend_reward),
  referrer_reward: referrerReward.default(DEFAULT_REFERRAL_SETTINGS.referrer_reward),
  friend_min_order_minor: z.number().int().min(0).max(MAX_MINOR).default(0),
  pending_days: z.number().int().min(0).max(365, 'At most 365 days.').default(DEFAULT_REFERRAL_SETTINGS.pending_days),
  visit_days: z.number().int().min(1, 'At least 1 day.').max(365, 'At most 365 days.').default(DEFAULT_REFERRAL_SETTINGS.visit_days),
  max_rewards_per_referrer: z.number().int().min(1, 'At least 1, or no limit.').max(100_000).nullable().default(null),
  coupon_expiry_days: z.number().int().min(1, 'At least 1 day, or no expiry.').max(3650).nullable().default(null),
  burst_max: z.number().int().min(1).max(1000).default(DEFAULT_REFERRAL_SETTINGS.burst_max),
  burst_minutes: z.number().int().min(1).max(10_080).default(DEFAULT_REFERRAL_SETTINGS.burst_minutes),
  block_disposable_emails: z.boolean().default(true),
});
export type ReferralSettings = z.infer<typeof referralSettingsBody>;
export type ReferralRewardKind = ReferralSettings['referrer_reward']['type'];

/** The referral figures the console shows. */
export interface ReferralFigures {
  /** friends who took the coupon through a link */
  sent: number;
  /** invitations members e-mailed */
  invited: number;
  completed: number;
  pending: number;
  blocked: number;
  cancelled: number;
  /** what the referred orders came to (pending and completed referrals), minor units */
  revenue_minor: number;
}
