/**
 * The one way a code the program gives a shopper reaches the shop's discounts: called in the
 * transaction that gives it (the redemption that spends the points, the referral that earns the
 * coupon), it records the code as `preparing` and queues the job that creates it on the platform,
 * keyed by the reward, so a code is created once however often it is called. A store without a
 * platform connection is left as it was: no row, no job.
 */
import type { Db } from '../../../db/connection.ts';
import { json } from '../../../db/normalize.ts';
import { enqueueJob } from '../../../domain/jobs/index.ts';
import type { Platform } from '../tables.ts';
import type { CodeSpec } from './tables.ts';

export const CREATE_CODE_JOB = 'platforms.create-code';
export const DEACTIVATE_CODE_JOB = 'platforms.deactivate-code';
/** Attempts before a code that keeps failing is given up (its points come back). */
export const CREATE_CODE_ATTEMPTS = 8;

/** A reward the program gave (the rules' reward row: the fields its code is made of). */
export interface GivenReward {
  id: number;
  store_id: number;
  customer_id: number;
  code: string;
  title: string;
  discount_type: string;
  discount_value: number;
  config: Record<string, unknown>;
  expires_at: Date | null;
}

/** What a reward or a friend coupon gives, as the program describes it. */
export interface GivenCode {
  storeId: number;
  code: string;
  title: string;
  discountType: string;
  /** minor units for a fixed amount, a percentage 1–100 */
  discountValue: number;
  config: Record<string, unknown>;
  expiresAt: Date | null;
  customerId: number | null;
}

/** The platform a store is linked to (also while it waits for a reconnect), or null. */
async function linkedPlatform(trx: Db, storeId: number): Promise<Platform | null> {
  const row = await trx
    .selectFrom('platform_connections')
    .select('platform')
    .where('store_id', '=', storeId)
    .where('status', 'in', ['connected', 'reconnect'])
    .executeTakeFirst();
  return row?.platform ?? null;
}

const strings = (value: unknown): string[] => (Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string') : []);

async function specOf(trx: Db, given: GivenCode): Promise<CodeSpec> {
  const store = await trx.selectFrom('stores').select('settings').where('id', '=', given.storeId).executeTakeFirstOrThrow();
  const customer =
    given.customerId === null ? undefined : await trx.selectFrom('customers').select('external_id').where('id', '=', given.customerId).executeTakeFirst();
  const config = given.config;
  const freeProduct = typeof config.free_product_id === 'string' ? [config.free_product_id] : strings(config.product_ids);
  const discount: CodeSpec['discount'] =
    given.discountType === 'percentage'
      ? { type: 'percentage', percent: given.discountValue }
      : given.discountType === 'free_shipping'
        ? { type: 'free_shipping' }
        : given.discountType === 'free_product'
          ? { type: 'free_product', productIds: freeProduct }
          : { type: 'fixed_amount', amount: given.discountValue };
  const minimum = typeof config.min_order_minor === 'number' && config.min_order_minor > 0 ? config.min_order_minor : null;
  return {
    title: given.title,
    discount,
    currency: (store.settings as { currency?: string }).currency || 'USD',
    minimumSubtotal: minimum,
    productIds: discount.type === 'free_product' ? [] : strings(config.product_ids),
    collectionIds: strings(config.collection_ids),
    customerPlatformId: customer?.external_id ?? null,
    endsAt: given.expiresAt?.toISOString() ?? null,
  };
}

/**
 * Queues the creation of a reward's code on the store's platform, in `trx` (the transaction that
 * gives the reward). Answers whether the store has a platform (false: nothing was queued).
 */
export async function queueRewardCode(trx: Db, reward: GivenReward, now: Date): Promise<boolean> {
  const given: GivenCode = {
    storeId: reward.store_id,
    code: reward.code,
    title: reward.title,
    discountType: reward.discount_type,
    discountValue: reward.discount_value,
    config: reward.config,
    expiresAt: reward.expires_at,
    customerId: reward.customer_id,
  };
  return queueCode(trx, given, { reward_id: reward.id, key: `reward:${reward.id}` }, now);
}

/** The same for a referral's friend coupon (a code with no reward row: the friend may not be a member yet). */
export async function queueFriendCode(trx: Db, referralId: number, given: GivenCode, now: Date): Promise<boolean> {
  return queueCode(trx, given, { referral_id: referralId, key: `referral:${referralId}` }, now);
}

async function queueCode(
  trx: Db,
  given: GivenCode,
  owner: { reward_id: number; key: string } | { referral_id: number; key: string },
  now: Date,
): Promise<boolean> {
  const platform = await linkedPlatform(trx, given.storeId);
  if (!platform) return false;
  const { key, ...ownerColumn } = owner;
  const row = await trx
    .insertInto('reward_codes')
    .values({
      store_id: given.storeId,
      ...ownerColumn,
      code: given.code,
      platform,
      spec: json(await specOf(trx, given)),
      created_at: now,
      updated_at: now,
    })
    .onConflict((conflict) => conflict.column('reward_id' in ownerColumn ? 'reward_id' : 'referral_id').doNothing())
    .returning('id')
    .executeTakeFirst();
  if (row) await enqueueJob(trx, { kind: CREATE_CODE_JOB, storeId: given.storeId, payload: { codeId: row.id }, key, maxAttempts: CREATE_CODE_ATTEMPTS }, now);
  return true;
}

/**
 * A rollback or an expiry: the rewards' codes stop working on the platform too. A code the
 * platform has is deactivated by its own job; one it does not have yet is cancelled (the creation
 * job, finding it cancelled, creates nothing, or deactivates what it created meanwhile).
 */
export async function retireRewardCodes(trx: Db, rewardIds: number[], now: Date): Promise<void> {
  if (rewardIds.length === 0) return;
  await trx
    .updateTable('reward_codes')
    .set({ state: 'cancelled', updated_at: now })
    .where('reward_id', 'in', rewardIds)
    .where('state', '=', 'preparing')
    .execute();
  const created = await trx
    .updateTable('reward_codes')
    .set({ state: 'deactivating', updated_at: now })
    .where('reward_id', 'in', rewardIds)
    .where('state', '=', 'created')
    .returning(['id', 'store_id', 'reward_id'])
    .execute();
  for (const row of created) await queueDeactivation(trx, row.store_id, row.id, `reward:${row.reward_id}`, now);
}

export async function queueDeactivation(trx: Db, storeId: number, codeId: number, key: string, now: Date): Promise<void> {
  await enqueueJob(trx, { kind: DEACTIVATE_CODE_JOB, storeId, payload: { codeId }, key, maxAttempts: CREATE_CODE_ATTEMPTS }, now);
}
