import { sql } from 'kysely';
import type { Executor } from '../../domain/ledger/index.ts';
import { orderRuleConfig } from './contract/earning-rules.ts';
import type { ImpactPreview, ImpactPreviewBody } from './contract/impact-preview.ts';
import { redeemConfig } from './contract/redeem-rules.ts';
import { storeExpiryDays } from './expiry.ts';

const DAY = 86_400_000;
export const PREVIEW_DAYS = 90;

/** The earning rule to replay: the one given, or the store's first active order rule. */
async function earningOf(db: Executor, storeId: number, given: ImpactPreviewBody['earning']) {
  if (given) return given;
  const rule = await db
    .selectFrom('earning_rules')
    .select(['points', 'config'])
    .where('store_id', '=', storeId)
    .where('type', '=', 'order')
    .where('status', '=', 'active')
    .orderBy('id')
    .executeTakeFirst();
  if (!rule) return { mode: 'fixed' as const, points: 0, per_amount_minor: 100 };
  const config = orderRuleConfig.parse(rule.config ?? {});
  return { mode: config.mode, points: rule.points, per_amount_minor: config.per_amount_minor };
}

/** The reward cost to count with and what a point is worth: the reward given, or the store's active ways to redeem. */
async function rewardOf(db: Executor, storeId: number, given: ImpactPreviewBody['redeem']) {
  const rules = await db
    .selectFrom('redeem_rules')
    .select(['type', 'points_cost', 'discount_value', 'config'])
    .where('store_id', '=', storeId)
    .where('status', '=', 'active')
    .execute();
  const values = rules.map((rule) => {
    if (rule.type === 'fixed_amount' && rule.points_cost > 0) return rule.discount_value / rule.points_cost;
    const config = redeemConfig.safeParse(rule.config);
    if (rule.type === 'variable' && config.success && config.data.points_per_step && config.data.step_value_minor)
      return config.data.step_value_minor / config.data.points_per_step;
    return 0;
  });
  if (given?.value_minor) values.push(given.value_minor / given.points_cost);
  const costs = rules.filter((rule) => rule.type !== 'variable' && rule.points_cost > 0).map((rule) => rule.points_cost);
  const best = Math.max(0, ...values);
  return { cost: given?.points_cost ?? (costs.length ? Math.min(...costs) : null), pointValue: best > 0 ? best : null };
}

/**
 * What a changed order rule, reward or expiry would have done over the store's last 90 days of
 * orders (the console's order list: totals of orders with a customer, cancelled and refunded left
 * out), beside what the ledger recorded. Two aggregate queries, whatever the number of orders.
 */
export async function previewImpact(db: Executor, storeId: number, body: ImpactPreviewBody, now: Date): Promise<ImpactPreview> {
  const since = new Date(now.getTime() - PREVIEW_DAYS * DAY);
  const [earning, reward, storeExpiry, store] = await Promise.all([
    earningOf(db, storeId, body.earning),
    rewardOf(db, storeId, body.redeem),
    body.expiry_days === undefined ? storeExpiryDays(db, storeId) : Promise.resolve(body.expiry_days),
    db.selectFrom('stores').select('settings').where('id', '=', storeId).executeTakeFirstOrThrow(),
  ]);
  const currency = (store.settings as { currency?: string }).currency || 'USD';
  const expiryCut = storeExpiry === null ? since : new Date(now.getTime() - storeExpiry * DAY);
  const perOrder =
    earning.mode === 'fixed'
      ? sql<number>`case when total_minor > 0 then ${earning.points}::int else 0 end`
      : sql<number>`(total_minor / ${earning.per_amount_minor}::int) * ${earning.points}::int`;
  const cost = reward.cost ?? 0;
  const [totals, issued] = await Promise.all([
    sql<{
      orders: string | number | null;
      customers: string | number;
      points: string | number | null;
      expired: string | number | null;
      affordable: string | number | null;
    }>`
      with per_customer as (
        select customer_id, count(*) as orders, sum(${perOrder}) as points, coalesce(sum(${perOrder}) filter (where placed_at < ${expiryCut}::timestamptz), 0) as expired
        from orders
        where store_id = ${storeId}::int and placed_at >= ${since}::timestamptz and placed_at < ${now}::timestamptz
          and customer_id is not null and status not in ('cancelled', 'refunded')
        group by customer_id
      )
      select sum(orders) as orders, count(*) as customers, sum(points) as points, sum(expired) as expired,
        sum(case when ${cost}::int > 0 then floor((points - expired) / ${cost}::int) else 0 end) as affordable
      from per_customer`.execute(db),
    db
      .selectFrom('ledger_entries')
      .select((eb) => eb.fn.coalesce(eb.fn.sum<number>(sql`points + pending_points`), sql<number>`0`).as('points'))
      .where('store_id', '=', storeId)
      .where('type', '=', 'order_earn')
      .where('created_at', '>=', since)
      .executeTakeFirstOrThrow(),
  ]);
  const row = totals.rows[0];
  const points = Number(row?.points ?? 0);
  const expired = Number(row?.expired ?? 0);
  return {
    days: PREVIEW_DAYS,
    orders: Number(row?.orders ?? 0),
    customers: Number(row?.customers ?? 0),
    points_issued_now: Number(issued.points),
    points_issued: points,
    points_expired: expired,
    rewards_affordable: reward.cost === null ? null : Number(row?.affordable ?? 0),
    point_value_minor: reward.pointValue,
    liability_minor: reward.pointValue === null ? null : Math.round((points - expired) * reward.pointValue),
    currency,
  };
}
