import { z } from 'zod';
import { emailField, idField } from '../../domain/schemas/fields.ts';

/**
 * The referrals module's zod schemas and answer shapes (zod only: server/contract/referrals.ts
 * re-exports them and the console bundles them). The module validates the settings it stores with
 * the same schema as the console's form.
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

/** POST /referral-setting/store (GET /referral-setting answers the same shape). */
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

export const REFERRAL_STATES = ['pending', 'completed', 'cancelled', 'blocked'] as const;
export type ReferralStateName = (typeof REFERRAL_STATES)[number];

/** Data host POST transaction/referrals: the store's referrals (or one customer's), newest first, with the figures. */
export const referralListBody = z.strictObject({
  customer_id: idField.optional(),
  state: z.enum(REFERRAL_STATES).optional(),
  search: z.string().trim().max(100).optional(),
  limit: z.number().int().min(1).max(100).default(20),
  page: z.number().int().min(1).max(100_000).default(1),
});

/** Data host POST referral/cancel and referral/unblock. */
export const referralCancelBody = z.strictObject({ id: idField, reason: z.string().trim().max(500).optional() });
export const referralUnblockBody = z.strictObject({ id: idField });

export interface ReferralRow {
  id: number;
  referrer: { id: number; name: string; email: string };
  friend_email: string;
  friend_code: string | null;
  state: ReferralStateName;
  reason: string | null;
  flags: string[];
  order_number: string | null;
  order_total_minor: number | null;
  order_currency: string | null;
  completes_at: string | null;
  completed_at: string | null;
  rewarded: boolean;
  created_at: string;
}

export interface ReferralListAnswer {
  data: ReferralRow[];
  total: number;
  page: number;
  limit: number;
  figures: ReferralFigures;
}

/** Storefront POST {store key}/referral/visit: a visitor opened a referral link (`?ref={code}`). */
export const referralVisitBody = z.strictObject({
  code: z.string().trim().min(1, 'The referral code is missing.').max(40),
  visitor: z.string().trim().max(64).optional(),
  device: z.string().trim().max(100).optional(),
});

/** Storefront POST {store key}/referral/coupon: how the shop stands with the friend coupon the visitor took. */
export const referralCouponBody = z.strictObject({
  visitor: z.string().trim().min(16, 'Open the referral link again.').max(64),
  code: z.string().trim().min(1, 'The coupon code is missing.').max(40),
});

/** Storefront POST {store key}/referral/claim: the friend takes the coupon with their e-mail. */
export const referralClaimBody = z.strictObject({
  visitor: z.string().trim().min(16, 'Open the referral link again.').max(64),
  email: emailField,
  device: z.string().trim().max(100).optional(),
});
