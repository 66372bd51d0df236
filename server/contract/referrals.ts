import { z } from 'zod';
import { DEFAULT_REFERRAL_SETTINGS, referralSettingsBody, type ReferralFigures, type ReferralSettings } from '../domain/schemas/referral-settings.ts';
import { emailField, idField } from './common.ts';

/** POST /referral-setting/store (GET /referral-setting answers the same shape). */
export { DEFAULT_REFERRAL_SETTINGS, referralSettingsBody, type ReferralFigures, type ReferralSettings };

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
