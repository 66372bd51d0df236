/** Coupons: the rules module's contract. */
export * from '../modules/rules/contract/coupons.ts';
