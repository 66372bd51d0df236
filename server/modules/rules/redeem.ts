import { randomBytes } from 'node:crypto';
import { json } from '../../db/normalize.ts';
import { redeemConfig, type RedeemRuleBody } from './contract/redeem-rules.ts';
import { debit, inTransaction, reverseDebit, type Executor } from '../../domain/ledger/index.ts';
import type { RewardDiscount } from '../../../renderers/context.ts';
import { formatDiscount } from '../../../renderers/format/index.ts';
import { DEFAULT_WORDS, englishWording } from '../stores/index.ts';
import { RedeemError } from './errors.ts';
import { useRefusal } from './reward-expiry.ts';
import type { RedeemRule, Reward } from './tables.ts';
import { queueRewardRedeemedEmail } from '../emails/index.ts';
import { exclusiveRefusal } from '../vip/index.ts';
import { codeStatusFields, queueRewardCode, retireRewardCodes, type CodeStatus } from '../platforms/index.ts';

const DAY = 86_400_000;
const CODE_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';

/** A coupon code no one can guess: 10 characters without look-alikes. */
export function couponCode(prefix = 'LS'): string {
  const bytes = randomBytes(10);
  return `${prefix}-${[...bytes].map((byte) => CODE_ALPHABET[byte % CODE_ALPHABET.length]).join('')}`;
}

export { RedeemError } from './errors.ts';

