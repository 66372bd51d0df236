import type { Executor, Scope } from '../../domain/ledger/index.ts';
import { retireRewardCodes } from '../platforms/index.ts';
import { RedeemError } from './errors.ts';
import type { Reward } from './tables.ts';

/** Whether an unused reward's code has passed its expiry (the job may not have marked it yet). */
function isPastExpiry(reward: Pick<Reward, 'status' | 'expires_at'>, now: Date): boolean {
  return reward.status === 'expired' || (reward.status === 'active' && reward.expires_at !== null && reward.expires_at.getTime() <= now.getTime());
}

const rewardExpiredError = (reward: Pick<Reward, 'expires_at'>) =>
  new RedeemError(
    409,
    `This reward expired on ${reward.expires_at?.toISOString().slice(0, 10) ?? 'an earlier date'}; its code no longer works and its points are not given back.`,
    'reward_expired',
  );

/**
 * Marks unused rewards past their expiry `expired`: the coupon code stops working. The points
 * spent on them are NOT given back — the industry norm (Smile, Yotpo, LoyaltyLion): the member
 * chose to turn points into a reward and let it lapse. No ledger entry is written, so balances
 * and `ledger:verify` are untouched. Idempotent; the job runs it for everyone, reads for one member.
 */
export async function expireDueRewards(db: Executor, now: Date, scope: Scope = {}): Promise<number> {
  let query = db
    .updateTable('rewards')
    .set({ status: 'expired', updated_at: now })
    .where('status', '=', 'active')
    .where('expires_at', 'is not', null)
    .where('expires_at', '<=', now);
  if (scope.storeId !== undefined) query = query.where('store_id', '=', scope.storeId);
  if (scope.customerId !== undefined) query = query.where('customer_id', '=', scope.customerId);
  const rows = await query.returning('id').execute();
  // their codes stop working on the shop's platform too (the platform's own end date, the same expiry, backs this up)
  await retireRewardCodes(
    db,
    rows.map((row) => row.id),
    now,
  );
  return rows.length;
}

/** Why a reward's code cannot be used now, or null when it can. */
export function useRefusal(reward: Reward, now: Date): RedeemError | null {
  if (reward.status === 'used') return new RedeemError(409, 'This reward was already used at checkout.', 'reward_used');
  if (reward.status === 'rolled_back') return new RedeemError(409, 'This reward was refunded: its code no longer works.', 'reward_rolled_back');
  if (isPastExpiry(reward, now)) return rewardExpiredError(reward);
  return null;
}

/** A checkout uses a reward's code (platform integrations call this): refused when used, refunded or expired. */
export async function useRewardCode(db: Executor, storeId: number, code: string, now: Date): Promise<Reward> {
  const reward = await db.selectFrom('rewards').selectAll().where('store_id', '=', storeId).where('code', '=', code.trim().toUpperCase()).executeTakeFirst();
  if (!reward) throw new RedeemError(404, 'No reward has this code.', 'not_found');
  const refusal = useRefusal(reward, now);
  if (refusal) throw refusal;
  const used = await db
    .updateTable('rewards')
    .set({ status: 'used', used_at: now, updated_at: now })
    .where('id', '=', reward.id)
    .where('status', '=', 'active')
    .returningAll()
    .executeTakeFirst();
  // a concurrent checkout took it between the read and the update
  if (!used) throw new RedeemError(409, 'This reward was already used at checkout.', 'reward_used');
  return used;
}
