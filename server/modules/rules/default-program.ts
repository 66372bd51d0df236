/** The program a store created by a platform install starts with (the server hands it to the platforms' install). */
import type { Executor } from '../../domain/ledger/index.ts';
import { earningRuleBody } from './contract/earning-rules.ts';
import { redeemRuleBody } from './contract/redeem-rules.ts';
import { createEarningRule } from './earning.ts';
import { createRedeemRule } from './redeem.ts';

/**
 * The spec's default program (§9): 1 point per $1 spent, 50 points for signing up, $5 off for
 * 500 points; a new store starts with it and the merchant edits it from onboarding.
 */
export async function createDefaultProgram(db: Executor, storeId: number, now: Date): Promise<void> {
  await createEarningRule(db, storeId, earningRuleBody.parse({ type: 'order', title: 'Place an order', points: 1 }), now);
  await createEarningRule(db, storeId, earningRuleBody.parse({ type: 'signup', title: 'Sign up', points: 50, limit_type: 'once' }), now);
  await createRedeemRule(db, storeId, redeemRuleBody.parse({ type: 'fixed_amount', title: '$5 off coupon', points_cost: 500, discount_value: 500 }), now);
}