export async function createRedeemRule(db: Executor, storeId: number, body: RedeemRuleBody, now: Date): Promise<RedeemRule> {
  return db
    .insertInto('redeem_rules')
    .values({
      store_id: storeId,
      type: body.type,
      title: body.title,
      status: body.status,
      points_cost: body.points_cost,
      discount_value: body.discount_value,
      config: json(body.config),
      created_at: now,
      updated_at: now,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function updateRedeemRule(db: Executor, storeId: number, id: number, body: RedeemRuleBody, now: Date): Promise<RedeemRule | undefined> {
  return db
    .updateTable('redeem_rules')
    .set({
      type: body.type,
      title: body.title,
      status: body.status,
      points_cost: body.points_cost,
      discount_value: body.discount_value,
      config: json(body.config),
      updated_at: now,
    })
    .where('id', '=', id)
    .where('store_id', '=', storeId)
    .returningAll()
    .executeTakeFirst();
}

export async function findRedeemRule(db: Executor, storeId: number, id: number): Promise<RedeemRule | undefined> {
  return db.selectFrom('redeem_rules').selectAll().where('id', '=', id).where('store_id', '=', storeId).executeTakeFirst();
}

/** Deletes a way to redeem (the rewards it issued stay); false when the store has no such rule. */
export async function deleteRedeemRule(db: Executor, storeId: number, id: number): Promise<boolean> {
  return (await db.deleteFrom('redeem_rules').where('id', '=', id).where('store_id', '=', storeId).returning('id').executeTakeFirst()) !== undefined;
}

export async function listRedeemRules(
  db: Executor,
  storeId: number,
  options: { status?: 'active' | 'inactive' | 'all'; limit?: number; offset?: number } = {},
) {
  let query = db.selectFrom('redeem_rules').where('store_id', '=', storeId);
  if (options.status && options.status !== 'all') query = query.where('status', '=', options.status);
  const [rows, count] = await Promise.all([
    query
      .selectAll()
      .orderBy('points_cost')
      .orderBy('id')
      .limit(options.limit ?? 1000)
      .offset(options.offset ?? 0)
      .execute(),
    query.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.n) };
}

/** What a way to redeem gives, as the renderers word it; undefined for a variable reward without its steps. */
export function rewardDiscount(rule: Pick<RedeemRule, 'type' | 'discount_value' | 'config'>): RewardDiscount | undefined {
  switch (rule.type) {
    case 'fixed_amount':
      return { kind: 'amount_off', amountMinor: rule.discount_value };
    case 'percentage':
      return { kind: 'percent_off', percent: rule.discount_value };
    case 'free_shipping':
      return { kind: 'free_shipping' };
    case 'free_product':
      return { kind: 'free_product' };
    case 'variable': {
      const config = redeemConfig.safeParse(rule.config);
      const { points_per_step: points, step_value_minor: amountMinor } = config.success ? config.data : {};
      return points && amountMinor ? { kind: 'amount_per_points', amountMinor, points } : undefined;
    }
    default:
      return undefined;
  }
}

/** What a reward gives, in the console's words: "$5 off", "10% off", "Free shipping" (a variable reward: its title). */
export function describeReward(rule: Pick<RedeemRule, 'type' | 'discount_value' | 'title'>, currency = 'USD'): string {
  const discount = rule.type === 'variable' ? undefined : rewardDiscount({ ...rule, config: {} });
  return discount ? formatDiscount(discount, englishWording({ ...DEFAULT_WORDS, currency })) : rule.title;
}

/** Points and value of a redemption; variable rewards turn points into an amount in steps. */
function priceOf(rule: RedeemRule, requested: number | undefined): { points: number; value: number } {
  if (rule.type !== 'variable') return { points: rule.points_cost, value: rule.discount_value };
  const config = redeemConfig.parse(rule.config);
  const step = config.points_per_step ?? 1;
  const points = Math.floor((requested ?? config.min_points ?? step) / step) * step;
  if (points < step || (config.min_points && points < config.min_points) || (config.max_points && points > config.max_points)) {
    throw new RedeemError(
      422,
      `Choose between ${config.min_points ?? step} and ${config.max_points ?? 'any number of'} points in steps of ${step}.`,
      'invalid_points',
    );
  }
  return { points, value: (points / step) * (config.step_value_minor ?? 0) };
}

/**
 * Spends points on a way to redeem and issues a unique coupon code, in one transaction: not
 * enough points → InsufficientPointsError ("Not enough points") and nothing is spent.
 */
export async function redeemReward(
  db: Executor,
  input: { storeId: number; customerId: number; redeemId: number; points?: number; requestId?: string },
  now: Date,
): Promise<Reward> {
  return inTransaction(db, async (trx) => {
    const rule = await trx.selectFrom('redeem_rules').selectAll().where('id', '=', input.redeemId).where('store_id', '=', input.storeId).executeTakeFirst();
    if (!rule || rule.status !== 'active') throw new RedeemError(404, 'Reward not found.', 'not_found');
    // a way to redeem kept for some VIP tiers (an exclusive_redeem perk)
    const exclusive = await exclusiveRefusal(trx, input.storeId, input.customerId, rule.id);
    if (exclusive) throw new RedeemError(403, exclusive, 'tier_exclusive');
    const { points, value } = priceOf(rule, input.points);
    const config = redeemConfig.parse(rule.config);
    const sourceId = input.requestId ?? randomBytes(12).toString('hex');
    const { entry, duplicate } = await debit(
      trx,
      {
        storeId: input.storeId,
        customerId: input.customerId,
        type: 'redemption',
        points,
        sourceType: 'redemption',
        sourceId,
        ruleKey: `redeem:${rule.id}`,
        computation: `redeemed ${points} points for ${rule.title} (${describeReward({ ...rule, discount_value: value })})`,
      },
      now,
    );
    if (duplicate) return trx.selectFrom('rewards').selectAll().where('entry_id', '=', entry.id).executeTakeFirstOrThrow();
    const reward = await trx
      .insertInto('rewards')
      .values({
        store_id: input.storeId,
        customer_id: input.customerId,
        redeem_rule_id: rule.id,
        entry_id: entry.id,
        code: couponCode(config.code_prefix || undefined),
        title: rule.title,
        discount_type: rule.type,
        discount_value: value,
        points_spent: points,
        config: json(config),
        expires_at: config.reward_expiry_days ? new Date(now.getTime() + config.reward_expiry_days * DAY) : null,
        created_at: now,
        updated_at: now,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    // a connected store's discounts get the code (a job, committed with the points spent)
    await queueRewardCode(trx, reward, now);
    await queueRewardRedeemedEmail(trx, reward, now);
    return reward;
  });
}

/** Gives the points of an unused reward back (the coupon stops working); a used or expired one is refused. */
export async function rollbackReward(db: Executor, storeId: number, rewardId: number, reason: string | null, now: Date): Promise<Reward> {
  return inTransaction(db, async (trx) => {
    const reward = await trx.selectFrom('rewards').selectAll().where('id', '=', rewardId).where('store_id', '=', storeId).forUpdate().executeTakeFirst();
    if (!reward) throw new RedeemError(404, 'Reward not found.', 'not_found');
    if (reward.status === 'rolled_back') return reward;
    // a used or expired reward keeps its points spent (see expireDueRewards)
    const refusal = useRefusal(reward, now);
    if (refusal) throw refusal;
    await reverseDebit(
      trx,
      reward.entry_id,
      {
        storeId,
        customerId: reward.customer_id,
        type: 'redemption_rollback',
        computation: `reward ${reward.code} refunded: ${reward.points_spent} points back`,
        reason,
      },
      now,
    );
    await retireRewardCodes(trx, [reward.id], now);
    return trx.updateTable('rewards').set({ status: 'rolled_back', updated_at: now }).where('id', '=', reward.id).returningAll().executeTakeFirstOrThrow();
  });
}

/** A reward as the API answers it; `platform`: its code on the shop's platform, when read with it. */
export function presentReward(reward: Reward & { platform?: CodeStatus }) {
  return {
    id: reward.id,
    title: reward.title,
    code: reward.code,
    discount_type: reward.discount_type,
    discount_value: reward.discount_value,
    points_spent: reward.points_spent,
    status: reward.status,
    expires_at: reward.expires_at?.toISOString() ?? null,
    created_at: reward.created_at.toISOString(),
    ...(reward.platform ? codeStatusFields(reward.platform) : {}),
  };
}
