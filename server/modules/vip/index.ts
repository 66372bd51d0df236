/**
 * The VIP module: tiers, perks and settings, each member's tier and its moves, automatic
 * discounts, the job applying a change to every member, and the routes. Other modules import this
 * file only; the console reads `contract.ts` (zod only) through server/contract/vip.ts.
 */
export * from './service.ts';
export { dataVipRoutes, vipRoutes } from './routes.ts';
export { discountRoutes, presentDiscount } from './discount-routes.ts';
