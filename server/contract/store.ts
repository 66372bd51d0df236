/** Stores, switching, settings and channels: the stores module's contract; the onboarding reward: the rules module's, which makes it a way to redeem. */
export * from '../modules/stores/contract.ts';
export { onboardingCouponBody } from '../modules/rules/contract/redeem-rules.ts';
