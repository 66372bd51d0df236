import { sql } from 'kysely';
import type { Db } from '../../db/connection.ts';
import { orderRuleConfig } from '../rules/contract/earning-rules.ts';
import { PLATFORM_STATUSES, type OrderStatusSettings } from '../rules/contract/order-statuses.ts';

/** The order status settings: the statuses each platform sends, and which award and cancel (read from the oldest order earning rule). */
export async function readOrderStatusSettings(db: Db, storeId: number) {
  const rules = await db.selectFrom('earning_rules').select('config').where('store_id', '=', storeId).where('type', '=', 'order').orderBy('id').execute();
  const config = orderRuleConfig.parse(rules[0]?.config ?? {});
  const statuses: Record<string, string[]> = Object.fromEntries(Object.entries(PLATFORM_STATUSES).map(([platform, list]) => [platform, [...list]]));
  return { statuses, award_statuses: config.award_statuses, cancel_statuses: config.cancel_statuses, order_rules: rules.length };
}

/** Saves the statuses on every order earning rule of the store (orders processed from now on follow them); how many rules. */
export async function saveOrderStatusSettings(db: Db, storeId: number, settings: OrderStatusSettings, now: Date): Promise<number> {
  const patch = JSON.stringify(settings);
  const rows = await db
    .updateTable('earning_rules')
    .set((eb) => ({ config: sql<string>`${eb.ref('config')} || ${patch}::jsonb`, updated_at: now }))
    .where('store_id', '=', storeId)
    .where('type', '=', 'order')
    .returning('id')
    .execute();
  return rows.length;
}
