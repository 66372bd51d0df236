import { json } from '../../db/normalize.ts';
import type { Executor } from '../../domain/ledger/index.ts';
import type { DiscountBody } from './contract.ts';
import { VipError } from './ladder.ts';
import type { Discount } from './tables.ts';

export type DiscountStatus = 'active' | 'inactive' | 'all';

async function checkTiers(db: Executor, storeId: number, tierIds: number[]): Promise<void> {
  const found = await db.selectFrom('vip_tiers').select('id').where('store_id', '=', storeId).where('id', 'in', tierIds).execute();
  if (found.length !== new Set(tierIds).size) throw new VipError(422, 'Choose tiers of this store.', 'validation_failed', 'tier_ids');
}

const values = (body: DiscountBody, now: Date) => ({
  title: body.title,
  status: body.status,
  discount_type: body.discount_type,
  discount_value: body.discount_type === 'free_shipping' ? 0 : body.discount_value,
  min_order_minor: body.min_order_minor,
  tier_ids: json([...new Set(body.tier_ids)]),
  starts_at: body.starts_at,
  ends_at: body.ends_at,
  updated_at: now,
});

export async function listDiscounts(db: Executor, storeId: number, status: DiscountStatus): Promise<Discount[]> {
  let query = db.selectFrom('discounts').selectAll().where('store_id', '=', storeId);
  if (status !== 'all') query = query.where('status', '=', status);
  return query.orderBy('id', 'desc').limit(500).execute();
}

export const findDiscount = (db: Executor, storeId: number, id: number) =>
  db.selectFrom('discounts').selectAll().where('store_id', '=', storeId).where('id', '=', id).executeTakeFirst();

export async function createDiscount(db: Executor, storeId: number, body: DiscountBody, now: Date): Promise<Discount> {
  await checkTiers(db, storeId, body.tier_ids);
  return db
    .insertInto('discounts')
    .values({ store_id: storeId, ...values(body, now) })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function updateDiscount(db: Executor, storeId: number, id: number, body: DiscountBody, now: Date): Promise<Discount | undefined> {
  if (!(await findDiscount(db, storeId, id))) return undefined;
  await checkTiers(db, storeId, body.tier_ids);
  return db.updateTable('discounts').set(values(body, now)).where('store_id', '=', storeId).where('id', '=', id).returningAll().executeTakeFirst();
}

/** The spec's "VIP privilege delete". */
export async function deleteDiscount(db: Executor, storeId: number, id: number): Promise<boolean> {
  const result = await db.deleteFrom('discounts').where('store_id', '=', storeId).where('id', '=', id).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

/** The active discounts a tier gets now (the shopper API and the storefront show them). */
export async function discountsOfTier(db: Executor, storeId: number, tierId: number, now: Date): Promise<Discount[]> {
  const active = await listDiscounts(db, storeId, 'active');
  return active.filter(
    (discount) =>
      discount.tier_ids.includes(tierId) &&
      (discount.starts_at === null || discount.starts_at.getTime() <= now.getTime()) &&
      (discount.ends_at === null || discount.ends_at.getTime() > now.getTime()),
  );
}

export function describeDiscount(discount: Pick<Discount, 'discount_type' | 'discount_value' | 'title'>, currency = 'USD'): string {
  if (discount.discount_type === 'percentage') return `${discount.discount_value}% off every order`;
  if (discount.discount_type === 'free_shipping') return 'Free shipping on every order';
  const amount = new Intl.NumberFormat('en-US', { style: 'currency', currency }).format(discount.discount_value / 100);
  return `${amount} off every order`;
}
