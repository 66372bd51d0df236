/** How the program's codes stand on the shop's platform, for the storefront and the console. */
import type { Db } from '../../../db/connection.ts';
import type { CodeState } from './tables.ts';

/** A code's platform side as the storefront and the console show it. */
export interface CodeStatus {
  /** null: the store has no platform connection (the code lives in the program only) */
  state: CodeState | null;
  /** the address that applies the code to the shopper's cart, once the platform has it */
  apply_url: string | null;
  /** why the platform refused it, or why it waits ("Reconnect your shop…") */
  error: string | null;
}

export const NO_PLATFORM: CodeStatus = { state: null, apply_url: null, error: null };

/** The platform side of these rewards' codes, by reward id (a reward missing from the map has none). */
export async function rewardCodeStatuses(db: Db, storeId: number, rewardIds: number[]): Promise<Map<number, CodeStatus>> {
  if (rewardIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('reward_codes')
    .select(['reward_id', 'state', 'apply_url', 'error'])
    .where('store_id', '=', storeId)
    .where('reward_id', 'in', rewardIds)
    .execute();
  return new Map(rows.map((row) => [Number(row.reward_id), { state: row.state, apply_url: row.apply_url, error: row.error }]));
}

/** The platform side of a referral friend's coupon (NO_PLATFORM when the store has none). */
export async function friendCodeStatus(db: Db, storeId: number, referralId: number): Promise<CodeStatus> {
  const row = await db
    .selectFrom('reward_codes')
    .select(['state', 'apply_url', 'error'])
    .where('store_id', '=', storeId)
    .where('referral_id', '=', referralId)
    .executeTakeFirst();
  return row ?? NO_PLATFORM;
}

/** A code's platform side as the storefront API answers it beside the code (a redemption's, a friend coupon's). */
export const codeStatusFields = (status: CodeStatus) => ({ platform_state: status.state, platform_error: status.error, apply_url: status.apply_url });

/** What the shopper reads of a code's platform side (the renderers' MemberReward fields); nothing without a platform. */
export function shopperCodeStatus(status: CodeStatus | undefined): {
  platform?: 'preparing' | 'ready' | 'refused';
  applyUrl?: string;
  platformError?: string;
} {
  if (status?.state === 'preparing') return { platform: 'preparing' };
  if (status?.state === 'created') return { platform: 'ready', ...(status.apply_url ? { applyUrl: status.apply_url } : {}) };
  if (status?.state === 'refused') return { platform: 'refused', ...(status.error ? { platformError: status.error } : {}) };
  return {};
}

/** Rewards with their code's platform side beside them (`platform`: NO_PLATFORM when the store has none). */
export async function withCodeStatuses<T extends { id: number }>(db: Db, storeId: number, rewards: T[]): Promise<Array<T & { platform: CodeStatus }>> {
  const statuses = await rewardCodeStatuses(
    db,
    storeId,
    rewards.map((reward) => reward.id),
  );
  return rewards.map((reward) => ({ ...reward, platform: statuses.get(reward.id) ?? NO_PLATFORM }));
}
