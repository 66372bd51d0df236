/** Referral settings, the referrals list and the storefront's referral calls: the referrals module's contract. */
export * from '../modules/referrals/contract.ts';
