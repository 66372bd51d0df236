/** The program's emails, each with its page (nav order). */
export const EMAIL_SUB_ITEMS: ReadonlyArray<readonly [string, string]> = [
  ['Referral Sent', '/emails/referral-received'],
  ['Referral Completed', '/emails/referral-completed'],
  ['Points Earned', '/emails/points-earned'],
  ['Reward Redeemed', '/emails/reward-redeemed'],
  ['Birthday', '/emails/birthday'],
  ['Anniversary', '/emails/anniversary'],
  ['Tier switch', '/emails/loyalty-tier-update'],
  ['Early points expiry', '/emails/early-points-expiry'],
  ['Final points expiry', '/emails/final-points-expiry'],
];
