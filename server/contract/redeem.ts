/** Ways to redeem and redeeming for a customer: the rules module's contract. */
export * from '../modules/rules/contract/redeem-rules.ts';
