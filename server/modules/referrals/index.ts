/**
 * The referrals module: the program's settings, members' links and the visits they bring, the
 * friend's coupon, completion through the friend's orders (handed over by the orders), fraud
 * review, and the routes. Other modules import this file only; the console reads `contract.ts`
 * (zod only) through server/contract/referrals.ts.
 */
export * from './service.ts';
export { dataReferralRoutes, referralSettingRoutes } from './routes.ts';
