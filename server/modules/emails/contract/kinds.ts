/**
 * The nine program emails (spec §2 names and routes). `key` is the route slug and the id used by
 * the template calls; `tags` are the placeholders each email may use beyond the common ones.
 */
export const COMMON_TAGS = [
  'first_name',
  'full_name',
  'customer_name',
  'loyalty_points_balance',
  'points_label',
  'points_label_singular',
  'store_name',
  'unsubscribe_url',
] as const;

export const EMAIL_KINDS = [
  { key: 'referral-received', name: 'Referral Sent', tags: ['referrer_name', 'referral_link', 'referral_reward'] },
  { key: 'referral-completed', name: 'Referral Completed', tags: ['referrals_earned', 'referral_reward', 'reward_code'] },
  { key: 'points-earned', name: 'Points Earned', tags: ['points_earned', 'order_number'] },
  { key: 'reward-redeemed', name: 'Reward Redeemed', tags: ['reward_name', 'reward_code', 'points_spent'] },
  { key: 'birthday', name: 'Birthday', tags: ['points_earned'] },
  { key: 'anniversary', name: 'Anniversary', tags: ['points_earned', 'member_since'] },
  { key: 'loyalty-tier-update', name: 'Tier switch', tags: ['tier_name', 'previous_tier_name'] },
  { key: 'early-points-expiry', name: 'Early points expiry', tags: ['expiring_points', 'expiry_date'] },
  { key: 'final-points-expiry', name: 'Final points expiry', tags: ['expiring_points', 'expiry_date'] },
] as const;

export type EmailKind = (typeof EMAIL_KINDS)[number];
export type EmailKey = EmailKind['key'];
export const EMAIL_KEYS = EMAIL_KINDS.map((kind) => kind.key) as [EmailKey, ...EmailKey[]];

export function emailKind(key: string): EmailKind | undefined {
  return EMAIL_KINDS.find((kind) => kind.key === key);
}

/** Every placeholder an email may use: the common ones, then its own. */
export function tagsFor(key: EmailKey): string[] {
  return [...COMMON_TAGS, ...(emailKind(key)?.tags ?? [])];
}

/** What a tag stands for, shown in the editors' merge-tag lists. */
export const TAG_LABELS: Record<string, string> = {
  first_name: 'First name',
  full_name: 'Full name',
  customer_name: 'Customer name',
  loyalty_points_balance: 'Points balance',
  points_label: 'Points label',
  points_label_singular: 'Points label (one)',
  store_name: 'Store name',
  unsubscribe_url: 'Unsubscribe link',
  referrer_name: 'Referrer name',
  referral_link: 'Referral link',
  referral_reward: 'Referral reward',
  referrals_earned: 'Referrals earned',
  reward_code: 'Reward code',
  points_earned: 'Points earned',
  order_number: 'Order number',
  reward_name: 'Reward name',
  points_spent: 'Points spent',
  member_since: 'Member since',
  tier_name: 'Tier name',
  previous_tier_name: 'Previous tier',
  expiring_points: 'Expiring points',
  expiry_date: 'Expiry date',
};

export { EXPIRY_REMINDER_DEFAULTS, EXPIRY_REMINDER_MAX_DAYS } from '../../../domain/schemas/expiry-reminders.ts';

/** Which editor made a design: the simple form, Unlayer (visual, online) or the built-in editor (offline). */
export const EMAIL_EDITORS = ['simple', 'unlayer', 'builder'] as const;
export type EmailEditor = (typeof EMAIL_EDITORS)[number];
