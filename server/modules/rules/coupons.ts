import { json } from '../../db/normalize.ts';
import type { Executor } from '../../domain/ledger/index.ts';
import type { Coupon, RuleStatus } from './tables.ts';

/** A coupon definition the program gives (referral rewards, perks…), as validated by the API. */
export interface CouponFields {
  title: string;
  discount_type: string;
  discount_value: number;
  status: RuleStatus;
  config: Record<string, unknown>;
}

export async function createCoupon(db: Executor, storeId: number, { config, ...fields }: CouponFields, now: Date): Promise<Coupon> {
  return db
    .insertInto('coupons')
    .values({ store_id: storeId, ...fields, config: json(config), created_at: now, updated_at: now })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function findCoupon(db: Executor, storeId: number, id: number): Promise<Coupon | undefined> {
  return db.selectFrom('coupons').selectAll().where('id', '=', id).where('store_id', '=', storeId).executeTakeFirst();
}

export async function updateCoupon(db: Executor, storeId: number, id: number, { config, ...fields }: CouponFields, now: Date): Promise<Coupon | undefined> {
  return db
    .updateTable('coupons')
    .set({ ...fields, config: json(config), updated_at: now })
    .where('id', '=', id)
    .where('store_id', '=', storeId)
    .returningAll()
    .executeTakeFirst();
}

/** false when the store has no such coupon */
export async function deleteCoupon(db: Executor, storeId: number, id: number): Promise<boolean> {
  return (await db.deleteFrom('coupons').where('id', '=', id).where('store_id', '=', storeId).returning('id').executeTakeFirst()) !== undefined;
}

/** The store's coupons, newest first, paged (`status` filters; 'all' or none lists both). */
export async function listCoupons(db: Executor, storeId: number, options: { status?: 'active' | 'inactive' | 'all'; limit?: number; offset?: number } = {}) {
  let query = db.selectFrom('coupons').where('store_id', '=', storeId);
  if (options.status && options.status !== 'all') query = query.where('status', '=', options.status);
  const [rows, count] = await Promise.all([
    query
      .selectAll()
      .orderBy('id', 'desc')
      .limit(options.limit ?? 100)
      .offset(options.offset ?? 0)
      .execute(),
    query.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.n) };
}
