/** Kinds of ledger entries, the referral and tier rewards among them. */
export const ENTRY_TYPES = [
  'order_earn',
  'action_earn',
  'adjustment',
  'redemption',
  'redemption_rollback',
  'refund_clawback',
  'expiry',
  'award',
  'release',
  'referral_reward',
  'tier_reward',
] as const;
export type EntryType = (typeof ENTRY_TYPES)[number];
