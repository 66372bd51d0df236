import { json } from '../../db/normalize.ts';
import type { ReferralOffer } from '../../../renderers/context.ts';
import { referralOfferText, type PointsWords } from '../../../renderers/format/index.ts';
import { DEFAULT_WORDS, englishWording } from '../stores/index.ts';
import type { Executor } from '../../domain/ledger/index.ts';
import { DEFAULT_REFERRAL_SETTINGS, referralSettingsBody, type ReferralRewardKind, type ReferralSettings } from './contract.ts';

/** The store's referral settings, the spec §9 defaults where it saved none. */
export async function readReferralSettings(db: Executor, storeId: number): Promise<ReferralSettings> {
  const row = await db.selectFrom('referral_settings').select('settings').where('store_id', '=', storeId).executeTakeFirst();
  const parsed = referralSettingsBody.safeParse(row?.settings ?? {});
  return parsed.success ? parsed.data : { ...DEFAULT_REFERRAL_SETTINGS };
}

export async function saveReferralSettings(db: Executor, storeId: number, settings: ReferralSettings, now: Date): Promise<ReferralSettings> {
  const valid = referralSettingsBody.parse(settings);
  await db
    .insertInto('referral_settings')
    .values({ store_id: storeId, settings: json(valid), updated_at: now })
    .onConflict((oc) => oc.column('store_id').doUpdateSet({ settings: json(valid), updated_at: now }))
    .execute();
  return valid;
}

/**
 * Spec "referral-setting/delete/referralpoints": the referrer no longer earns points; the reward
 * goes back to the spec §9 default (a 5% off coupon). A coupon reward is left as it is.
 */
export async function removeReferralPoints(db: Executor, storeId: number, now: Date): Promise<ReferralSettings> {
  const settings = await readReferralSettings(db, storeId);
  if (settings.referrer_reward.type !== 'points') return settings;
  return saveReferralSettings(db, storeId, { ...settings, referrer_reward: { ...DEFAULT_REFERRAL_SETTINGS.referrer_reward } }, now);
}

/** A referral reward's figures, as the renderers word it in the shopper's language. */
export function referralOffer(reward: { type: ReferralRewardKind; value: number }): ReferralOffer {
  if (reward.type === 'points') return { kind: 'points', points: reward.value };
  return reward.type === 'fixed_amount' ? { kind: 'amount_off', amountMinor: reward.value } : { kind: 'percent_off', percent: reward.value };
}

/** Whether a coupon's discount type is one a referral gives (an amount or a percentage off). */
export const isReferralCoupon = (type: string): type is Exclude<ReferralRewardKind, 'points'> => type === 'fixed_amount' || type === 'percentage';

/** A reward in the console's words (English, through the renderers' wording): "$5 off coupon", "5% off coupon", "500 points". */
export function describeReferralReward(reward: { type: ReferralRewardKind; value: number }, currency: string, words: PointsWords = DEFAULT_WORDS): string {
  return referralOfferText(referralOffer(reward), englishWording({ ...words, currency }));
}
