/**
 * The rules module: earning rules (orders, the member's actions, custom events through the API),
 * ways to redeem and the rewards they give (the onboarding reward among them), coupons, points expiry and the impact preview of a
 * rule change, with their routes. The orders call it with each order in its neutral shape. Other
 * modules import this file only; the console reads `contract/` (zod only) through
 * server/contract/points.ts, redeem.ts, coupons.ts and apps.ts.
 */
export * from './service.ts';
export { pointsRoutes } from './earning-routes.ts';
export { redeemRoutes } from './redeem-routes.ts';
export { couponRoutes } from './coupon-routes.ts';
export { impactPreviewRoutes } from './preview-routes.ts';
export { onboardingRewardRoutes } from './onboarding-routes.ts';
