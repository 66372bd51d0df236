import { sql } from 'kysely';
import type { Db } from '../../db/connection.ts';
import { json } from '../../db/normalize.ts';
import type { Store } from '../../db/schema.ts';
import { inTransaction } from '../../domain/ledger/index.ts';
import { createRedeemRule, updateRedeemRule } from './redeem.ts';
import { redeemRuleBody } from './contract/redeem-rules.ts';

export interface OnboardingReward {
  title: string;
  discount_type: 'percentage' | 'fixed_amount' | 'free_shipping';
  discount_value: number;
  points_cost: number;
}

/**
 * The first reward chosen during onboarding becomes a real way to redeem: created the first time,
 * updated when the merchant comes back and changes it (the rule's id is kept with the reward in
 * the store settings), so calling it again never adds a second rule.
 */
export async function saveOnboardingReward(db: Db, store: Store, reward: OnboardingReward, now: Date) {
  return inTransaction(db, async (trx) => {
    const current = await trx.selectFrom('stores').select('settings').where('id', '=', store.id).forUpdate().executeTakeFirstOrThrow();
    const saved = (current.settings as { onboarding_coupon_reward?: { redeem_rule_id?: number } }).onboarding_coupon_reward;
    const rule = redeemRuleBody.parse({
      type: reward.discount_type,
      title: reward.title,
      points_cost: reward.points_cost,
      discount_value: reward.discount_type === 'free_shipping' ? 0 : reward.discount_value,
    });
    const updated = saved?.redeem_rule_id ? await updateRedeemRule(trx, store.id, saved.redeem_rule_id, rule, now) : undefined;
    const redeemRule = updated ?? (await createRedeemRule(trx, store.id, rule, now));
    await trx
      .updateTable('stores')
      .set((eb) => ({
        settings: sql`jsonb_set(${eb.ref('settings')}, '{onboarding_coupon_reward}', ${json({ ...reward, redeem_rule_id: redeemRule.id })}::jsonb)`,
      }))
      .where('id', '=', store.id)
      .execute();
    return { reward, redeemRule };
  });
}
